import { Dexie, liveQuery } from 'dexie';
import { databaseName, PatioDb } from './database';

export { liveQuery };

/** Opens (lazily: Dexie opens on first use) the database of one user of one college. */
export function openPatioDb(collegeSlug: string, userId: string): PatioDb {
  return new PatioDb(databaseName(collegeSlug, userId));
}

/**
 * Deletes a user's local database. Other open connections (other tabs, the sync worker)
 * close themselves on the `versionchange` this causes (Dexie's default), so it is not
 * blocked by them.
 */
export async function deletePatioDb(collegeSlug: string, userId: string): Promise<void> {
  await Dexie.delete(databaseName(collegeSlug, userId));
}

/** The number of changes not answered by the server yet (queued, sending or needing attention). */
export async function countUnsent(collegeSlug: string, userId: string): Promise<number> {
  const name = databaseName(collegeSlug, userId);
  if (!(await Dexie.exists(name))) return 0;
  const db = new PatioDb(name);
  try {
    return await db.outbox.count();
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
