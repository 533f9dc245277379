import { sql } from 'drizzle-orm';
import type { Database } from './client';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Reserves one try of a limited action (a password, a PIN) before its slow check: in one
 * transaction holding a lock on `key`, counts the tries already kept and, when fewer than
 * `limit`, keeps this one (`keep`). Answers false, keeping nothing, when the limit is
 * reached. The lock is PostgreSQL's transaction-level advisory lock, on PGlite and on a
 * shared PostgreSQL alike, so simultaneous tries of one key, in any number of processes,
 * are counted one after another and at most `limit` of them are ever checked
 * (docs/limits.md).
 */
export function reserveTry(
  db: Database,
  key: string,
  limit: number,
  { count, keep }: { count: (tx: Transaction) => Promise<number>; keep: (tx: Transaction) => Promise<unknown> },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    if ((await count(tx)) >= limit) return false;
    await keep(tx);
    return true;
  });
}
