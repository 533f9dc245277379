import { asc, desc } from 'drizzle-orm';
import type { Category, Post, PostStats } from '../../contract/posts';
import { canSee } from '../audience/visibility';
import { scheduleDelivery } from '../delivery/schedule';
import { defineEntity } from '../sync/entity';
import type { Viewer } from '../sync/viewer';
import { categories, postStats, posts } from './schema';

export type PostRow = typeof posts.$inferSelect;

/**
 * Who sees a post, as audience keys (contract/audience.ts): staff and admins see every
 * post addressed by section; a student or a guardian sees a post when one of their
 * sections is targeted and the scope includes their role. A scheduled post is its
 * author's alone until it is released (server/audience/release.ts).
 */
export function canSeePost(post: Pick<PostRow, 'collegeId' | 'audienceKeys' | 'deletedAt'>, viewer: Viewer): boolean {
  return post.collegeId === viewer.collegeId && canSee(post, viewer.keySet);
}

export function postToWire(row: PostRow): Post {
  return {
    id: row.id,
    college_id: row.collegeId,
    title: row.title,
    content: row.content,
    category_id: row.categoryId,
    course_ids: row.courseIds,
    grade_ids: row.gradeIds,
    section_ids: row.sectionIds,
    scope: row.scope,
    published_at: row.publishedAt.toISOString(),
    author_id: row.authorId ?? '',
    author_name: row.authorName,
    views: row.views,
    attachments: row.attachments,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A first News page (src/features/posts/postQueries.ts `postsPerPage`). */
export const newestPostsFirst = 20;

/** A new device gets the newest posts it may see first, then the whole sync (pull.ts `pullHead`). */
export const postEntity = defineEntity({
  name: 'posts',
  table: posts,
  toWire: postToWire,
  head: { orderBy: (t) => [desc(t.publishedAt), desc(t.id)], limit: newestPostsFirst },
  // Released at their date: delivered to their members then (server/delivery).
  released: async (write, ids) => {
    for (const id of ids) await scheduleDelivery(write.tx, { kind: 'post', itemId: id, collegeId: write.collegeId, at: new Date() });
  },
});

export const categoryEntity = defineEntity({
  name: 'categories',
  table: categories,
  toWire: (row): Category => ({ id: row.id, slug: row.slug, name: row.name, position: row.position, archived: row.archivedAt !== null }),
  // The News tabs and the cards' category names: all of them, a college has a handful.
  head: { orderBy: (t) => [asc(t.position), asc(t.id)], limit: 200 },
});

export const postStatsEntity = defineEntity({
  name: 'postStats',
  table: postStats,
  toWire: (row): PostStats => ({ id: row.id, views: row.views }),
});
