import { describe, expect, it } from 'vitest';
import { createContactArgs, deleteContactArgs, updateContactArgs, type ContactFields } from '../../../contract/contacts';
import { queryContacts } from '../../../src/features/contacts/contactQueries';
import { createContact, deleteContact, updateContact } from '../../../src/features/contacts/contactWrites';
import { validateContact } from '../../../src/features/contacts/contactForm';
import { messages } from '../../../contract/messages';
import { discard } from '../../../src/sync/outboxActions';
import { aContact, contactsUser, placeIds, storeContacts } from './contactsTestKit';

const fields: ContactFields = {
  name: 'Biblioteca',
  title: 'Bibliotecaria',
  place_id: placeIds.valle,
  email: 'biblioteca@colinas.test',
  phone: '+56 2 2345 6720',
  notes: '',
  visibility: 'staff',
};

describe('the directory’s local writes', () => {
  it('creates a contact through the outbox, shown and found at once, with args the server’s schema accepts', async () => {
    const { user, db } = await contactsUser('admin');
    const { id, seq } = await createContact(db, fields, user.college_id, new Date('2026-11-26T12:00:00.000Z'));
    const entry = await db.outbox.get(seq);
    expect(entry).toMatchObject({ name: 'contacts.create', entity: 'contacts', entityId: id, status: 'queued', before: { row: null } });
    expect(createContactArgs.safeParse(entry!.args).success).toBe(true);
    expect(await db.contacts.get(id)).toMatchObject({ ...fields, id, created_at: '2026-11-26T12:00:00.000Z' });
    expect((await queryContacts(db, '6720')).map((c) => c.id)).toEqual([id]);
    // Discarding the refused create takes the contact and its words away again.
    await discard(db, seq);
    expect(await db.contacts.get(id)).toBeUndefined();
    expect(await queryContacts(db, 'biblioteca')).toEqual([]);
  });

  it('edits and deletes through the outbox, the words following the row', async () => {
    const { db } = await contactsUser('admin');
    const nurse = aContact({ name: 'Enfermería' });
    await storeContacts(db, [nurse]);
    const edit = await updateContact(db, nurse.id, { ...fields, name: 'Primeros auxilios', place_id: null, visibility: 'all' });
    expect(updateContactArgs.safeParse((await db.outbox.get(edit))!.args).success).toBe(true);
    expect((await queryContacts(db, 'auxilios')).map((c) => c.id)).toEqual([nurse.id]);
    expect(await queryContacts(db, 'enfermeria')).toEqual([]);
    const removal = await deleteContact(db, nurse.id);
    expect(deleteContactArgs.safeParse((await db.outbox.get(removal))!.args).success).toBe(true);
    expect(await db.contacts.get(nurse.id)).toBeUndefined();
    expect(await queryContacts(db, 'auxilios')).toEqual([]);
  });

  it('checks the form with the contract before anything is queued, every message on its field', () => {
    const checked = validateContact({ name: ' ', title: '', place_id: '', email: 'no-es-correo', phone: '+56 (2) abc', notes: '', visibility: 'all' });
    expect(checked).toEqual({ ok: false, errors: { name: messages.contactNameRequired, email: messages.emailInvalid, phone: messages.contactPhoneInvalid } });
    const valid = validateContact({
      name: ' Portería ',
      title: '',
      place_id: '',
      email: ' Porteria@Colinas.TEST',
      phone: '(2) 2345-6701',
      notes: '',
      visibility: 'staff',
    });
    expect(valid).toEqual({
      ok: true,
      data: { name: 'Portería', title: '', place_id: null, email: 'porteria@colinas.test', phone: '(2) 2345-6701', notes: '', visibility: 'staff' },
    });
  });
});
