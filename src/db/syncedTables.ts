import type { z } from 'zod';
import { course, grade, place, section } from '../../contract/college';
import { category, post } from '../../contract/posts';

/**
 * The local tables the server's change feed fills, by entity name (the server's
 * server/sync/entities.ts). A new synced entity is one line here plus its table in
 * database.ts (in a new schema version). Entities not listed are ignored: an older client
 * against a newer server keeps working.
 */
export interface SyncedTable {
  table: SyncedTableName;
  /** The server's row as stored locally; null when it does not fit the contract. */
  toLocal: (row: unknown) => Record<string, unknown> | null;
}

export type SyncedTableName = 'posts' | 'categories' | 'places' | 'courses' | 'grades' | 'sections';

/** The one validation of a pulled row (the page's envelope checks only its `id`). */
function parsedBy(schema: z.ZodType<Record<string, unknown>>) {
  return (row: unknown): Record<string, unknown> | null => {
    const parsed = schema.safeParse(row);
    return parsed.success ? parsed.data : null;
  };
}

export const syncedTables: Readonly<Record<string, SyncedTable>> = {
  // Search words are not derived here: the engine indexes pulled posts after the run.
  posts: { table: 'posts', toLocal: parsedBy(post) },
  categories: { table: 'categories', toLocal: parsedBy(category) },
  places: { table: 'places', toLocal: parsedBy(place) },
  courses: { table: 'courses', toLocal: parsedBy(course) },
  grades: { table: 'grades', toLocal: parsedBy(grade) },
  sections: { table: 'sections', toLocal: parsedBy(section) },
};

export const syncedTableNames: readonly SyncedTableName[] = ['posts', 'categories', 'places', 'courses', 'grades', 'sections'];

export function syncedTableOf(entity: string): SyncedTable | undefined {
  return Object.hasOwn(syncedTables, entity) ? syncedTables[entity] : undefined;
}

