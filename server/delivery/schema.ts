/**
 * Reaching every member (docs/features/delivery.md): each member's choice of channel, the
 * college's settings and mail rate, the items to plan, and one row per member an item is
 * delivered to (drizzle.config.ts reads every `server/<folder>/schema.ts` into the one
 * migration history).
 */
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { deliveryFields, deliveryKinds, deliveryModes } from '../../contract/delivery';
import { colleges, users } from '../db/schema';

const collegeRef = () =>
  uuid('college_id')
    .notNull()
    .references(() => colleges.id, { onDelete: 'cascade' });
const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A member's channels: null for a kind = the default (`digest` until they first sign in,
 * then `app`), their mails' language, and the address their mail server refused for good.
 */
export const memberDelivery = pgTable('member_delivery', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  collegeId: collegeRef(),
  posts: text('posts', { enum: deliveryModes }),
  events: text('events', { enum: deliveryModes }),
  notifications: text('notifications', { enum: deliveryModes }),
  /** The language they use the app in (null: the college's). */
  language: text('language'),
  /** The address that bounced: mail to the member stops until their address is another. */
  bouncedEmail: text('bounced_email'),
  bouncedAt: instant('bounced_at'),
  bounceReason: text('bounce_reason'),
  /**
   * The kinds (`posts`, `events`, `notifications`) they unsubscribed from by a mail's link:
   * no email of that kind, not even when no device of theirs synced lately, until they
   * themselves choose email for it again (server/delivery/preferences.ts).
   */
  optedOut: text('opted_out', { enum: deliveryFields }).array().notNull().default([]),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/** The college's settings, and the next free slot of its mail rate (server/delivery/emailJob.ts). */
export const deliverySettings = pgTable('delivery_settings', {
  collegeId: uuid('college_id')
    .primaryKey()
    .references(() => colleges.id, { onDelete: 'cascade' }),
  inactiveDays: integer('inactive_days').notNull().default(7),
  mailsPerSecond: integer('mails_per_second').notNull().default(10),
  /** Mails of the college may not leave before this instant: the rate, shared by every process. */
  nextMailAt: instant('next_mail_at'),
  /** The last address an item of the college was written at: links of mails whose item has none. */
  site: text('site'),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/**
 * An item to deliver: written by the item's own write (server/delivery/schedule.ts), planned
 * into one `item_deliveries` row per member once `due_at` is reached (its publication).
 * `planned_at` null: to plan (again: an edit can widen the audience).
 */
export const deliveryItems = pgTable(
  'delivery_items',
  {
    kind: text('kind', { enum: deliveryKinds }).notNull(),
    itemId: uuid('item_id').notNull(),
    collegeId: collegeRef(),
    dueAt: instant('due_at').notNull(),
    plannedAt: instant('planned_at'),
    /** The last "send again". */
    remindedAt: instant('reminded_at'),
    /** Where its author wrote it (`https://host`): its mails' links point there. */
    site: text('site'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.itemId] }),
    index('delivery_items_to_plan_idx')
      .on(t.dueAt)
      .where(sql`${t.plannedAt} is null`),
  ],
);

/**
 * One member an item is addressed to: the report's row, and the work list of the email and
 * push jobs (taken with `FOR UPDATE SKIP LOCKED`). `email_mode`: `none` (in the app only),
 * `immediate`, `digest` (then `email_due_at` is the next 18:00 of the college) or
 * `emergency` (immediately, whatever was chosen). What the email says is read when it
 * leaves, so an edit before then is in it, and an item deleted or no longer addressed to the
 * member is not sent (`email_skipped`).
 */
export const itemDeliveries = pgTable(
  'item_deliveries',
  {
    id: uuid('id').primaryKey(),
    collegeId: collegeRef(),
    kind: text('kind', { enum: deliveryKinds }).notNull(),
    itemId: uuid('item_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull().defaultNow(),
    emailMode: text('email_mode', { enum: ['none', 'immediate', 'digest', 'emergency'] }).notNull(),
    /** Null: no email to send (or no longer). */
    emailDueAt: instant('email_due_at'),
    emailedAt: instant('emailed_at'),
    /** The mail that carried it (`mail_outbox`; a digest's mail carries several). */
    mailId: uuid('mail_id'),
    /** Why no email left: `removed` (deleted or no longer addressed), `no_email`, `email_bounces`, `read`. */
    emailSkipped: text('email_skipped'),
    pushDueAt: instant('push_due_at'),
    pushedAt: instant('pushed_at'),
    pushedDevices: integer('pushed_devices').notNull().default(0),
    /** Read in the app (or from the email's button, which opens it). */
    readAt: instant('read_at'),
    /** Opened from the email's button. */
    openedAt: instant('opened_at'),
  },
  (t) => [
    uniqueIndex('item_deliveries_item_user_idx').on(t.kind, t.itemId, t.userId),
    index('item_deliveries_email_due_idx')
      .on(t.collegeId, t.emailDueAt)
      .where(sql`${t.emailDueAt} is not null`),
    index('item_deliveries_push_due_idx')
      .on(t.pushDueAt)
      .where(sql`${t.pushDueAt} is not null`),
    index('item_deliveries_user_idx').on(t.collegeId, t.userId),
  ],
);

/** One digest per member and day: the row that makes a second one impossible. */
export const deliveryDigests = pgTable(
  'delivery_digests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    collegeId: collegeRef(),
    /** The college's day it is the digest of. */
    day: date('day', { mode: 'string' }).notNull(),
    mailId: uuid('mail_id').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
