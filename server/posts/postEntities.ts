import type { Category, Post } from '../../contract/posts';
import { categories, posts } from '../db/schema';
import { defineEntity } from '../sync/entity';
import type { Viewer } from '../sync/viewer';

export type PostRow = typeof posts.$inferSelect;

/**
 * DESIGN.md "Roles": staff and admins see every post of their college; a student or a
 * guardian sees a post when one of their sections is targeted and the scope includes
 * their role (a `staff` post is for staff only).
 */
export function canSeePost(post: Pick<PostRow, 'collegeId' | 'sectionIds' | 'scope' | 'deletedAt'>, viewer: Viewer): boolean {
  if (post.collegeId !== viewer.collegeId || post.deletedAt !== null) return false;
  if (viewer.readAll) return true;
  if (!post.sectionIds.some((id) => viewer.sectionIds.has(id))) return false;
  return post.scope === 'everyone' || (post.scope === 'students' && viewer.role === 'student') || (post.scope === 'guardians' && viewer.role === 'guardian');
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
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const postEntity = defineEntity({ name: 'posts', table: posts, toWire: postToWire, isVisible: canSeePost });

export const categoryEntity = defineEntity({
  name: 'categories',
  table: categories,
  toWire: (row): Category => ({ id: row.id, slug: row.slug, name: row.name, position: row.position }),
});
