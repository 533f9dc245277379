import { Dexie, type EntityTable } from 'dexie';
import type { Course, Grade, Place, Section } from '../../contract/college';
import type { Category, Post } from '../../contract/posts';
import type { MutationError } from '../../contract/sync';

/**
 * The local database of one user of one college (a shared school computer must never show
 * the previous user's data): `patio-<college slug>-<user id>`.
 *
 * THE SCHEMA IS A CONTRACT WITH EVERY INSTALLED DEVICE. Never change a version's stores:
 * add `this.version(n + 1).stores({...}).upgrade(...)` and a test that opens a database of
 * the previous version and upgrades it (tests/unit/sync/schemaUpgrade.test.ts).
 */

/** A post as stored locally: the server's row plus derived search words. */
export interface LocalPost extends Post {
  /** Lower-cased, accent-free words of the title and text, for prefix search. */
  _words: string[];
}

export type OutboxStatus = 'queued' | 'sending' | 'attention';

/**
 * The row an outbox entry changed, as it was before (null: there was none, the entry
 * creates it). Discarding the entry puts it back. A server version of the row that arrives
 * while the entry waits replaces it (src/sync/engine/applyPage.ts), so a discard restores
 * the server's truth rather than a stale copy.
 */
export interface BeforeImage {
  row: Record<string, unknown> | null;
}

/** A change made on this device that the server has not answered yet. */
export interface OutboxEntry {
  /** Local order: the worker pushes in this order. */
  seq?: number;
  /** The mutation id (UUIDv7): the server applies it at most once. */
  id: string;
  name: string;
  args: unknown;
  /** The synced entity and row it changes, so screens can show "not sent" on the item. */
  entity: string;
  entityId: string;
  status: OutboxStatus;
  attempts: number;
  /** Why the server refused it (422/403/404/409), kept until the user fixes or discards. */
  error?: MutationError;
  createdAt: string;
  /** Absent when `entity` is not a local table (nothing to restore). */
  before?: BeforeImage;
}

/** Small key/value facts: the pull cursor, sync status, initial sync progress. */
export interface MetaEntry {
  key: string;
  value: unknown;
}

/** Posts this user has opened; a view is sent once per user and post, even offline. */
export interface ViewedPost {
  post_id: string;
  viewedAt: string;
}

export class PatioDb extends Dexie {
  posts!: EntityTable<LocalPost, 'id'>;
  categories!: EntityTable<Category, 'id'>;
  places!: EntityTable<Place, 'id'>;
  courses!: EntityTable<Course, 'id'>;
  grades!: EntityTable<Grade, 'id'>;
  sections!: EntityTable<Section, 'id'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  meta!: EntityTable<MetaEntry, 'key'>;
  viewedPosts!: EntityTable<ViewedPost, 'post_id'>;

  constructor(name: string) {
    super(name);
    /* eslint-disable lingui/no-unlocalized-strings -- Dexie index specs, not UI text */
    this.version(1).stores({
      posts: 'id, published_at, [category_id+published_at], *_words',
      categories: 'id, slug, position',
      places: 'id',
      courses: 'id, position',
      grades: 'id, course_id, position',
      sections: 'id, grade_id',
      outbox: '++seq, &id, status, entityId',
      meta: 'key',
      viewedPosts: 'post_id',
    });
    /* eslint-enable lingui/no-unlocalized-strings */
  }
}

export function databaseName(collegeSlug: string, userId: string): string {
  return `patio-${collegeSlug}-${userId}`;
}
