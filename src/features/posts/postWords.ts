import type { SearchIndex } from '../../db/dataModule';
import { indexRows, unindexedIds } from '../../db/searchIndex';
import { searchWords } from '../../db/searchWords';
import type { LocalPost, PostsDb, PostWords } from './postsDb';

/**
 * The search index of posts (the `postWords` table, schema version 2), declared in
 * module.ts: the sync engine indexes pulled posts after the run (src/db/searchIndex.ts);
 * local writes index their post in their own transaction (postWrites.ts). Search scans the
 * posts still queued for indexing, or says that results may be incomplete (postQueries.ts).
 */

export function postWordsOf(post: Pick<LocalPost, 'id' | 'title' | 'content'>): PostWords {
  return { id: post.id, words: searchWords(post.title, post.content) };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export const postsSearch: SearchIndex = {
  table: 'posts',
  wordsTable: 'postWords',
  wordsOf: (row) => searchWords(text(row.title), text(row.content)),
};

/** Indexes the posts with these ids as they are now (see indexRows). */
export function indexPosts(db: PostsDb, ids: readonly string[]): Promise<void> {
  return indexRows(db, postsSearch, ids);
}

/** Posts without a words row, by comparing primary keys only. */
export function unindexedPostIds(db: PostsDb): Promise<string[]> {
  return unindexedIds(db, postsSearch);
}
