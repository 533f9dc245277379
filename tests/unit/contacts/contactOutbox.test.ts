import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../src/db/database';
import { contactsUi } from '../../../src/features/contacts/ui';
import { createContact, deleteContact } from '../../../src/features/contacts/contactWrites';
import { aContact, contactsUser, storeContacts } from './contactsTestKit';

const presenter = contactsUi.outbox!;

const entry = (overrides: Partial<OutboxEntry>): OutboxEntry => ({
  id: 'm-1',
  seq: 7,
  name: 'contacts.create',
  args: {},
  entity: 'contacts',
  entityId: 'c-1',
  status: 'attention',
  attempts: 1,
  createdAt: '2026-11-26T12:00:00.000Z',
  ...overrides,
});

describe('the directory’s changes in the outbox', () => {
  it('names each change by its contact, and sends a refused create or edit to the form that fixes it', () => {
    expect(presenter.label(i18n, entry({ args: { name: 'Biblioteca' } }), '')).toBe('New contact: Biblioteca');
    expect(presenter.label(i18n, entry({ name: 'contacts.update', args: { name: 'Biblioteca CRA' } }), 'Biblioteca')).toBe('Edited contact: Biblioteca CRA');
    expect(presenter.label(i18n, entry({ name: 'contacts.delete', args: { id: 'c-1' } }), 'Portería')).toBe('Deleted contact: Portería');
    expect(presenter.label(i18n, entry({ name: 'contacts.delete', args: { id: 'c-1' } }), '')).toBe('Deleted contact');
    expect(presenter.fixHref!(entry({}))).toBe('/admin/contacts/c-1/edit?resend=7');
    expect(presenter.fixHref!(entry({ name: 'contacts.delete' }))).toBeNull();
    expect(presenter.itemHref!(entry({ name: 'contacts.update' }))).toBe('/admin/contacts/c-1');
  });

  it('finds the names of the contacts its entries are about, a deleted one by its before-image', async () => {
    const { user, db } = await contactsUser('admin');
    const nurse = aContact({ name: 'Enfermería' });
    await storeContacts(db, [nurse]);
    const { id } = await createContact(
      db,
      { name: 'Biblioteca', title: '', place_id: null, email: '', phone: '', notes: '', visibility: 'all' },
      user.college_id,
    );
    const removal = await deleteContact(db, nurse.id);
    const entries = await db.outbox.toArray();
    const titles = await presenter.titles!(db, entries);
    expect(titles.get(id)).toBe('Biblioteca');
    const deleted = (await db.outbox.get(removal))!;
    expect(presenter.label(i18n, deleted, titles.get(nurse.id) ?? '')).toBe('Deleted contact: Enfermería');
  });
});
