import type { LocalPost, PatioDb, PostWords } from './database';
import { searchWords } from './searchWords';

/**
 * The search index of posts (the `postWords` table, schema version 2). Local writes index
 * their post in their own transaction (src/features/posts/postWrites.ts); the sync engine
 * writes pulled posts without words, to keep the initial sync short, and indexes them once
 * the pull run is over (src/sync/engine/syncEngine.ts).
 *
 * The trade-off: in the seconds after a sync brought many posts, search may miss the posts
 * not indexed yet. The ids to index are kept in memory, so after a crash in between the
 * engine's start finds posts WITHOUT a words row (`unindexedPostIds`) and indexes them, but
 * a post UPDATED by the server right before the crash keeps its old words until it changes
 * again. A words row whose post is gone is skipped by search.
 */

export function postWordsOf(post: Pick<LocalPost, 'id' | 'title' | 'content'>): PostWords {
  return { id: post.id, words: searchWords(post.title, post.content) };
}

/** Posts indexed per transaction: small enough to let a pull or a local write in between. */
export const indexChunkSize = 500;

/**
 * Indexes the posts with these ids as they are now, in one transaction: the words follow
 * the stored post, whatever wrote it; the words of posts that no longer exist are dropped.
 */
export async function indexPosts(db: PatioDb, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.transaction('rw', db.posts, db.postWords, async () => {
    const posts = await db.posts.bulkGet([...ids]);
    const words: PostWords[] = [];
    const gone: string[] = [];
    posts.forEach((post, i) => {
      if (post) words.push(postWordsOf(post));
      else gone.push(ids[i]!);
    });
    if (words.length > 0) await db.postWords.bulkPut(words);
    if (gone.length > 0) await db.postWords.bulkDelete(gone);
  });
}

/** Posts without a words row (a crash before indexing), by comparing primary keys only. */
export async function unindexedPostIds(db: PatioDb): Promise<string[]> {
  const [postIds, indexedIds] = await db.transaction('r', db.posts, db.postWords, () =>
    Promise.all([db.posts.toCollection().primaryKeys(), db.postWords.toCollection().primaryKeys()]),
  );
  const indexed = new Set(indexedIds);
  return postIds.filter((id) => !indexed.has(id));
}
