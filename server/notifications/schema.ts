/**
 * The notifications feature's tables (drizzle.config.ts reads every `server/<feature>/schema.ts`
 * into the one migration history).
 */
import { boolean, index, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { audienceScopes } from '../../contract/audience';
import { users } from '../db/schema';
import { audienceColumns, syncedTable } from '../db/syncedTable';

/** What the college sent (synced by audience). There is no edit: a correction is a new notification. */
export const notifications = syncedTable('notifications', {
  title: text('title').notNull(),
  /** Plain text. */
  content: text('content').notNull(),
  emergency: boolean('emergency').notNull().default(false),
  courseIds: uuid('course_ids').array().notNull(),
  gradeIds: uuid('grade_ids').array().notNull(),
  sectionIds: uuid('section_ids').array().notNull(),
  scope: text('scope', { enum: audienceScopes }).notNull(),
  authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
  authorName: text('author_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Members reached when it was sent (the receipts made then). */
  sentTo: integer('sent_to').notNull().default(0),
  /** The last "send again to those who have not read it". */
  remindedAt: timestamp('reminded_at', { withTimezone: true }),
  ...audienceColumns(),
});

/**
 * One row per member a notification reached, made when it is sent: synced to that member
 * alone (`audience_keys` = `{user:<id>}`) as entity `notificationReceipts`, and the
 * server's work list. `push_due_at`/`pushed_at` drive the push job (quiet hours move
 * `push_due_at` to their end; rows due together for one member go as one summary);
 * `email_due_at`/`emailed_at` drive the emergency cascade. Both jobs take rows with
 * `FOR UPDATE SKIP LOCKED`, so several API processes share them and each step runs once.
 * Writing `pushed_at`/`emailed_at` does not stamp `seq`: devices never see them.
 */
export const notificationReceipts = syncedTable(
  'notification_receipts',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emergency: boolean('emergency').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    /** Null: not to be pushed (again). */
    pushDueAt: timestamp('push_due_at', { withTimezone: true }),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    /** How many of the member's devices the push service accepted it for, at the last push. */
    pushedDevices: integer('pushed_devices').notNull().default(0),
    /** Emergency alerts only: when it is emailed unless acknowledged first. */
    emailDueAt: timestamp('email_due_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    ...audienceColumns(),
  },
  (t) => [
    uniqueIndex('notification_receipts_notification_user_idx').on(t.notificationId, t.userId),
    index('notification_receipts_push_due_idx').on(t.pushDueAt),
    index('notification_receipts_email_due_idx').on(t.emailDueAt),
    index('notification_receipts_user_idx').on(t.collegeId, t.userId),
  ],
);
