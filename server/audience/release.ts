import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import type { Job } from '../jobs';
import type { SyncedEntity, SyncedTable } from '../sync/entity';
import { writeInCollege } from '../sync/writeInCollege';
import { nextAudience } from './visibility';

type ReleasableTable = SyncedTable & { releaseAt: AnyPgColumn; releaseKeys: AnyPgColumn; audienceKeys: AnyPgColumn; seenKeys: AnyPgColumn };

interface DueRow {
  id: string;
  releaseKeys: string[];
  seenKeys: string[];
}

/**
 * Rows that become visible later (a post dated in the future): at `release_at` the row
 * gets the audience it was written for, a new change number and a poke, so it reaches every
 * device of that audience. The state is the row itself and the stamping holds the college's
 * write lock, so with any number of API processes, and across a restart, each row is
 * released once: a second process finds `release_at` already cleared.
 */
export async function releaseDue(db: Database, entities: readonly SyncedEntity[], now: Date): Promise<number> {
  let released = 0;
  for (const entity of entities) {
    if (!entity.releasable) continue;
    const table = entity.table as ReleasableTable;
    const source: PgTable = table;
    const due = and(isNotNull(table.releaseAt), lte(table.releaseAt, now));
    const colleges = (await db.selectDistinct({ collegeId: table.collegeId }).from(source).where(due)) as { collegeId: string }[];
    for (const { collegeId } of colleges) {
      released += await writeInCollege(db, collegeId, async (write) => {
        const rows = (await write.tx
          .select({ id: table.id, releaseKeys: table.releaseKeys, seenKeys: table.seenKeys })
          .from(source)
          .where(and(eq(table.collegeId, collegeId), due))
          .for('update')) as DueRow[];
        for (const row of rows) {
          const audience = nextAudience(row.releaseKeys, row);
          await write.tx
            .update(source)
            .set({ ...audience, releaseAt: null, releaseKeys: [], seq: write.stamp(audience.seenKeys) })
            .where(eq(table.id, row.id));
        }
        if (rows.length > 0)
          await entity.released?.(
            write,
            rows.map((row) => row.id),
          );
        return rows.length;
      });
    }
  }
  return released;
}

/** Checked often: a scheduled post appears within seconds of its time. */
export function releaseJob(entities: readonly SyncedEntity[]): Job {
  return { name: 'release scheduled rows', everyMs: 5_000, run: async (db, now) => void (await releaseDue(db, entities, now)) };
}
