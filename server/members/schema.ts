/**
 * The members feature's own table. The members themselves are the core `users` table
 * (server/db/schema.ts), synced to administrators as the `members` entity.
 */
import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { colleges, users } from '../db/schema';

/**
 * Wrong PINs given for a member (`POST /api/v1/members/{id}/verify-pin`), in the database
 * so that every API process counts the same tries (like login_attempts).
 */
export const pinAttempts = pgTable(
  'pin_attempts',
  {
    id: uuid('id').primaryKey(),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pin_attempts_member_idx').on(t.collegeId, t.userId, t.attemptedAt)],
);
