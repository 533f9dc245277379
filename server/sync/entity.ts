import { and, asc, eq, getTableColumns, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { seenBy, visibleTo, type AudienceTable } from '../audience/visibility';
import type { Database } from '../db/client';
import type { Write } from './writeInCollege';

/** A row as devices receive it: the entity's contract shape. */
export type WireRow = { id: string } & Record<string, unknown>;

/** What the pull needs of a table: its id, tenant, change number and tombstone columns. */
export type SyncedTable = PgTable & {
  id: AnyPgColumn;
  collegeId: AnyPgColumn;
  seq: AnyPgColumn;
  deletedAt: AnyPgColumn;
};

/** What the pull asks of an entity. */
export interface ChangesQuery {
  collegeId: string;
  /** The viewer's audience keys (contract/audience.ts `keysOfMember`). */
  keys: readonly string[];
  afterSeq: number;
  /** Rows numbered up to this were never sent to the device: no deletes for them. */
  unseenUpTo: number;
  limit: number;
}

/** One changed row the viewer is concerned by: an upsert when visible, else a delete. */
export interface ChangedRow {
  entity: string;
  id: string;
  seq: number;
  visible: boolean;
  toWire: () => WireRow;
}

/**
 * A synced entity: a table, the contract shape of its rows and, when its rows have an
 * audience (server/db/syncedTable.ts `audienceColumns`), who may see them. Feature modules
 * declare their entities (server/feature.ts); the pull, the pokes, compaction and the
 * release of scheduled rows need nothing else.
 */
export interface SyncedEntity {
  name: string;
  table: SyncedTable;
  /** The rows have `audience_keys`/`seen_keys`; without, every member sees every live row. */
  hasAudience: boolean;
  /** The rows have `release_at`/`release_keys` (server/audience/release.ts). */
  releasable: boolean;
  /** What follows the release of rows, in its write (a message's pushes, say). */
  released?: (write: Write, ids: readonly string[]) => Promise<void>;
  /** The viewer's rows of the college changed after `afterSeq`, in change order, at most `limit`. */
  changedSince: (db: Database, query: ChangesQuery) => Promise<ChangedRow[]>;
  /**
   * True in SQL when `changedSince` would find a row: one index probe, so a pull asks the
   * entities with nothing for the viewer no further (server/sync/pull.ts).
   */
  hasChangesSince: (query: Omit<ChangesQuery, 'limit'>) => SQL<boolean>;
  /**
   * The rows a first screen shows, visible to the viewer (an entity's `head`): sent to a
   * new device before its initial sync, so it sees the newest posts at once, not the
   * oldest (server/sync/pull.ts `pullHead`). Absent: the entity waits for the sync.
   */
  headRows?: (db: Database, query: HeadQuery) => Promise<ChangedRow[]>;
}

export interface HeadQuery {
  collegeId: string;
  keys: readonly string[];
}

/** What a first screen shows of an entity: its first `limit` visible rows in this order. */
export interface HeadOrder<T extends SyncedTable> {
  orderBy: (table: T) => (SQL | AnyPgColumn)[];
  limit: number;
}

interface SyncedRow {
  id: string;
  seq: number;
}

export function defineEntity<T extends SyncedTable>(definition: {
  name: string;
  table: T;
  toWire: (row: T['$inferSelect']) => WireRow;
  head?: HeadOrder<T>;
  released?: (write: Write, ids: readonly string[]) => Promise<void>;
}): SyncedEntity {
  const { name, table, toWire, head, released } = definition;
  const audience = 'audienceKeys' in table && 'seenKeys' in table ? (table as unknown as AudienceTable) : null;
  const releasable = 'releaseAt' in table && 'releaseKeys' in table;
  const columns: Record<string, AnyPgColumn> = getTableColumns(table);
  const source: PgTable = table;
  // Visibility is decided here, in SQL: rows the viewer cannot see, and never could, are not
  // read at all (a student does not pay for a college's staff-only rows).
  const visible = (keys: readonly string[]): SQL => (audience ? visibleTo(audience, keys) : isNull(table.deletedAt));
  const concerned = ({ collegeId, keys, afterSeq, unseenUpTo }: Omit<ChangesQuery, 'limit'>): SQL => {
    const mayHaveIt: SQL = audience ? and(gt(table.seq, unseenUpTo), seenBy(audience, keys))! : gt(table.seq, unseenUpTo);
    return and(eq(table.collegeId, collegeId), gt(table.seq, afterSeq), or(visible(keys), mayHaveIt))!;
  };
  const changedRow = (row: T['$inferSelect'] & SyncedRow, visibleNow: boolean): ChangedRow => ({
    entity: name,
    id: row.id,
    seq: row.seq,
    visible: visibleNow,
    toWire: () => toWire(row),
  });
  return {
    name,
    table,
    hasAudience: audience !== null,
    releasable,
    ...(released && { released }),
    hasChangesSince: (query) => sql<boolean>`exists (select 1 from ${source} where ${concerned(query)})`,
    async changedSince(db, query) {
      const rows = (await db
        .select({ ...columns, visibleNow: sql<boolean>`(${visible(query.keys)})`.as('visible_now') })
        .from(source)
        .where(concerned(query))
        .orderBy(asc(table.seq))
        .limit(query.limit)) as unknown as (T['$inferSelect'] & SyncedRow & { visibleNow: boolean })[];
      return rows.map((row) => changedRow(row, row.visibleNow));
    },
    ...(head && {
      async headRows(db, query) {
        const rows = (await db
          .select(columns)
          .from(source)
          .where(and(eq(table.collegeId, query.collegeId), visible(query.keys)))
          .orderBy(...head.orderBy(table))
          .limit(head.limit)) as unknown as (T['$inferSelect'] & SyncedRow)[];
        return rows.map((row) => changedRow(row, true));
      },
    }),
  };
}
