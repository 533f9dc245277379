import type { EntityTable } from 'dexie';
import type { ContactRow } from '../../../contract/contacts';
import type { DbWith, PatioDb } from '../../db/database';
import type { WordsRow } from '../../db/searchIndex';

/** The contacts module's tables (module.ts declares their stores). */
export interface ContactsTables {
  contacts: EntityTable<ContactRow, 'id'>;
  contactWords: EntityTable<WordsRow, 'id'>;
}

export type ContactsDb = DbWith<ContactsTables>;

/** The database with the contacts tables typed; it has them whenever the module is registered. */
export function contactsDb(db: PatioDb): ContactsDb {
  if (!db.registry.modules.some((module) => module.name === 'contacts')) throw new Error('the contacts module is not registered');
  return db as ContactsDb;
}
