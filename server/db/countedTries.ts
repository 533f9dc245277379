import { sql } from 'drizzle-orm';
import type { Database } from './client';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** One limit a try must be within: tries kept under `key` (counted by `count`) fewer than `limit`. */
export interface TryLimit {
  key: string;
  limit: number;
  count: (tx: Transaction) => Promise<number>;
}

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
  return reserveTryWithin(db, [{ key, limit, count }], keep);
}

/**
 * `reserveTry` under several limits at once (a sign-in: the account from this address, the
 * account from anywhere, this address for any account): every key is locked, in the order
 * given, and the try is kept only when it is within all of them. Callers give their keys in
 * one order of kinds (narrowest first), so two tries sharing keys lock them in the same order
 * and never wait on each other in a circle.
 */
export function reserveTryWithin(db: Database, limits: readonly TryLimit[], keep: (tx: Transaction) => Promise<unknown>): Promise<boolean> {
  return db.transaction(async (tx) => {
    for (const { key } of limits) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    for (const { limit, count } of limits) if ((await count(tx)) >= limit) return false;
    await keep(tx);
    return true;
  });
}
