import type { ContactFields, ContactRow, CreateContactArgs, UpdateContactArgs } from '../../../contract/contacts';
import { uuidv7 } from '../../../contract/ids';
import { removeWords, writeWords } from '../../db/searchIndex';
import { resend } from '../../sync/hooks';
import { mutate } from '../../sync/mutate';
import type { ContactsDb } from './contactsDb';
import { contactsSearch } from './contactWords';

/**
 * Every local change to the directory: one `mutate` each, so the optimistic row, its words
 * and its outbox entry are written in one Dexie transaction (src/sync/mutate.ts). Only
 * administrators reach these (the screens check `contacts.manage`; the server too).
 */

async function put(db: ContactsDb, row: ContactRow): Promise<void> {
  await db.contacts.put(row);
  await writeWords(db, contactsSearch, [row]);
}

async function applyEdit(db: ContactsDb, id: string, fields: ContactFields, now: Date): Promise<void> {
  const current = await db.contacts.get(id);
  if (current) await put(db, { ...current, ...fields, updated_at: now.toISOString() });
}

export async function createContact(db: ContactsDb, fields: ContactFields, collegeId: string, now = new Date()): Promise<{ id: string; seq: number }> {
  const id = uuidv7(now.getTime());
  const args: CreateContactArgs = { id, ...fields };
  const stamp = now.toISOString();
  const seq = await mutate(db, { name: 'contacts.create', args, entity: 'contacts', entityId: id }, () =>
    put(db, { id, college_id: collegeId, ...fields, created_at: stamp, updated_at: stamp }),
  );
  return { id, seq };
}

export async function updateContact(db: ContactsDb, id: string, fields: ContactFields, now = new Date()): Promise<number> {
  const args: UpdateContactArgs = { id, ...fields };
  return mutate(db, { name: 'contacts.update', args, entity: 'contacts', entityId: id }, () => applyEdit(db, id, fields, now));
}

export async function deleteContact(db: ContactsDb, id: string): Promise<number> {
  return mutate(db, { name: 'contacts.delete', args: { id }, entity: 'contacts', entityId: id }, async () => {
    await db.contacts.delete(id);
    await removeWords(db, contactsSearch, [id]);
  });
}

/**
 * Sends a refused create or edit again with the administrator's corrections: the outbox
 * entry keeps its place (with a new mutation id) and the local contact shows the fix.
 */
export async function resendContact(db: ContactsDb, seq: number, id: string, fields: ContactFields, now = new Date()): Promise<void> {
  await resend(db, seq, { id, ...fields }, () => applyEdit(db, id, fields, now));
}

/** The fields of a stored contact, as its form and `contacts.update` take them. */
export function fieldsOf(contact: ContactRow): ContactFields {
  return {
    name: contact.name,
    title: contact.title,
    place_id: contact.place_id,
    email: contact.email,
    phone: contact.phone,
    notes: contact.notes,
    visibility: contact.visibility,
  };
}
