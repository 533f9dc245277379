/**
 * Single sign-on with the college's OpenID Connect provider (docs/features/sso.md): its
 * settings, and each sign-in under way between the redirect to the provider and its answer.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { colleges, users } from '../db/schema';

const instant = (name: string) => timestamp(name, { withTimezone: true });
const collegeRef = () =>
  uuid('college_id')
    .notNull()
    .references(() => colleges.id, { onDelete: 'cascade' });

export const ssoSettings = pgTable('sso_settings', {
  collegeId: uuid('college_id')
    .primaryKey()
    .references(() => colleges.id, { onDelete: 'cascade' }),
  /** What the sign-in page's button says after "Sign in with" (Google Workspace, Microsoft 365, …). */
  displayName: text('display_name').notNull(),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** Sealed with the installation's secret key like the SMTP password (server/mail/secretKey.ts); '' = none. */
  clientSecretEncrypted: text('client_secret_encrypted').notNull().default(''),
  /** Lower-cased domains an email must end with (`@school.edu`); empty = any verified email of a member. */
  allowedDomains: text('allowed_domains')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/**
 * A sign-in under way: created when the browser is sent to the provider, consumed once by its
 * answer (a second answer with the same `state` finds nothing). After the answer it holds a
 * one-time exchange code the app trades for a Patio session, so no token travels in a URL.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    id: uuid('id').primaryKey(),
    collegeId: collegeRef(),
    /** sha256 of `state`, hex. */
    stateHash: text('state_hash').notNull().unique(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** Where in the app to land afterwards (a path of this site only). */
    returnTo: text('return_to').notNull().default('/'),
    expiresAt: instant('expires_at').notNull(),
    /** Set by the provider's answer: the member it signed in, and the exchange code's hash. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    exchangeHash: text('exchange_hash').unique(),
    /** The refusal to show when the answer was refused (a message key of contract/messages.ts). */
    error: text('error'),
    answeredAt: instant('answered_at'),
    usedAt: instant('used_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('sso_logins_expires_idx').on(t.expiresAt)],
);
