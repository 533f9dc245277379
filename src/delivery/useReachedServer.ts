import { useLiveQuery } from 'dexie-react-hooks';
import { useDb } from '../db/DbProvider';

/**
 * Live: whether an item written on this device has reached the server, i.e. its create
 * (`posts.create`, `events.create`) is no longer in the outbox. False while the local
 * database has not answered: no report is asked for a row the server may not have.
 */
export function useReachedServer(id: string, createMutation: string): boolean {
  const db = useDb();
  const waiting = useLiveQuery(
    async () => (await db.outbox.where('entityId').equals(id).toArray()).some((entry) => entry.name === createMutation),
    [db, id, createMutation],
  );
  return waiting === false;
}
