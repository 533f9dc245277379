import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Write } from '../sync/writeInCollege';

/** The rows of a raw query (PGlite and pg both answer `{ rows }`). */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * Changes the rows of a synced table that `where` selects (in the write's college) and gives
 * each its own change number, stamped with its `seen_keys` (or, for a table without an
 * audience, for everyone), so every device that may hold a row hears of its new version or
 * its delete (docs/sync.md). The tables are the features' own, named here because a feature
 * imports no other (server/privacy reads and changes them by name). Answers the ids changed.
 */
export async function restamp(write: Write, table: string, where: SQL, set: SQL, { audience = true }: { audience?: boolean } = {}): Promise<string[]> {
  const name = sql.identifier(table);
  const keysColumn = audience ? sql`seen_keys` : sql`null::text[]`;
  const rows = await rowsOf<{ id: string; keys: string[] | null }>(
    write.tx,
    sql`select id::text as id, ${keysColumn} as keys from ${name} where college_id = ${write.collegeId} and (${where}) order by seq, id for update`,
  );
  if (rows.length === 0) return [];
  const seqs = rows.map((row) => write.stamp(row.keys ?? undefined));
  await write.tx.execute(sql`
    update ${name} as t set ${set}, seq = v.seq
    from (select unnest(${textArray(rows.map((r) => r.id))}) as id, unnest(${sql.raw(`'{${seqs.join(',')}}'::bigint[]`)}) as seq) as v
    where t.id::text = v.id`);
  return rows.map((row) => row.id);
}

/** A text[] literal of values we made (ids): `{"a","b"}`, bound as one parameter. */
export const textArray = (values: readonly string[]) => sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]`;
