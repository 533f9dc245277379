import type { SearchIndex } from '../../db/dataModule';
import { indexRows, removeWords, unindexedIds, writeWords } from '../../db/searchIndex';
import { searchWords } from '../../db/searchWords';
import type { LocalPost, PostsDb, PostWords } from './postsDb';

/**
 * The search index of posts (the `postWords` and `postTerms` tables, schema version 4),
 * declared in module.ts: a pull page stores its posts' words with them
 * (src/db/searchIndex.ts), and local writes index their post in their own transaction
 * (postWrites.ts). Search scans the posts still queued for indexing, or says that results
 * may be incomplete (postQueries.ts).
 */

export function postWordsOf(post: Pick<LocalPost, 'id' | 'title' | 'content'>): PostWords {
  return { id: post.id, words: searchWords(post.title, post.content) };
}

/** A post's words as it is now (inside the caller's transaction, which covers every table). */
export function writePostWords(db: PostsDb, post: Pick<LocalPost, 'id' | 'title' | 'content'>): Promise<void> {
  return writeWords(db, postsSearch, [post]);
}

/** A deleted post's words go (inside the caller's transaction). */
export function removePostWords(db: PostsDb, id: string): Promise<void> {
  return removeWords(db, postsSearch, [id]);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export const postsSearch: SearchIndex = {
  table: 'posts',
  wordsTable: 'postWords',
  termsTable: 'postTerms',
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
