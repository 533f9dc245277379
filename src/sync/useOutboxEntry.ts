import { useLiveQuery } from 'dexie-react-hooks';
import type { OutboxEntry } from '../db/database';
import { useDb } from '../db/DbProvider';

/** One outbox entry by its seq: `null` when gone, `undefined` while reading. */
export function useOutboxEntry(seq: number | null): OutboxEntry | null | undefined {
  const db = useDb();
  return useLiveQuery(async () => (seq === null ? null : ((await db.outbox.get(seq)) ?? null)), [db, seq]);
}

/** The refused changes of one item of `entity` (a post, an event), oldest first (they are fixed in that order). */
export function useAttention(entity: string, id: string): OutboxEntry[] | undefined {
  const db = useDb();
  return useLiveQuery(
    async () => (await db.outbox.where('entityId').equals(id).sortBy('seq')).filter((entry) => entry.entity === entity && entry.status === 'attention'),
    [db, entity, id],
  );
}
