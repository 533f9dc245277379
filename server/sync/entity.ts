import { and, asc, eq, gt } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import type { Viewer } from './viewer';

/** A row as devices receive it: the entity's contract shape. */
export type WireRow = { id: string } & Record<string, unknown>;

/** What the pull needs of a table: its id, tenant, change number and tombstone columns. */
export type SyncedTable = PgTable & {
  id: AnyPgColumn;
  collegeId: AnyPgColumn;
  seq: AnyPgColumn;
  deletedAt: AnyPgColumn;
};

interface SyncedRow {
  id: string;
  seq: number;
  deletedAt: Date | null;
}

/** One changed row, read by the pull. */
export interface ChangedRow {
  entity: string;
  id: string;
  seq: number;
  deleted: boolean;
  visibleTo: (viewer: Viewer) => boolean;
  toWire: () => WireRow;
}

/**
 * A synced entity: a table, the contract shape of its rows and who may see a row. Adding a
 * synced entity is one `defineEntity` in the registry (server/sync/entities.ts) plus its
 * mutation handlers (server/sync/mutations.ts); the pull and the pokes need nothing else.
 */
export interface SyncedEntity {
  name: string;
  /** The rows of the college changed after `afterSeq`, in change order, at most `limit`. */
  changedSince: (db: Database, collegeId: string, afterSeq: number, limit: number) => Promise<ChangedRow[]>;
}

export function defineEntity<T extends SyncedTable>(definition: {
  name: string;
  table: T;
  toWire: (row: T['$inferSelect']) => WireRow;
  /** Default: every member of the college. */
  isVisible?: (row: T['$inferSelect'], viewer: Viewer) => boolean;
}): SyncedEntity {
  const { name, table, toWire, isVisible = () => true } = definition;
  return {
    name,
    async changedSince(db, collegeId, afterSeq, limit) {
      const source: PgTable = table;
      const rows = (await db
        .select()
        .from(source)
        .where(and(eq(table.collegeId, collegeId), gt(table.seq, afterSeq)))
        .orderBy(asc(table.seq))
        .limit(limit)) as (T['$inferSelect'] & SyncedRow)[];
      return rows.map((row) => ({
        entity: name,
        id: row.id,
        seq: row.seq,
        deleted: row.deletedAt !== null,
        visibleTo: (viewer) => isVisible(row, viewer),
        toWire: () => toWire(row),
      }));
    },
  };
}
