import { useMemo } from 'react';
import { useDb } from '../../db/DbProvider';
import { contactsDb, type ContactsDb } from './contactsDb';

/** The signed-in user's database with the contacts tables typed. */
export function useContactsDb(): ContactsDb {
  const db = useDb();
  return useMemo(() => contactsDb(db), [db]);
}
