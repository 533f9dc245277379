/**
 * Invitations (docs/features/invitations.md): a signed link, valid 10 days, that lets a member
 * who never signed in choose a password (or use the college's single sign-on) and lands them
 * signed in. A member has at most one live invitation: sending again replaces it.
 */
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { colleges, mailOutbox, users } from '../db/schema';

const instant = (name: string) => timestamp(name, { withTimezone: true });

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey(),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the link's secret, hex; the secret itself is only in the mail. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    /** The mail that carries it (its status tells sent, failed or bounced). */
    mailId: uuid('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invitations_user_unique').on(t.collegeId, t.userId), index('invitations_expires_idx').on(t.expiresAt)],
);
