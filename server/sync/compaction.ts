import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { appliedMutations, syncState } from '../db/schema';
import type { Job } from '../jobs';
import type { SyncedEntity } from './entity';

/** How long tombstones and the at-most-once record are kept. */
export const compactionHorizonMs = 30 * 24 * 60 * 60 * 1000;

export interface Compacted {
  tombstones: number;
  mutations: number;
}

/**
 * Removes what only devices offline for longer than the horizon could still need:
 * tombstones deleted before `before`, and the at-most-once record of mutations pushed before
 * it. Each college remembers the highest change number of a tombstone removed; a pull from
 * a cursor below it answers `reset` (server/sync/pull.ts), and the device starts over,
 * keeping its outbox. A mutation older than the horizon that is replayed after that is
 * applied again: creates keep their ids (409), deletes find nothing (404), edits and views
 * land on the same state.
 *
 * A tombstone still referenced by another table (a deleted category of a kept post) stays.
 */
export async function compact(db: Database, entities: readonly SyncedEntity[], before: Date): Promise<Compacted> {
  let tombstones = 0;
  for (const { table } of entities) {
    const source: PgTable = table;
    try {
      tombstones += await db.transaction(async (tx) => {
        const removed = (await tx
          .delete(source)
          .where(and(isNotNull(table.deletedAt), lt(table.deletedAt, before)))
          .returning({ collegeId: table.collegeId, seq: table.seq })) as { collegeId: string; seq: number }[];
        const highest = new Map<string, number>();
        for (const row of removed) highest.set(row.collegeId, Math.max(highest.get(row.collegeId) ?? 0, row.seq));
        for (const [collegeId, seq] of highest) {
          await tx
            .update(syncState)
            .set({ compactedSeq: sql`greatest(${syncState.compactedSeq}, ${seq})` })
            .where(eq(syncState.collegeId, collegeId));
        }
        return removed.length;
      });
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
    }
  }
  const mutations = await db.delete(appliedMutations).where(lt(appliedMutations.createdAt, before)).returning({ id: appliedMutations.id });
  return { tombstones, mutations: mutations.length };
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '23503') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function compactionJob(entities: readonly SyncedEntity[], horizonMs = compactionHorizonMs): Job {
  return {
    name: 'compact the change feed',
    everyMs: 60 * 60 * 1000,
    run: async (db, now) => void (await compact(db, entities, new Date(now.getTime() - horizonMs))),
  };
}
