import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { syncState } from '../db/schema';

/** The channel of `pg_notify`; its payload is the college id (server/sync/changeFeed.ts). */
export const syncChannel = 'patio_sync';

/** A write in progress: its transaction, its college and the stamp of its rows. */
export interface Write {
  tx: Database;
  collegeId: string;
  /** The next change number of the college: give one to every row written. */
  stamp: () => number;
}

/**
 * Runs `work` in one transaction whose first statement locks the college's counter row,
 * so the writers of one college run one after another until commit: change numbers are
 * allocated in commit order and a pull can never pass over a row that commits later with
 * a lower number (DESIGN.md sync invariant 2). Every row written gets its own number, so a
 * page boundary never splits a write. When anything was stamped, a `pg_notify` (delivered
 * on commit) pokes the college's listeners in every API process.
 *
 * Inside an open transaction (e.g. the seed) it nests as a savepoint.
 */
export async function writeInCollege<T>(db: Database, collegeId: string, work: (write: Write) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // INSERT … ON CONFLICT DO UPDATE locks the row even when it already exists, and creates
    // the counter of a college added after the migration.
    const [state] = await tx
      .insert(syncState)
      .values({ collegeId, seq: 0 })
      .onConflictDoUpdate({ target: syncState.collegeId, set: { seq: sql`${syncState.seq}` } })
      .returning({ seq: syncState.seq });
    const start = state?.seq ?? 0;
    let seq = start;
    const result = await work({ tx, collegeId, stamp: () => ++seq });
    if (seq !== start) {
      await tx.update(syncState).set({ seq }).where(eq(syncState.collegeId, collegeId));
      await tx.execute(sql`select pg_notify(${syncChannel}, ${collegeId})`);
    }
    return result;
  });
}
