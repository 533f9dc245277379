import { Dexie, liveQuery } from 'dexie';
import { databaseName, type OutboxEntry } from './database';

export { liveQuery };

/**
 * Deletes a user's local database and the caches that belong to it. Other open connections
 * (other tabs, the sync worker) close themselves on the `versionchange` this causes
 * (Dexie's default), so it is not blocked by them.
 */
export async function deletePatioDb(collegeSlug: string, userId: string): Promise<void> {
  const name = databaseName(collegeSlug, userId);
  await Dexie.delete(name);
  await deleteCachesOf(name);
}

/**
 * A feature that keeps bytes beside the database (documents' files, in Cache Storage)
 * names its caches after it (`<database name>-…`), so the user's files go with the user's
 * data without this core knowing the feature. No Cache Storage (an insecure origin): nothing.
 */
async function deleteCachesOf(name: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((cache) => cache === name || cache.startsWith(`${name}-`)).map((cache) => caches.delete(cache)));
}

/**
 * The number of the user's changes not answered by the server yet (queued, sending or
 * needing attention); background entries (views) are not changes of the user's. Opened as
 * it is on disk, without declaring a schema: a sign-out never upgrades a database. Views
 * queued by an app older than the `background` flag are flagged by the posts module's
 * version 3 upgrade; one that never ran counts them, which keeps the database: the safe side.
 */
export async function countUnsent(collegeSlug: string, userId: string, unsentTables: readonly string[] = []): Promise<number> {
  const name = databaseName(collegeSlug, userId);
  if (!(await Dexie.exists(name))) return 0;
  const db = new Dexie(name);
  try {
    await db.open();
    let count = 0;
    // The rows of the modules' unsent tables (queued uploads) are the member's work too.
    for (const table of db.tables) if (unsentTables.includes(table.name)) count += await table.count();
    if (!db.tables.some((table) => table.name === 'outbox')) return count;
    return (
      count +
      (await db
        .table<OutboxEntry>('outbox')
        .filter((entry) => entry.background !== true)
        .count())
    );
  } finally {
    db.close();
  }
}

/** Dexie reports a full disk as `QuotaExceededError`, sometimes wrapped (`inner`). */
export function isQuotaError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const named = e as { name?: unknown; inner?: unknown; cause?: unknown };
    if (named.name === 'QuotaExceededError') return true;
    e = named.inner ?? named.cause;
  }
  return false;
}
