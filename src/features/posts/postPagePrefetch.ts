import type { LoaderFunctionArgs } from 'react-router-dom';
import type { Category } from '../../../contract/posts';
import type { PatioDb } from '../../db/database';
import { mountedDb } from '../../db/DbProvider';
import { readFirstSyncPending } from '../../sync/hooks';
import { postsDb, type PostsDb } from './postsDb';
import { queryPostPage, type PostPage, type PostPageQuery } from './postQueries';

/**
 * The News list read ahead by its route's loader: a tap on "News", a page number, a category
 * or a search waits for the page's posts (a few milliseconds from the local indexes) and
 * then draws the screen once, with its cards, instead of drawing it empty, painting, and
 * only then starting the read (the goal: first 20 cards ≤ 50 ms, `npm run bench:feed`). The screens' live
 * queries take over at once; what is kept here only fills their first render.
 */

/** One page of the list with the first-sync flag, read together (see usePostPage). */
export interface PostPageRead extends PostPage {
  key: string;
  firstSyncPending: boolean;
}

/** The list's query from its address: `/blog/:category`, `?page=`, `?q=`. */
export function listQuery(slug: string, params: URLSearchParams): PostPageQuery {
  const search = params.get('q') ?? '';
  const requested = Math.floor(Number(params.get('page') ?? '1'));
  const page = Number.isFinite(requested) && requested >= 1 ? requested : 1;
  // By its slug: a category's posts are read at once, not after the categories.
  return slug === 'all' ? { categoryId: null, page, search } : { categoryId: null, categorySlug: slug, page, search };
}

export function postPageKey({ categoryId, categorySlug, page, search }: PostPageQuery): string {
  return JSON.stringify([categoryId, categorySlug, page, search]);
}

export async function readPostPage(db: PostsDb, query: PostPageQuery): Promise<PostPageRead> {
  const [found, firstSyncPending] = await Promise.all([queryPostPage(db, query), readFirstSyncPending(db)]);
  return { key: postPageKey(query), ...found, firstSyncPending };
}

export function readCategories(db: PostsDb): Promise<Category[]> {
  return db.categories.orderBy('position').toArray();
}

/** The last pages read ahead, per database. */
const pages = new WeakMap<PatioDb, PostPageRead[]>();
const categories = new WeakMap<PatioDb, Category[]>();
const keptPages = 4;

export function prefetchedPage(db: PatioDb, key: string): PostPageRead | undefined {
  return pages.get(db)?.find((read) => read.key === key);
}

export function prefetchedCategories(db: PatioDb): Category[] | undefined {
  return categories.get(db);
}

/** Longest a navigation waits for the read: past it the screen draws and reads as before. */
const waitMs = 150;

/** The list route's loader: reads the page ahead when the signed-in app is mounted. */
export async function loadPostPage({ params, request }: LoaderFunctionArgs): Promise<null> {
  const db = mountedDb();
  if (!db) return null;
  const posts = postsDb(db);
  const query = listQuery(params.category ?? 'all', new URL(request.url).searchParams);
  // An older read of the same page is not shown if this one is late.
  const key = postPageKey(query);
  pages.set(
    db,
    (pages.get(db) ?? []).filter((kept) => kept.key !== key),
  );
  // A category known from the last read needs no look-up by its slug (one read fewer).
  const known = query.categorySlug === undefined ? undefined : categories.get(db)?.find((category) => category.slug === query.categorySlug);
  const resolved = known ? { categoryId: known.id, page: query.page, search: query.search } : query;
  const read = Promise.all([readPostPage(posts, resolved), readCategories(posts)]).then(
    ([found, list]) => {
      const page = { ...found, key };
      pages.set(db, [page, ...(pages.get(db) ?? []).filter((kept) => kept.key !== key)].slice(0, keptPages));
      categories.set(db, list);
    },
    () => undefined,
  );
  await Promise.race([read, new Promise((resolve) => setTimeout(resolve, waitMs))]);
  return null;
}
