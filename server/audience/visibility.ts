import { and, arrayOverlaps, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { meets } from '../../contract/audience';

/**
 * Who may see a row, decided in SQL (one module for every feature with an audience): a
 * row's `audience_keys` meet the viewer's keys (contract/audience.ts). The pull, the REST
 * lists and the single-row reads all use these, and `canSee` is the same rule for a row
 * already in memory.
 */
export interface AudienceTable {
  audienceKeys: AnyPgColumn;
  seenKeys: AnyPgColumn;
  deletedAt: AnyPgColumn;
}

/** Live and addressed to the viewer. */
export function visibleTo(table: AudienceTable, viewerKeys: readonly string[]): SQL {
  return and(isNull(table.deletedAt), arrayOverlaps(table.audienceKeys, [...viewerKeys]))!;
}

/** Some version of the row was addressed to the viewer: they may have it on a device. */
export function seenBy(table: AudienceTable, viewerKeys: readonly string[]): SQL {
  return arrayOverlaps(table.seenKeys, [...viewerKeys]);
}

export function canSee(row: { audienceKeys: string[]; deletedAt: Date | null }, viewerKeys: ReadonlySet<string>): boolean {
  return row.deletedAt === null && meets(row.audienceKeys, viewerKeys);
}

/** The keys after a write: the new audience, and everyone who could see any version so far. */
export function nextAudience(keys: readonly string[], previous?: { seenKeys: readonly string[] }): { audienceKeys: string[]; seenKeys: string[] } {
  return { audienceKeys: [...keys], seenKeys: [...new Set([...(previous?.seenKeys ?? []), ...keys])] };
}

/** `seen_keys ∪ other` in SQL, for bulk updates. */
export function seenUnion(table: AudienceTable, other: AnyPgColumn): SQL {
  return sql`array(select distinct unnest(${table.seenKeys} || ${other}))`;
}
