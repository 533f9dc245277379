/**
 * Web Push's tables (drizzle.config.ts reads every `server/<feature>/schema.ts`).
 */
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { colleges, users } from '../db/schema';

/**
 * One browser's push subscription (contract/push.ts). Keyed by its endpoint: a browser that
 * signs in as someone else moves its row. Rows the push service answers 404 or 410 for
 * are deleted; `failures` counts other refusals in a row (dropped past a few).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    failures: integer('failures').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastPushedAt: timestamp('last_pushed_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.collegeId, t.userId)],
);

/**
 * Keys made once per installation (the VAPID key pair, unless given by the environment):
 * the first process to start inserts them, every other one reads them.
 */
export const installationKeys = pgTable('installation_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A member's quiet hours (defaults: contract/notifications.ts, when there is no row): every
 * push but an emergency alert waits for their end (server/push/quietHours.ts). Written on
 * the notifications screen, read by every feature that pushes (notifications, messenger).
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  collegeId: uuid('college_id')
    .notNull()
    .references(() => colleges.id, { onDelete: 'cascade' }),
  quietHours: boolean('quiet_hours').notNull().default(true),
  quietStart: text('quiet_start').notNull().default('21:00'),
  quietEnd: text('quiet_end').notNull().default('07:00'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
