/**
 * The events feature's tables (drizzle.config.ts reads every `server/<feature>/schema.ts`
 * into the one migration history).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { audienceScopes } from '../../contract/audience';
import { eventCategories } from '../../contract/events';
import { attachmentListColumn } from '../attachments/schema';
import { colleges, users } from '../db/schema';
import { audienceColumns, syncedTable } from '../db/syncedTable';

/**
 * Events of the school calendar. `start`/`end` are wall-clock times (or days, when all-day)
 * in `time_zone` (contract/eventTime.ts); `first_day`/`last_day` are the days the event
 * touches, every occurrence included, so the REST list finds a range's events by index.
 */
export const events = syncedTable(
  'events',
  {
    name: text('name').notNull(),
    /** Sanitised HTML (server/richText/sanitizeContent.ts), possibly empty. */
    description: text('description').notNull().default(''),
    location: text('location').notNull().default(''),
    category: text('category', { enum: eventCategories }).notNull(),
    allDay: boolean('all_day').notNull(),
    start: text('start').notNull(),
    end: text('end').notNull(),
    timeZone: text('time_zone').notNull(),
    repeatFreq: text('repeat_freq', { enum: ['weekly', 'monthly'] }),
    repeatUntil: text('repeat_until'),
    repeatCount: integer('repeat_count'),
    exceptions: text('exceptions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    calendarSync: boolean('calendar_sync').notNull().default(true),
    firstDay: text('first_day').notNull(),
    lastDay: text('last_day').notNull(),
    courseIds: uuid('course_ids').array().notNull(),
    gradeIds: uuid('grade_ids').array().notNull(),
    sectionIds: uuid('section_ids').array().notNull(),
    scope: text('scope', { enum: audienceScopes }).notNull(),
    /** RFC 5545 SEQUENCE: 0 when created, +1 on every change. */
    sequence: integer('sequence').notNull().default(0),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Its files as devices list them (server/attachments). */
    attachments: attachmentListColumn(),
    ...audienceColumns(),
  },
  (t) => [index('events_college_days_idx').on(t.collegeId, t.firstDay, t.lastDay)],
);

/**
 * A member's private calendar feed (one per member): whoever holds the token reads the
 * events that member may see, as an iCalendar file. Regenerating replaces the token, and
 * revoking deletes the row: the old address answers 404 at once. The token is kept as it
 * is so the profile can show the address again; it reads nothing but that calendar.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  collegeId: uuid('college_id')
    .notNull()
    .references(() => colleges.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
