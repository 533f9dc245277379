/**
 * The rollup of entries (`entries` in server/db/schema.ts) that the statistics' entry charts
 * read (server/statistics/statisticsQueries.ts): a year of a big college is a million
 * entries, too many to convert to the college's zone and count per request.
 *
 * Database triggers keep it (migration 0014_entry_rollup), not the code that records an
 * entry: every insert, delete (a member or a college removed, by cascade) or update of
 * `entries` changes it in the same statement, whoever writes — recordEntry, a script, an
 * administrator's SQL — and a change of a college's `time_zone` rebuilds that college's rows.
 *
 * Days and hours are the college's (`occurred_at at time zone …`). Where a zone's clocks go
 * back to midnight (America/Havana, Atlantic/Azores), the first run of the repeated 00:xx
 * hour is before PostgreSQL's instant of that midnight, so a period made of `[from, to]`
 * days counts it with the day before, while its date is the new day: those entries are
 * kept apart (`previous_day_entries`) so the charts count exactly what a direct count of
 * `entries` would.
 */
import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { colleges } from '../db/schema';

const collegeRef = () =>
  uuid('college_id')
    .notNull()
    .references(() => colleges.id, { onDelete: 'cascade' });

const buckets = ['day', 'week', 'month'] as const;

/** Entries per day and hour of the college's zone (the hours chart, and the entries per day, week or month). */
export const entryHours = pgTable(
  'entry_hours',
  {
    collegeId: collegeRef(),
    day: date('day', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    entries: integer('entries').notNull().default(0),
    /** Entries dated `day` that belong to the day before's period (see above). */
    previousDayEntries: integer('previous_day_entries').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.collegeId, t.day, t.hour] })],
);

/**
 * Each member who entered in a day, week (from Monday) or month (`start`, its first day),
 * with their entries in it. A row exists while it counts an entry; no foreign key to the
 * member: their entries' removal removes it, through the trigger.
 */
export const entryMembers = pgTable(
  'entry_members',
  {
    collegeId: collegeRef(),
    bucket: text('bucket', { enum: buckets }).notNull(),
    start: date('start', { mode: 'string' }).notNull(),
    userId: uuid('user_id').notNull(),
    entries: integer('entries').notNull().default(0),
    previousDayEntries: integer('previous_day_entries').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.collegeId, t.bucket, t.start, t.userId] }),
    check('entry_members_bucket_check', sql`${t.bucket} in ('day', 'week', 'month')`),
  ],
);

/** How many `entry_members` rows each day, week and month has: the distinct members, without counting a year of rows. */
export const entryMemberCounts = pgTable(
  'entry_member_counts',
  {
    collegeId: collegeRef(),
    bucket: text('bucket', { enum: buckets }).notNull(),
    start: date('start', { mode: 'string' }).notNull(),
    members: integer('members').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.collegeId, t.bucket, t.start] })],
);
