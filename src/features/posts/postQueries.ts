import type { LocalPost, PatioDb } from '../../db/database';
import { foldText } from '../../db/searchWords';

/** Posts per page of a list (spec §2: paginated lists with a go-to-page control). */
export const postsPerPage = 20;

export interface PostPageQuery {
  /** null for every category. */
  categoryId: string | null;
  /** 1-based. */
  page: number;
  /** What the person typed in the search box; empty for no search. */
  search: string;
}

export interface PostPage {
  posts: LocalPost[];
  total: number;
}

/** The words of a search, folded like the `postWords` rows (lower case, no accents); each is a prefix. */
export function queryWords(search: string): string[] {
  const words = foldText(search)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .map((word) => word.slice(0, 40));
  return Array.from(new Set(words));
}

/** ISO timestamps sort as text: these bound every `published_at`. */
const lowest = '';
const highest = '\uffff';

/** Newest first, by the `published_at` or `[category_id+published_at]` index. */
function newestFirst(db: PatioDb, categoryId: string | null) {
  return categoryId === null
    ? db.posts.orderBy('published_at').reverse()
    : db.posts.where('[category_id+published_at]').between([categoryId, lowest], [categoryId, highest], true, true).reverse();
}

/**
 * The ids of posts having a word that starts with each query word (all must match): the
 * longest word (it matches fewest posts) through the `*words` index, the others checked on
 * those rows. Posts synced seconds ago may not be indexed yet (src/db/postWords.ts).
 */
async function matchingIds(db: PatioDb, words: readonly string[]): Promise<Set<string>> {
  const [first, ...rest] = [...words].sort((a, b) => b.length - a.length);
  if (first === undefined) return new Set();
  const candidates = db.postWords.where('words').startsWith(first).distinct();
  if (rest.length === 0) return new Set(await candidates.primaryKeys());
  const matches = new Set<string>();
  await candidates.each((row) => {
    if (rest.every((word) => row.words.some((w) => w.startsWith(word)))) matches.add(row.id);
  });
  return matches;
}

/**
 * One page of a list, read from the indexes: without a search, offset/limit on the date
 * index reads only that page; with one, keys only are compared and just the page's rows
 * are read, so 10,000 posts stay quick.
 */
export async function queryPostPage(db: PatioDb, { categoryId, page, search }: PostPageQuery): Promise<PostPage> {
  const start = (Math.max(1, page) - 1) * postsPerPage;
  const words = queryWords(search);
  if (words.length === 0) {
    // Two collections: Dexie's offset() changes a collection, even one cloned from it.
    const [total, posts] = await Promise.all([
      categoryId === null ? db.posts.count() : newestFirst(db, categoryId).count(),
      newestFirst(db, categoryId).offset(start).limit(postsPerPage).toArray(),
    ]);
    return { posts, total };
  }
  const matches = await matchingIds(db, words);
  if (matches.size === 0) return { posts: [], total: 0 };
  // Ordered by the posts' own index: a words row whose post is gone drops out here.
  const orderedIds = (await newestFirst(db, categoryId).primaryKeys()).filter((id) => matches.has(id));
  const pageIds = orderedIds.slice(start, start + postsPerPage);
  const rows = await db.posts.bulkGet(pageIds);
  return { posts: rows.filter((row): row is LocalPost => row !== undefined), total: orderedIds.length };
}

/** The newest posts this user can see (the home screen's "Latest news"). */
export function latestPosts(db: PatioDb, count: number): Promise<LocalPost[]> {
  return db.posts.orderBy('published_at').reverse().limit(count).toArray();
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / postsPerPage));
}
