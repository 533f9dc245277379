import { sql, type BuildExtraConfigColumns } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uuid, type PgColumnBuilderBase, type PgTableExtraConfigValue } from 'drizzle-orm/pg-core';
import { colleges } from './colleges';

/**
 * Columns of every synced table (server/sync): the id (a UUIDv7, made by a device for
 * what it creates offline), the tenant, `seq` — the college's change number of the row's
 * last write, stamped by `writeInCollege` — and `deleted_at`, a tombstone so devices learn
 * about deletions.
 */
const syncedColumns = () => ({
  id: uuid('id').primaryKey(),
  collegeId: uuid('college_id')
    .notNull()
    .references(() => colleges.id, { onDelete: 'cascade' }),
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

type SyncedColumns = ReturnType<typeof syncedColumns>;

/**
 * A synced table: the common columns, the feature's own, and the `(college_id, seq)` index
 * the pull reads by. `extra` adds the feature's indexes.
 */
export function syncedTable<N extends string, C extends Record<string, PgColumnBuilderBase>>(
  name: N,
  columns: C,
  extra?: (t: BuildExtraConfigColumns<N, SyncedColumns & C, 'pg'>) => PgTableExtraConfigValue[],
) {
  return pgTable(name, { ...syncedColumns(), ...columns } as SyncedColumns & C, (t) => [
    index(`${name}_college_seq_idx`).on(t.collegeId, t.seq),
    ...(extra?.(t) ?? []),
  ]);
}

/**
 * Columns of a synced table whose rows have an audience (contract/audience.ts): the keys
 * of who may see the row now, and of everyone who could have seen any version of it. A
 * row that leaves someone's audience reaches them as a delete; a row they could never
 * see never reaches them at all, not even as a delete.
 */
export const audienceColumns = () => ({
  audienceKeys: text('audience_keys')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  seenKeys: text('seen_keys')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

/**
 * Columns of a synced table whose rows can be published later (server/audience/release.ts):
 * until `release_at`, `audience_keys` holds only who prepared the row (its author), and
 * `release_keys` the audience it gets at that time.
 */
export const releaseColumns = () => ({
  releaseAt: timestamp('release_at', { withTimezone: true }),
  releaseKeys: text('release_keys')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});
