import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { isBackground, type OutboxEntry, type OutboxStatus, type PatioDb } from '../db/database';
import { useDb } from '../db/DbProvider';
import { asSyncStatus, metaKeys, type SyncPhase } from '../db/syncMeta';
import { useOnline } from '../ui/useOnline';

export { discard, resend } from './outboxActions';
export { itemGone } from './itemGone';
export type { OutboxEntry, OutboxStatus };

export type ItemSyncState = 'queued' | 'sending' | 'attention';

export interface SyncStatusView {
  online: boolean;
  phase: SyncPhase;
  received: number;
  /** The user's changes not answered by the server yet (queued or being sent); views are not changes. */
  unsent: number;
  /** Changes the server refused, waiting for the user. */
  attention: number;
  lastSyncedAt: string | null;
  /**
   * The first download has not finished (or its state is not read yet): an empty list may
   * just not have arrived, so screens say "Downloading…", never "nothing yet".
   */
  firstSyncPending: boolean;
}

/**
 * Whether the first download has not finished yet (its last page was not stored). Read it
 * inside the same live query as the rows a screen shows, so the "nothing here" decision
 * never mixes a new state with rows read before the last page. It is one key written once,
 * so the status the worker writes with every page does not re-run those queries.
 */
export async function readFirstSyncPending(db: PatioDb): Promise<boolean> {
  return (await db.meta.get(metaKeys.firstSyncDone)) === undefined;
}

/**
 * The sync state for the app bar, from the database (written by whichever tab's worker
 * syncs), so every tab shows the same. Offline when the browser says so or the worker
 * cannot reach the server.
 */
export function useSyncStatus(): SyncStatusView {
  const db = useDb();
  const browserOnline = useOnline();
  const data = useLiveQuery(async () => {
    const [meta, pending, entries] = await Promise.all([db.meta.get(metaKeys.status), readFirstSyncPending(db), usersChanges(db)]);
    const attention = entries.filter((entry) => entry.status === 'attention').length;
    return { status: asSyncStatus(meta?.value), firstSyncPending: pending, attention, unsent: entries.length - attention };
  }, [db]);
  const status = asSyncStatus(data?.status);
  return {
    online: browserOnline && status.phase !== 'offline',
    phase: browserOnline ? status.phase : 'offline',
    received: status.received,
    unsent: data?.unsent ?? 0,
    attention: data?.attention ?? 0,
    lastSyncedAt: status.lastSyncedAt,
    firstSyncPending: data === undefined || data.firstSyncPending,
  };
}

/** The most telling state of a set of entries: attention, then sending, then queued. */
function strongest(a: ItemSyncState | undefined, b: OutboxStatus): ItemSyncState {
  const rank: Record<ItemSyncState, number> = { queued: 0, sending: 1, attention: 2 };
  return a !== undefined && rank[a] >= rank[b] ? a : b;
}

/** "Not sent" / "sending" / "needs attention" of one item, or null when it is in sync. */
export function useItemSyncState(entityId: string): ItemSyncState | null {
  const db = useDb();
  const entries = useLiveQuery(() => db.outbox.where('entityId').equals(entityId).toArray(), [db, entityId]);
  let state: ItemSyncState | undefined;
  for (const entry of entries ?? []) state = strongest(state, entry.status);
  return state ?? null;
}

/** The states of every pending item of an entity (`posts`), for lists. */
export function usePendingStates(entity: string): Map<string, ItemSyncState> {
  const db = useDb();
  const entries = useLiveQuery(() => db.outbox.toArray(), [db]);
  return useMemo(() => {
    const states = new Map<string, ItemSyncState>();
    for (const entry of entries ?? []) {
      if (entry.entity !== entity) continue;
      states.set(entry.entityId, strongest(states.get(entry.entityId), entry.status));
    }
    return states;
  }, [entries, entity]);
}

const noEntries: OutboxEntry[] = [];

/** The user's own changes in the order they are sent: background entries (views) left out. */
async function usersChanges(db: PatioDb): Promise<OutboxEntry[]> {
  return (await db.outbox.orderBy('seq').toArray()).filter((entry) => !isBackground(db, entry));
}

/** The outbox as the user sees it (the outbox screen, the nav count), in the order it is sent. */
export function useOutbox(): OutboxEntry[] {
  return useOutboxRead() ?? noEntries;
}

/** The same, `undefined` until the local database has answered (a screen saying "all sent" must wait for it). */
export function useOutboxRead(): OutboxEntry[] | undefined {
  const db = useDb();
  return useLiveQuery(() => usersChanges(db), [db]);
}

/** How many of the user's changes are not answered yet (the sign-out warning). */
export function useUnsentCount(): number {
  const db = useDb();
  return (
    useLiveQuery(async () => {
      let count = (await usersChanges(db)).length;
      // Queued uploads and the like (DataModule.unsentTables).
      for (const table of db.registry.unsentTables) count += await db.table(table).count();
      return count;
    }, [db]) ?? 0
  );
}
