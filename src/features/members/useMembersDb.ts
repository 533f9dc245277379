import { useMemo } from 'react';
import { useDb } from '../../db/DbProvider';
import { membersDb, type MembersDb } from './membersDb';

/** The signed-in user's database with the members table typed. */
export function useMembersDb(): MembersDb {
  const db = useDb();
  return useMemo(() => membersDb(db), [db]);
}
