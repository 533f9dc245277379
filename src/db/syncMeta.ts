/**
 * What the sync worker writes to the `meta` table, and every tab's UI reads. `updating`: the
 * server does not serve this app's protocol version (docs/sync.md, "Versions"); nothing is
 * sent until a new version of the app runs.
 */
export type SyncPhase = 'starting' | 'initial' | 'idle' | 'pulling' | 'pushing' | 'offline' | 'paused' | 'updating' | 'error';

export interface SyncStatusMeta {
  phase: SyncPhase;
  /** Changes received by the current initial sync (shown as its progress). */
  received: number;
  lastSyncedAt: string | null;
  /** Why the last run failed, for the console and support (never shown raw). */
  error?: string;
}

export const metaKeys = {
  /** The opaque pull cursor; absent before the first page and after a reset. */
  cursor: 'cursor',
  status: 'syncStatus',
  /**
   * Written once, with the last page of the initial sync; removed by a reset. Screens read
   * it (not the status, which changes with every page) before saying "nothing here".
   */
  firstSyncDone: 'firstSyncDone',
  /**
   * The entities whose rows the stored cursor stands for: those the app knew when its
   * feed began, and those a catch-up brought in since (src/sync/engine/pull.ts). An entity
   * of the registry not in it came with an app update; the feed skipped its rows until then.
   */
  syncedEntities: 'syncedEntities',
  /** A catch-up under way: `{ entities, cursor }` (its own feed, resumed after a crash). */
  catchUp: 'catchUp',
  /** This device's id for the push requests (per database). */
  clientId: 'clientId',
} as const;

export const initialSyncStatus: SyncStatusMeta = { phase: 'starting', received: 0, lastSyncedAt: null };

export function asSyncStatus(value: unknown): SyncStatusMeta {
  if (!value || typeof value !== 'object') return initialSyncStatus;
  return { ...initialSyncStatus, ...(value as Partial<SyncStatusMeta>) };
}
