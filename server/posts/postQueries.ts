import { and, arrayOverlaps, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PostListQuery, PostListResponse, PostScope } from '../../contract/posts';
import type { Database } from '../db/client';
import { categories, posts } from '../db/schema';
import type { Viewer } from '../sync/viewer';
import { canSeePost, postToWire, type PostRow } from './postEntities';

const looksLikeUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** `canSeePost` as SQL, for lists (the two are tested against each other by role). */
function visibleTo(viewer: Viewer): SQL {
  const live = and(eq(posts.collegeId, viewer.collegeId), isNull(posts.deletedAt))!;
  if (viewer.readAll) return live;
  const sections = [...viewer.sectionIds];
  if (sections.length === 0) return sql`false`;
  const scopes: PostScope[] = ['everyone'];
  if (viewer.role === 'student') scopes.push('students');
  if (viewer.role === 'guardian') scopes.push('guardians');
  return and(live, arrayOverlaps(posts.sectionIds, sections), inArray(posts.scope, scopes))!;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listPosts(db: Database, viewer: Viewer, query: PostListQuery): Promise<PostListResponse> {
  const filters = [visibleTo(viewer)];
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
