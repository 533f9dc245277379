import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { Storage } from '../storage/storage';

/**
 * Removes the avatar files of deleted members (a delete keeps the key on the row until the
 * file is gone: a pushed delete has no storage at hand, and a file must not go before its
 * row's transaction commits). Run after a REST delete and every minute.
 */
export async function sweepRemovedAvatars(db: Database, storage: Storage): Promise<number> {
  const rows = await db
    .select({ id: users.id, avatar: users.avatar })
    .from(users)
    .where(and(isNotNull(users.removedAt), isNotNull(users.avatar)))
    .limit(200);
  for (const row of rows) {
    await storage.delete(row.avatar!);
    // The row is a tombstone for administrators: no new change number.
    await db
      .update(users)
      .set({ avatar: null })
      .where(and(eq(users.id, row.id), eq(users.avatar, row.avatar!)));
  }
  return rows.length;
}

export function sweepAvatarsEveryMinute(db: Database, storage: Storage, log: FastifyBaseLogger): { sweep: () => Promise<void>; stop: () => void } {
  const sweep = () =>
    sweepRemovedAvatars(db, storage).then(
      () => undefined,
      (error: unknown) => log.warn({ err: error }, 'removing deleted members’ avatars failed'),
    );
  const timer = setInterval(() => void sweep(), 60_000);
  timer.unref();
  return { sweep, stop: () => clearInterval(timer) };
}
