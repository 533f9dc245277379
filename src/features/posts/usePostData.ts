import { useLiveQuery } from 'dexie-react-hooks';
import type { AudienceOptions } from '../../audience/audienceChoice';
import type { Category } from '../../../contract/posts';
import type { LocalPost } from './postsDb';
import { usePostsDb } from './usePostsDb';
import { latestPosts, postWithViews, queryPostPage, type PostPage, type PostPageQuery } from './postQueries';

/** Live reads of posts and their reference data; `undefined` while the first read runs. */

export function useCategories(): Category[] | undefined {
  const db = usePostsDb();
  return useLiveQuery(() => db.categories.orderBy('position').toArray(), [db]);
}

export interface LivePostPage extends PostPage {
  /** Still the previous query's answer while the new one runs (kept to avoid a flash). */
  stale: boolean;
}

export function usePostPage(query: PostPageQuery): LivePostPage | undefined {
  const db = usePostsDb();
  const { categoryId, page, search } = query;
  const key = JSON.stringify([categoryId, page, search]);
  const result = useLiveQuery(async () => ({ key, ...(await queryPostPage(db, { categoryId, page, search })) }), [db, key]);
  return result ? { posts: result.posts, total: result.total, unindexed: result.unindexed, stale: result.key !== key } : undefined;
}

/** `null` once read and absent; `undefined` while reading. */
export function usePost(id: string | undefined): LocalPost | null | undefined {
  const db = usePostsDb();
  return useLiveQuery(async () => (id ? postWithViews(db, id) : null), [db, id]);
}

export function useLatestPosts(count: number): LocalPost[] | undefined {
  const db = usePostsDb();
  return useLiveQuery(() => latestPosts(db, count), [db, count]);
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
    sections.sort((a, b) => a.name.localeCompare(b.name));
    return { categories, courses, grades, sections };
  }, [db]);
}
