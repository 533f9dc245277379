/**
 * The database schema. Every table carries `college_id` (the tenant and the future shard
 * key) and uuid primary keys made with contract/ids.ts `uuidv7`, so rows created offline on
 * a device can keep their ids. Later features (posts, sync feed, events, notifications,
 * documents, messenger) add their own tables beside these.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
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
  },
  (t) => [index('places_college_idx').on(t.collegeId)],
);

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey(),
    collegeId: collegeRef(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('courses_college_idx').on(t.collegeId)],
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
  },
  (t) => [index('grades_college_idx').on(t.collegeId)],
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
  },
  (t) => [index('sections_college_idx').on(t.collegeId)],
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
