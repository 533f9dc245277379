/**
 * The core database schema: colleges, their structure, people, sessions, mail and the sync
 * bookkeeping. Every table carries `college_id` (the tenant and the future shard key) and
 * uuid primary keys made with contract/ids.ts `uuidv7`, so rows created offline on a device
 * can keep their ids. Each feature declares its own tables in `server/<feature>/schema.ts`
 * (drizzle.config.ts reads them all into one migration history).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { colleges } from './colleges';
import { syncedTable } from './syncedTable';

export { colleges };

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** Archived reference data stays for what points at it, but is offered for nothing new (server/structure). */
const archivedAt = () => timestamp('archived_at', { withTimezone: true });
const collegeRef = () =>
  uuid('college_id')
    .notNull()
    .references(() => colleges.id, { onDelete: 'cascade' });

/** Campuses ("sedes"): reference data, synced to every member. */
export const places = syncedTable(
  'places',
  {
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    createdAt: createdAt(),
    archivedAt: archivedAt(),
  },
  (t) => [index('places_college_idx').on(t.collegeId)],
);

export const courses = syncedTable(
  'courses',
  {
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    archivedAt: archivedAt(),
  },
  (t) => [index('courses_college_idx').on(t.collegeId)],
);

export const grades = syncedTable(
  'grades',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    archivedAt: archivedAt(),
  },
  (t) => [index('grades_college_idx').on(t.collegeId)],
);

export const sections = syncedTable(
  'sections',
  {
    gradeId: uuid('grade_id')
      .notNull()
      .references(() => grades.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    placeId: uuid('place_id').references(() => places.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    archivedAt: archivedAt(),
  },
  (t) => [index('sections_college_idx').on(t.collegeId)],
);

/**
 * The members of a college. The table is also synced, to administrators' devices only (the
 * `members` entity of server/members): `seq` is stamped by every write an administrator
 * should see (writeInCollege: the members mutations, a profile edit, a sign-up), and the
 * audience is `admins` for every row. `deleted_at` is never set here (compaction would remove
 * the row, and posts keep their author): a deleted member gets `removed_at` and leaves the
 * administrators' audience (`audience_keys` empty), which reaches their devices as a delete.
 * `section_ids` copies user_sections (what the pull's audience reads) and `child_ids` are a
 * guardian's children, so the synced row is built from this row alone.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    collegeId: collegeRef(),
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    audienceKeys: text('audience_keys')
      .array()
      .notNull()
      .default(sql`'{admins}'::text[]`),
    seenKeys: text('seen_keys')
      .array()
      .notNull()
      .default(sql`'{admins}'::text[]`),
    sectionIds: text('section_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    childIds: text('child_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A deleted member (server/members): personal data scrubbed, the name kept for their posts. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    role: text('role', { enum: ['admin', 'staff', 'student', 'guardian'] }).notNull(),
    status: text('status', { enum: ['active', 'pending', 'disabled'] })
      .notNull()
      .default('active'),
    name: text('name').notNull(),
    firstLastname: text('first_lastname').notNull().default(''),
    secondLastname: text('second_lastname').notNull().default(''),
    /** Lower-cased. */
    email: text('email').notNull(),
    /** Normalized `12345678-5` (contract/rut.ts `normalizeRut`). */
    rut: text('rut'),
    phone: text('phone').notNull().default(''),
    birthdate: date('birthdate', { mode: 'string' }),
    /** Storage key of the avatar image. */
    avatar: text('avatar'),
    passwordHash: text('password_hash').notNull(),
    pinCode: text('pin_code'),
    placeId: uuid('place_id').references(() => places.id, { onDelete: 'set null' }),
    promotions: boolean('promotions').notNull().default(false),
    /** The first sign-in, by any way (password, invitation, single sign-on): null = never signed in. */
    signedInAt: timestamp('signed_in_at', { withTimezone: true }),
    /** When the member's live invitation was sent (server/invitations); null = none. */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_college_email_unique').on(t.collegeId, t.email),
    uniqueIndex('users_college_rut_unique').on(t.collegeId, t.rut),
    index('users_college_seq_idx').on(t.collegeId, t.seq),
  ],
);

export const userSections = pgTable(
  'user_sections',
  {
    collegeId: collegeRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => sections.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sectionId] }), index('user_sections_college_section_idx').on(t.collegeId, t.sectionId)],
);

export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuid('id').primaryKey(),
    collegeId: collegeRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the token, hex; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    /** The last pull of the device holding it, to the hour (server/sync: whether a member still has a device). */
    syncedAt: timestamp('synced_at', { withTimezone: true }),
  },
  (t) => [index('access_tokens_user_idx').on(t.collegeId, t.userId)],
);

/** Failed sign-ins, shared by every API process (throttle). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid('id').primaryKey(),
    collegeId: collegeRef(),
    identifier: text('identifier').notNull(),
    ip: text('ip').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_key_idx').on(t.collegeId, t.identifier, t.ip, t.attemptedAt),
    // The address's tries at any account (server/auth/loginThrottle.ts).
    index('login_attempts_ip_idx').on(t.ip, t.attemptedAt),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey(),
    collegeId: collegeRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.collegeId, t.userId)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey(),
    collegeId: collegeRef(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** `logged` (no SMTP settings), `pending`, `sent` or `failed`. */
    status: text('status', { enum: ['logged', 'pending', 'sent', 'failed'] }).notNull(),
    /** The last sending failure's text (the SMTP server's answer). */
    error: text('error'),
    /** Sending attempts so far (server/mail/mailer.ts retries with backoff, then `failed`). */
    attempts: integer('attempts').notNull().default(0),
    /** When a `pending` mail is (re)tried by the retry job; a lease while a send is under way. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The HTML part ('' for a plain-text mail). */
    html: text('html').notNull().default(''),
    /** Extra headers (`List-Unsubscribe`, `List-Unsubscribe-Post`), kept for the retries. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** The member it is written to, when it is one (a permanent refusal is recorded on them). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('mail_outbox_college_created_idx').on(t.collegeId, t.createdAt),
    index('mail_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
  ],
);

export const smtpSettings = pgTable('smtp_settings', {
  id: uuid('id').primaryKey(),
  collegeId: collegeRef().unique(),
  host: text('host').notNull(),
  port: integer('port').notNull().default(587),
  /** `none` (plain, never STARTTLS), `starttls` (required) or `tls` (implicit, usually 465). */
  security: text('security', { enum: ['none', 'starttls', 'tls'] })
    .notNull()
    .default('none'),
  username: text('username').notNull().default(''),
  /**
   * Legacy plain password: moved into `password_encrypted` (and emptied) at the first start
   * after the migration (server/mail/secretKey.ts). Never written otherwise.
   */
  password: text('password').notNull().default(''),
  /** `v1:` + base64(iv | tag | AES-256-GCM ciphertext) with the installation's secret key; '' = none. */
  passwordEncrypted: text('password_encrypted').notNull().default(''),
  fromAddress: text('from_address').notNull(),
  fromName: text('from_name').notNull().default(''),
  replyTo: text('reply_to').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sign-ins and app opens ("ingresos"), for the statistics screen. */
export const entries = pgTable(
  'entries',
  {
    id: uuid('id').primaryKey(),
    collegeId: collegeRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['sign_in', 'app_open'] }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** Hour of day 0–23 in the college's time zone. */
    hour: smallint('hour').notNull(),
  },
  (t) => [
    // Covers the statistics' aggregates (server/statistics): an index-only scan of a period.
    index('entries_college_time_idx').on(t.collegeId, t.occurredAt, t.userId),
    index('entries_user_kind_idx').on(t.collegeId, t.userId, t.kind, t.occurredAt),
  ],
);

/**
 * The change counter of each college (server/sync/writeInCollege.ts). Every write to a
 * synced table first locks this row and stamps its rows with the following numbers, so the
 * writers of one college commit in sequence order and a pull never skips a row.
 */
export const syncState = pgTable('sync_state', {
  collegeId: uuid('college_id')
    .primaryKey()
    .references(() => colleges.id, { onDelete: 'cascade' }),
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  /**
   * The highest change number of a tombstone removed by compaction (server/sync/compaction.ts):
   * a device whose cursor is below it may have missed that delete, so its pull answers `reset`.
   */
  compactedSeq: bigint('compacted_seq', { mode: 'number' }).notNull().default(0),
});

/** Pushed mutations, applied at most once: a replayed id answers the stored result. */
export const appliedMutations = pgTable(
  'applied_mutations',
  {
    id: uuid('id').primaryKey(),
    collegeId: collegeRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: ['applied', 'rejected'] }).notNull(),
    /** The rejection (contract/sync.ts `mutationError`), null when applied. */
    result: jsonb('result'),
    createdAt: createdAt(),
  },
  (t) => [index('applied_mutations_user_idx').on(t.collegeId, t.userId, t.createdAt)],
);
