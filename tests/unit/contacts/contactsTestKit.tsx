import { Route } from 'react-router-dom';
import type { User } from '../../../contract/auth';
import type { ContactRow } from '../../../contract/contacts';
import { uuidv7 } from '../../../contract/ids';
import { writeWords } from '../../../src/db/searchIndex';
import { metaKeys } from '../../../src/db/syncMeta';
import { ContactDetailScreen } from '../../../src/features/contacts/ContactDetailScreen';
import { EditContactScreen, NewContactScreen } from '../../../src/features/contacts/ContactFormScreen';
import { contactsDb, type ContactsDb } from '../../../src/features/contacts/contactsDb';
import { ContactsScreen } from '../../../src/features/contacts/ContactsScreen';
import { contactsSearch } from '../../../src/features/contacts/contactWords';
import { renderRoutes, seedReferenceData, signInAs } from '../posts/postsTestKit';

/** The two places of the test college (ids are UUIDs, as the contract wants). */
export const placeIds = { alta: '0199a000-0000-7000-8000-000000000001', valle: '0199a000-0000-7000-8000-000000000002' };

/** A signed-in member with a fresh local database, two places and the first download done. */
export async function contactsUser(role: User['role']): Promise<{ user: User; db: ContactsDb }> {
  const { user, db } = await signInAs(role);
  await seedReferenceData(db);
  await db.places.bulkPut([
    { id: placeIds.alta, name: 'Sede Alta', address: 'Camino Las Colinas 850' },
    { id: placeIds.valle, name: 'Sede Valle', address: 'Av. Vicuña Mackenna 7110' },
  ]);
  await db.meta.put({ key: metaKeys.firstSyncDone, value: true });
  return { user, db: contactsDb(db) };
}

/** A contact as synced. */
export function aContact(overrides: Partial<ContactRow> = {}): ContactRow {
  return {
    id: uuidv7(),
    college_id: 'college-1',
    name: 'Secretaría',
    title: 'Atención de apoderados',
    place_id: placeIds.alta,
    email: 'secretaria@colinas.test',
    phone: '+56 2 2345 6789',
    notes: 'Lunes a viernes, 8:00 a 17:00.',
    visibility: 'all',
    created_at: '2026-11-20T12:00:00.000Z',
    updated_at: '2026-11-20T12:00:00.000Z',
    ...overrides,
  };
}

/** Stores contacts with their words, as a pull page does. */
export async function storeContacts(db: ContactsDb, contacts: readonly ContactRow[]): Promise<void> {
  await db.transaction('rw', [db.contacts, db.table('contactWords'), db.table('contactTerms')], async () => {
    await db.contacts.bulkPut([...contacts]);
    await writeWords(db, contactsSearch, contacts);
  });
}

/** The directory's routes, as the app mounts them. */
export function renderContacts(userId: string, path: string) {
  return renderRoutes(
    userId,
    path,
    <>
      <Route path="/admin/contacts" element={<ContactsScreen />} />
      <Route path="/admin/contacts/create" element={<NewContactScreen />} />
      <Route path="/admin/contacts/:contact" element={<ContactDetailScreen />} />
      <Route path="/admin/contacts/:contact/edit" element={<EditContactScreen />} />
      <Route path="/app/outbox" element={<p>outbox</p>} />
    </>,
  );
}
