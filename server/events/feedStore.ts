import { and, eq } from 'drizzle-orm';
import type { UserRow } from '../auth/requireUser';
import { newSecret } from '../auth/tokens';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { calendarFeeds } from './schema';

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;

/**
 * A member's calendar feed (one row per member, table calendar_feeds). The token is stored as
 * it is, not as a digest like the sign-in tokens: the profile shows the address again, and
 * what it opens is one read-only calendar, not the account. Regenerating replaces it and
 * revoking deletes the row, so an old address answers 404 from the next request on.
 */

/** What a feed address looks like: `newSecret()`, 256 random bits in base64url. */
export const feedTokenPattern = /^[A-Za-z0-9_-]{43}$/;

export async function findFeed(db: Database, user: UserRow): Promise<CalendarFeedRow | null> {
  const [row] = await db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.userId, user.id), eq(calendarFeeds.collegeId, user.collegeId)))
    .limit(1);
  return row ?? null;
}

/** A new address for the member, replacing any earlier one (which stops working at once). */
export async function replaceFeed(db: Database, user: UserRow): Promise<CalendarFeedRow> {
  const values = { userId: user.id, collegeId: user.collegeId, token: newSecret(), createdAt: new Date() };
  const [row] = await db
    .insert(calendarFeeds)
    .values(values)
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { collegeId: values.collegeId, token: values.token, createdAt: values.createdAt } })
    .returning();
  return row!;
}

export async function revokeFeed(db: Database, user: UserRow): Promise<void> {
  await db.delete(calendarFeeds).where(and(eq(calendarFeeds.userId, user.id), eq(calendarFeeds.collegeId, user.collegeId)));
}

/**
 * The member a feed address belongs to, when they are still an active member of the college
 * the request came to; null otherwise (an unknown or revoked address, another college's
 * host, a disabled member), which the route answers with the same 404.
 */
export async function feedMember(db: Database, collegeId: string, token: string): Promise<UserRow | null> {
  if (!feedTokenPattern.test(token)) return null;
  const [found] = await db
    .select({ user: users })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.token, token), eq(calendarFeeds.collegeId, collegeId), eq(users.collegeId, collegeId), eq(users.status, 'active')))
    .limit(1);
  return found?.user ?? null;
}
