/**
 * The posts feature's tables (drizzle.config.ts reads every `server/<feature>/schema.ts`
 * into the one migration history).
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { audienceScopes } from '../../contract/audience';
import { attachmentListColumn } from '../attachments/schema';
import { colleges, users } from '../db/schema';
import { audienceColumns, releaseColumns, syncedTable } from '../db/syncedTable';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Post categories (news, sports…): reference data, synced to every member. */
export const categories = syncedTable(
  'categories',
  {
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    /** Archived: kept for its posts, not offered for new ones (categories.archive). */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('categories_college_slug_unique').on(t.collegeId, t.slug)],
);

/**
 * Posts (news). The audience the author chose (courses, grades, sections, scope) is kept
 * as written, and as keys (contract/audience.ts) that decide who receives the post. A post
 * dated in the future is released at that time (server/audience/release.ts).
 */
export const posts = syncedTable(
  'posts',
  {
    title: text('title').notNull(),
    /** Sanitised HTML (server/richText/sanitizeContent.ts). */
    content: text('content').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    courseIds: uuid('course_ids').array().notNull(),
    gradeIds: uuid('grade_ids').array().notNull(),
    sectionIds: uuid('section_ids').array().notNull(),
    scope: text('scope', { enum: audienceScopes }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    /** Counted by views without a new change number; devices get it through `post_stats`. */
    views: integer('views').notNull().default(0),
    /** Views counted since the last flush to `post_stats` (server/posts/postStats.ts). */
    viewsPending: integer('views_pending').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Its files as devices list them (server/attachments). */
    attachments: attachmentListColumn(),
    ...audienceColumns(),
    ...releaseColumns(),
  },
  (t) => [
    index('posts_college_published_idx').on(t.collegeId, t.publishedAt),
    // The release and view-count jobs look only at the few rows waiting for them.
    index('posts_release_idx')
      .on(t.releaseAt)
      .where(sql`${t.releaseAt} is not null`),
    index('posts_views_pending_idx')
      .on(t.collegeId)
      .where(sql`${t.viewsPending} > 0`),
  ],
);

/** Who has read which post: a view counts once per user and post. */
export const postViews = pgTable(
  'post_views',
  {
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    // The most read posts of a period (server/statistics), an index-only scan.
    index('post_views_college_time_idx').on(t.collegeId, t.viewedAt, t.postId),
  ],
);

/**
 * A post's view count as devices receive it: its own synced row (id = the post's id),
 * written on a slow cadence and without pokes, so readers never re-number the post nor
 * wake other devices (server/posts/postStats.ts).
 */
export const postStats = syncedTable('post_stats', {
  views: integer('views').notNull().default(0),
  ...audienceColumns(),
});
