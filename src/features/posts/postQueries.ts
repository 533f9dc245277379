import { matchingIds as indexedMatches, pendingIds } from '../../db/searchIndex';
import { foldText } from '../../db/searchWords';
import type { LocalPost, PostsDb } from './postsDb';
import { postsSearch } from './postWords';

/**
 * The view counts shown: the synced counter (`postStats`, updated on a slow cadence) when
 * the device has one, else the post's own `views`.
 */
export async function withViewCounts(db: PostsDb, posts: LocalPost[]): Promise<LocalPost[]> {
  if (posts.length === 0) return posts;
  const stats = await db.postStats.bulkGet(posts.map((post) => post.id));
  return posts.map((post, i) => {
    const counted = stats[i];
    return counted ? { ...post, views: counted.views } : post;
  });
}

/** Posts per page of a list (the original app's paginated lists with a go-to-page control). */
export const postsPerPage = 20;

export interface PostPageQuery {
  /** null for every category. */
  categoryId: string | null;
  /**
   * A category by its address instead (`/blog/<slug>`), looked up in the same read, so a
   * screen opened on a category does not wait for the categories before reading its posts.
   * An unknown slug finds nothing.
   */
  categorySlug?: string;
  /** 1-based. */
  page: number;
  /** What the person typed in the search box; empty for no search. */
  search: string;
}

export interface PostPage {
  posts: LocalPost[];
  total: number;
  /**
   * A search only: posts a pull brought that are not indexed yet and were too many to
   * scan, so the results may miss some (the screen says so). 0 or absent: complete.
   */
  unindexed?: number;
}

/**
 * Posts waiting for their words (src/db/searchIndex.ts) are checked one by one up to this
 * many; beyond it (the first minutes of a large initial sync) search uses the index alone
 * and reports how many it could not look at.
 */
export const scanLimit = 1000;

/** The words of a search, folded like the `postWords` rows (lower case, no accents); each is a prefix. */
export function queryWords(search: string): string[] {
  const words = foldText(search)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .map((word) => word.slice(0, 40));
  return Array.from(new Set(words));
}

/** Whether every query word starts some word of a post (the posts still waiting for their words). */
const hasEveryWord = (rowWords: readonly string[], words: readonly string[]) => words.every((word) => rowWords.some((w) => w.startsWith(word)));

/** ISO timestamps sort as text: these bound every `published_at`. */
const lowest = '';
const highest = '\uffff';

/** Newest first, by the `published_at` or `[category_id+published_at]` index. */
function newestFirst(db: PostsDb, categoryId: string | null) {
  return categoryId === null
    ? db.posts.orderBy('published_at').reverse()
    : db.posts.where('[category_id+published_at]').between([categoryId, lowest], [categoryId, highest], true, true).reverse();
}

/**
 * The ids of posts having a word that starts with each query word (all must match), from
 * the postings (src/db/searchIndex.ts). Posts synced seconds ago may not be indexed yet:
 * see matchQueued.
 */
function matchingIds(db: PostsDb, words: readonly string[]): Promise<Set<string>> {
  return indexedMatches(db, postsSearch, words);
}

/**
 * Search never silently misses a synced post: the posts still queued for indexing are
 * judged by their current text instead of the index (which has no words, or old ones,
 * for them). Returns how many were too many to scan.
 */
async function matchQueued(db: PostsDb, words: readonly string[], matches: Set<string>, limit: number): Promise<number> {
  const queued = await pendingIds(db, postsSearch);
  if (queued.length === 0) return 0;
  if (queued.length > limit) return queued.length;
  const rows = await db.posts.bulkGet(queued);
  queued.forEach((id, i) => {
    const row = rows[i];
    matches.delete(id);
    if (row && hasEveryWord(postsSearch.wordsOf(row), words)) matches.add(id);
  });
  return 0;
}

/**
 * One page of a list, read from the indexes: without a search, offset/limit on the date
 * index reads only that page; with one, keys only are compared and just the page's rows
 * are read, so 10,000 posts stay quick.
 */
export async function queryPostPage(db: PostsDb, query: PostPageQuery, limit = scanLimit): Promise<PostPage> {
  const { page, search, categorySlug } = query;
  let { categoryId } = query;
  if (categorySlug !== undefined) {
    const category = await db.categories.where('slug').equals(categorySlug).first();
    if (!category) return { posts: [], total: 0 };
    categoryId = category.id;
  }
  const start = (Math.max(1, page) - 1) * postsPerPage;
  const words = queryWords(search);
  if (words.length === 0) {
    // Two collections: Dexie's offset() changes a collection, even one cloned from it. The
    // page's keys first, then its rows: skipping thousands of index entries is cheaper
    // without their values (a far page, "Go to page" 200).
    const [total, ids] = await Promise.all([
      categoryId === null ? db.posts.count() : newestFirst(db, categoryId).count(),
      newestFirst(db, categoryId).offset(start).limit(postsPerPage).primaryKeys(),
    ]);
    const posts = (await db.posts.bulkGet(ids)).filter((row): row is LocalPost => row !== undefined);
    return { posts: await withViewCounts(db, posts), total };
  }
  const matches = await matchingIds(db, words);
  const unindexed = await matchQueued(db, words, matches, limit);
  if (matches.size === 0) return { posts: [], total: 0, unindexed };
  const { pageIds, total } =
    categoryId === null && unindexed === 0
      ? await walkNewestFirst(db, matches, start)
      : orderedPage(await newestFirst(db, categoryId).primaryKeys(), matches, start);
  const rows = await db.posts.bulkGet(pageIds);
  const posts = rows.filter((row): row is LocalPost => row !== undefined);
  return { posts: await withViewCounts(db, posts), total, unindexed };
}

/** The page of `matches` in the order of `orderedIds` (a words row whose post is gone drops out here). */
function orderedPage(orderedIds: readonly string[], matches: ReadonlySet<string>, start: number): { pageIds: string[]; total: number } {
  const found = orderedIds.filter((id) => matches.has(id));
  return { pageIds: found.slice(start, start + postsPerPage), total: found.length };
}

/**
 * A search's page over every category without reading the whole date index (10,000 keys
 * cost tens of milliseconds): newest first, in chunks sized to how dense the matches are,
 * until the page is full. Every match is a post: the queue of posts still to index has
 * been checked (matchQueued), and the words of a removed post leave with it
 * (src/db/searchIndex.ts). A sparse search that would walk most of the index reads it whole.
 */
async function walkNewestFirst(db: PostsDb, matches: ReadonlySet<string>, start: number): Promise<{ pageIds: string[]; total: number }> {
  const count = await db.posts.count();
  const wanted = start + postsPerPage;
  const expected = Math.ceil((wanted * count) / matches.size);
  if (expected > count / 2) return orderedPage(await newestFirst(db, null).primaryKeys(), matches, start);
  const chunk = Math.max(200, Math.ceil(expected * 1.5));
  const found: string[] = [];
  let walked = 0;
  while (walked < count && found.length < wanted) {
    const ids = await newestFirst(db, null).offset(walked).limit(chunk).primaryKeys();
    walked = ids.length < chunk ? count : walked + chunk;
    for (const id of ids) if (matches.has(id)) found.push(id);
  }
  // Walked to the end: the exact count of what exists.
  return { pageIds: found.slice(start, wanted), total: walked >= count ? found.length : matches.size };
}

/** The newest posts this user can see (the home screen's "Latest news"). */
export async function latestPosts(db: PostsDb, count: number): Promise<LocalPost[]> {
  return withViewCounts(db, await db.posts.orderBy('published_at').reverse().limit(count).toArray());
}

/** One post with its shown view count; null when absent. */
export async function postWithViews(db: PostsDb, id: string): Promise<LocalPost | null> {
  const post = await db.posts.get(id);
  return post ? ((await withViewCounts(db, [post]))[0] ?? null) : null;
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / postsPerPage));
}
