import { and, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { PostListQuery, PostListResponse } from '../../contract/posts';
import { visibleTo } from '../audience/visibility';
import type { Database } from '../db/client';
import type { Viewer } from '../sync/viewer';
import { canSeePost, postToWire, type PostRow } from './postEntities';
import { categories, posts } from './schema';

const looksLikeUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listPosts(db: Database, viewer: Viewer, query: PostListQuery): Promise<PostListResponse> {
  const filters = [eq(posts.collegeId, viewer.collegeId), visibleTo(posts, viewer.keys)];
  if (query.category) {
    const byId = looksLikeUuid(query.category) ? eq(categories.id, query.category.toLowerCase()) : undefined;
    const matching = db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.collegeId, viewer.collegeId), or(eq(categories.slug, query.category), byId)));
    filters.push(inArray(posts.categoryId, matching));
  }
  if (query.q) filters.push(or(ilike(posts.title, likePattern(query.q)), ilike(posts.content, likePattern(query.q)))!);
  const where = and(...filters);
  const [total] = await db.select({ n: count() }).from(posts).where(where);
  const rows = await db
    .select()
    .from(posts)
    .where(where)
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const n = total?.n ?? 0;
  return {
    data: rows.map(postToWire),
    meta: { page: query.page, per_page: query.per_page, total: n, last_page: Math.max(1, Math.ceil(n / query.per_page)) },
  };
}

/** The post when the viewer may see it, else null (answered as 404). */
export async function findVisiblePost(db: Database, viewer: Viewer, id: string): Promise<PostRow | null> {
  if (!looksLikeUuid(id)) return null;
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id.toLowerCase()), eq(posts.collegeId, viewer.collegeId)))
    .limit(1);
  return row && canSeePost(row, viewer) ? row : null;
}
