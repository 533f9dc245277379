import { useMemo } from 'react';
import { useDb } from '../../db/DbProvider';
import { messengerDb, type MessengerDb } from './messengerDb';

/** The signed-in user's database with the messenger tables typed. */
export function useMessengerDb(): MessengerDb {
  const db = useDb();
  return useMemo(() => messengerDb(db), [db]);
}
