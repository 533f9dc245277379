import { useMemo } from 'react';
import { useDb } from '../../db/DbProvider';
import { eventsDb, type EventsDb } from './eventsDb';

/** The signed-in user's database with the events tables typed. */
export function useEventsDb(): EventsDb {
  const db = useDb();
  return useMemo(() => eventsDb(db), [db]);
}
