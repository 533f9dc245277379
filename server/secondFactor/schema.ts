/**
 * A second factor for administrators and staff (docs/features/second-factor.md): passkeys
 * (WebAuthn) and TOTP apps, one-time recovery codes, the sign-ins waiting for their second
 * step, and whether the college requires one.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { colleges, users } from '../db/schema';

const instant = (name: string) => timestamp(name, { withTimezone: true });
const collegeRef = () =>
  uuid('college_id')
    .notNull()
    .references(() => colleges.id, { onDelete: 'cascade' });
const userRef = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const secondFactorKinds = ['webauthn', 'totp'] as const;

/** A member's passkey or TOTP app. A TOTP row counts only once confirmed with a first code. */
export const secondFactors = pgTable(
  'second_factors',
  {
    id: uuid('id').primaryKey(),
    collegeId: collegeRef(),
    userId: userRef(),
    kind: text('kind', { enum: secondFactorKinds }).notNull(),
    /** The member's name for it ("Phone", "YubiKey"). */
    label: text('label').notNull().default(''),
    /** WebAuthn: the credential id (base64url), its public key (base64url COSE), counter and transports. */
    credentialId: text('credential_id'),
    publicKey: text('public_key'),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** TOTP: the secret sealed with the installation's key (server/mail/secretKey.ts). */
    totpSecretEncrypted: text('totp_secret_encrypted'),
    /** TOTP: the last 30 s step accepted, so a code is never used twice. */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
    confirmedAt: instant('confirmed_at'),
    lastUsedAt: instant('last_used_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('second_factors_user_idx').on(t.collegeId, t.userId), uniqueIndex('second_factors_credential_unique').on(t.credentialId)],
);

/** Ten one-time codes per member, stored hashed; a new set replaces the old. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey(),
    collegeId: collegeRef(),
    userId: userRef(),
    codeHash: text('code_hash').notNull(),
    usedAt: instant('used_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.collegeId, t.userId)],
);

/**
 * A ceremony under way: a sign-in whose password was right and that waits for its second step
 * (`ticket_hash`), or a passkey being registered. Holds the WebAuthn challenge; used once.
 */
export const secondFactorChallenges = pgTable(
  'second_factor_challenges',
  {
    id: uuid('id').primaryKey(),
    collegeId: collegeRef(),
    userId: userRef(),
    purpose: text('purpose', { enum: ['sign-in', 'register'] }).notNull(),
    /** sha256 of the sign-in ticket the device holds between the two steps, hex. */
    ticketHash: text('ticket_hash').unique(),
    challenge: text('challenge'),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('second_factor_challenges_expires_idx').on(t.expiresAt)],
);

/** Whether the college requires a second factor of its administrators, and of its staff. */
export const securitySettings = pgTable('security_settings', {
  collegeId: uuid('college_id')
    .primaryKey()
    .references(() => colleges.id, { onDelete: 'cascade' }),
  requireForAdmins: boolean('require_for_admins').notNull().default(false),
  requireForStaff: boolean('require_for_staff').notNull().default(false),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});
