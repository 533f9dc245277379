/**
 * The sync worker's whole surface (one typed interface): workers/sync.worker.ts implements it,
 * src/sync/syncClient.ts calls it. DOM-free so both the app and the worker compile it.
 */
export interface SyncStartOptions {
  collegeSlug: string;
  userId: string;
  token: string;
  /** The page's origin; the API is same-origin (the server picks the college by Host). */
  origin: string;
}

export type SyncReason = 'start' | 'focus' | 'visible' | 'online' | 'mutation' | 'user' | 'poke' | 'poll' | 'retry' | 'token' | 'outbox';

export interface SyncWorkerApi {
  /** Opens the user's database and syncs while this worker holds the device's sync lock. */
  start(options: SyncStartOptions): Promise<void>;
  /** A new token; resumes a queue paused by a 401. */
  setToken(token: string): Promise<void>;
  /** Pull, then push; coalesced with a run in progress. */
  syncNow(reason: SyncReason): Promise<void>;
  /** Stops syncing, releases the lock and closes the database (before it is deleted). */
  stop(): Promise<void>;
}

/** The worker posts this once its API is exposed; calls wait for it. */
export const workerReadyMessage = 'patio-sync-ready';
