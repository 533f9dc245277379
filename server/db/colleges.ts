import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The tenant itself: its id is the `college_id` of every other row (server/db/schema.ts). */
export const colleges = pgTable('colleges', {
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
  /** Minutes before an emergency alert nobody acknowledged is emailed (server/notifications). */
  emergencyEmailMinutes: integer('emergency_email_minutes').notNull().default(10),
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
