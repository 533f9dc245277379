/**
 * The database schema. Every table carries `college_id` (the tenant and the future shard
 * key) and uuid primary keys made with contract/ids.ts `uuidv7`, so rows created offline on
 * a device can keep their ids. Later features (posts, sync feed, events, notifications,
 * documents, messenger) add their own tables beside these.
 */
import { sql } from 'drizzle-orm';
import { postScopes } from '../../contract/posts';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const collegeRef = () =>
  uuid('college_id')
    .notNull()
    .references(() => colleges.id, { onDelete: 'cascade' });

/**
 * Columns of every synced table (server/sync): `seq` is the college's change number of the
 * row's last write (stamped by `writeInCollege`), `deleted_at` keeps a tombstone so devices
 * learn about deletions. Index (college_id, seq) serves the pull.
 */
const syncColumns = () => ({
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

export const colleges = pgTable('colleges', {
  /** The tenant itself: its id is the `college_id` of every other row. */
  id: uuid('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  acronym: text('acronym').notNull().default(''),
  address: text('address').notNull().default(''),
  communeCode: text('commune_code').notNull().default(''),
  commune: text('commune').notNull().default(''),
  email: text('email').notNull().default(''),
  phone: text('phone').notNull().default(''),
  language: text('language').notNull().default('es'),
  /** IANA zone used for the hour of entries (statistics). */
  timeZone: text('time_zone').notNull().default('America/Santiago'),
  themeColor: text('theme_color').notNull().default('#2f7d4f'),
  image: text('image').notNull().default(''),
  imageMenu: text('image_menu').notNull().default(''),
  imageSplash: text('image_splash').notNull().default(''),
  logo: text('logo').notNull().default(''),
  haveAdvertising: boolean('have_advertising').notNull().default(false),
  showOnboarding: boolean('show_onboarding').notNull().default(false),
  appStatusPublishing: integer('app_status_publishing').notNull().default(1),
  allowSignup: boolean('allow_signup').notNull().default(false),
  /** Substrings of the host name that select this college (contract/tenant.ts). */
  hostPatterns: text('host_patterns')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** The college served on loopback hosts (localhost, 127.0.0.1). */
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const places = pgTable(
  'places',
  {
    id: uuid('id').primaryKey(),
    collegeId: collegeRef(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    createdAt: createdAt(),
    ...syncColumns(),
  },
  (t) => [index('places_college_idx').on(t.collegeId), index('places_college_seq_idx').on(t.collegeId, t.seq)],
);

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey(),
    collegeId: collegeRef(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    ...syncColumns(),
  },
  (t) => [index('courses_college_idx').on(t.collegeId), index('courses_college_seq_idx').on(t.collegeId, t.seq)],
);

export const grades = pgTable(
  'grades',
  {
    id: uuid('id').primaryKey(),
    collegeId: collegeRef(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    ...syncColumns(),
  },
  (t) => [index('grades_college_idx').on(t.collegeId), index('grades_college_seq_idx').on(t.collegeId, t.seq)],
);

export const sections = pgTable(
  'sections',
  {
    id: uuid('id').primaryKey(),
    collegeId: collegeRef(),
    gradeId: uuid('grade_id')
      .notNull()
      .references(() => grades.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    placeId: uuid('place_id').references(() => places.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    ...syncColumns(),
  },
  (t) => [index('sections_college_idx').on(t.collegeId), index('sections_college_seq_idx').on(t.collegeId, t.seq)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    collegeId: collegeRef(),
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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_college_email_unique').on(t.collegeId, t.email),
    uniqueIndex('users_college_rut_unique').on(t.collegeId, t.rut),
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
  (t) => [
    primaryKey({ columns: [t.userId, t.sectionId] }),
    index('user_sections_college_section_idx').on(t.collegeId, t.sectionId),
  ],
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
  (t) => [index('login_attempts_key_idx').on(t.collegeId, t.identifier, t.ip, t.attemptedAt)],
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
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_college_created_idx').on(t.collegeId, t.createdAt)],
);

export const smtpSettings = pgTable('smtp_settings', {
  id: uuid('id').primaryKey(),
  collegeId: collegeRef().unique(),
  host: text('host').notNull(),
  port: integer('port').notNull().default(587),
  secure: boolean('secure').notNull().default(false),
  username: text('username').notNull().default(''),
  password: text('password').notNull().default(''),
  fromAddress: text('from_address').notNull(),
  fromName: text('from_name').notNull().default(''),
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
    index('entries_college_time_idx').on(t.collegeId, t.occurredAt),
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

/** Post categories (news, sports…): reference data, synced. */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey(),
    collegeId: collegeRef(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    ...syncColumns(),
  },
  (t) => [uniqueIndex('categories_college_slug_unique').on(t.collegeId, t.slug), index('categories_college_seq_idx').on(t.collegeId, t.seq)],
);

/** Posts (news). The audience is course/grade/section ids plus a scope (DESIGN.md "Roles"). */
export const posts = pgTable(
  'posts',
  {
    /** A UUIDv7 made by the device that wrote it. */
    id: uuid('id').primaryKey(),
    collegeId: collegeRef(),
    title: text('title').notNull(),
    /** Sanitised HTML (server/posts/sanitizeContent.ts). */
    content: text('content').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    courseIds: uuid('course_ids').array().notNull(),
    gradeIds: uuid('grade_ids').array().notNull(),
    sectionIds: uuid('section_ids').array().notNull(),
    scope: text('scope', { enum: postScopes }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    views: integer('views').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ...syncColumns(),
  },
  (t) => [index('posts_college_seq_idx').on(t.collegeId, t.seq), index('posts_college_published_idx').on(t.collegeId, t.publishedAt)],
);

/** Who has read which post: a view counts once per user and post. */
export const postViews = pgTable(
  'post_views',
  {
    collegeId: collegeRef(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);
