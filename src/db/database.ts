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
 * the previous version and upgrades it (tests/unit/sync/localDatabase.test.ts, "the schema").
 */

/** A post as stored locally: the server's row as it is (search words live in `postWords`). */
export type LocalPost = Post;

/**
 * The search words of one post (src/db/postWords.ts), apart from the post since version 2:
 * the multi-entry index of ≈75 words per post made writing a post about 5× slower, so the
 * initial sync writes posts first and the sync engine indexes them afterwards.
 */
export interface PostWords {
  /** The post's id. A row whose post is gone is stale and skipped by search. */
  id: string;
  /** Lower-cased, accent-free words of the title and text, for prefix search. */
  words: string[];
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
  postWords!: EntityTable<PostWords, 'id'>;
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
    // Version 2: search words move out of posts into postWords (the upgrade moves them).
    this.version(2)
      .stores({
        posts: 'id, published_at, [category_id+published_at]',
        postWords: 'id, *words',
      })
      .upgrade(async (tx) => {
        const words: PostWords[] = [];
        await tx
          .table('posts')
          .toCollection()
          .modify((row: Record<string, unknown>) => {
            if (Array.isArray(row._words)) words.push({ id: String(row.id), words: row._words as string[] });
            delete row._words;
          });
        await tx.table('postWords').bulkPut(words);
        // Before-images of waiting changes are posts too: a discard must not put `_words` back.
        await tx
          .table('outbox')
          .toCollection()
          .modify((entry: OutboxEntry) => {
            if (entry.before?.row && '_words' in entry.before.row) delete entry.before.row._words;
          });
      });
    /* eslint-enable lingui/no-unlocalized-strings */
  }
}

export function databaseName(collegeSlug: string, userId: string): string {
  return `patio-${collegeSlug}-${userId}`;
}
