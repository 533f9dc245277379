import { useLiveQuery } from 'dexie-react-hooks';
import { useDeferredValue } from 'react';
import type { AudienceOptions } from '../../audience/audienceGroups';
import { readFirstSyncPending } from '../../sync/hooks';
import { postPageKey, prefetchedCategories, prefetchedPage, readCategories, readPostPage } from './postPagePrefetch';
import type { Category } from '../../../contract/posts';
import type { LocalPost } from './postsDb';
import { usePostsDb } from './usePostsDb';
import { latestPosts, postWithViews, type PostPage, type PostPageQuery } from './postQueries';

/** Live reads of posts and their reference data; `undefined` while the first read runs. */

export function useCategories(): Category[] | undefined {
  const db = usePostsDb();
  // The list route's loader may have read them already: then the first render has them.
  return useLiveQuery(() => readCategories(db), [db], prefetchedCategories(db));
}

export interface LivePostPage extends PostPage {
  /** Still the previous query's answer while the new one runs (kept to avoid a flash). */
  stale: boolean;
  /** The first download has not finished: read with the rows, so "empty" is never a guess. */
  firstSyncPending: boolean;
}

export function usePostPage(query: PostPageQuery): LivePostPage | undefined {
  const db = usePostsDb();
  const { categoryId, categorySlug, page, search } = query;
  const key = postPageKey(query);
  const live = useLiveQuery(() => readPostPage(db, { categoryId, categorySlug, page, search }), [db, key]);
  // Until the live query answers for this page, the page the route's loader read ahead
  // (postPagePrefetch.ts), if any: the screen draws its cards at once.
  const ahead = live?.key === key ? undefined : prefetchedPage(db, key);
  // Deferred: a new page of cards is drawn in a transition, a few milliseconds at a time,
  // so a slow phone answers taps while it draws (the query's answer keeps its identity).
  const result = useDeferredValue(ahead ?? live);
  return result
    ? { posts: result.posts, total: result.total, unindexed: result.unindexed, stale: result.key !== key, firstSyncPending: result.firstSyncPending }
    : undefined;
}

/** `null` once read and absent; `undefined` while reading. */
export function usePost(id: string | undefined): LocalPost | null | undefined {
  const db = usePostsDb();
  return useLiveQuery(async () => (id ? postWithViews(db, id) : null), [db, id]);
}

/** The newest posts, and whether the first download is still running (one read, see usePostPage). */
export function useLatestPosts(count: number): { posts: LocalPost[]; firstSyncPending: boolean } | undefined {
  const db = usePostsDb();
  // Deferred, as usePostPage.
  return useDeferredValue(
    useLiveQuery(async () => {
      const [posts, firstSyncPending] = await Promise.all([latestPosts(db, count), readFirstSyncPending(db)]);
      return { posts, firstSyncPending };
    }, [db, count]),
  );
}

export interface ReferenceData extends AudienceOptions {
  categories: Category[];
}

export function useReferenceData(): ReferenceData | undefined {
  const db = usePostsDb();
  return useLiveQuery(async () => {
    const [categories, courses, grades, sections] = await Promise.all([
      db.categories.orderBy('position').toArray(),
      db.courses.orderBy('position').toArray(),
      db.grades.orderBy('position').toArray(),
      db.sections.toArray(),
    ]);
    return { categories, courses, grades, sections };
  }, [db]);
}
