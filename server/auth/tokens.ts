import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { uuidv7 } from '../../contract/ids';
import type { Database } from '../db/client';
import { accessTokens, users } from '../db/schema';
import { memberPokeKeys } from '../audience/guardians';
import { writeInCollege } from '../sync/writeInCollege';

/** 256 random bits, base64url: what the client holds. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a database leak does not leak usable tokens. */
export function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * A new session for the member, whichever way they signed in (password, invitation, single
 * sign-on): the first one also records when they first signed in (`users.signed_in_at`, what
 * the members list and the invitations read).
 */
export async function issueAccessToken(db: Database, collegeId: string, userId: string, now = new Date()): Promise<string> {
  const secret = newSecret();
  await db.insert(accessTokens).values({ id: uuidv7(), collegeId, userId, tokenHash: digest(secret) });
  await stampFirstSignIn(db, collegeId, userId, now);
  return secret;
}

/**
 * The first sign-in re-stamps the member's row, so administrators' synced lists turn "Invited
 * on …" into "Signed in" (docs/sync.md: a change reaches devices through its `seq`). Later
 * sign-ins read one row and take no lock: only the first pays for the college's write lock.
 */
async function stampFirstSignIn(db: Database, collegeId: string, userId: string, now: Date): Promise<void> {
  const whose = and(eq(users.collegeId, collegeId), eq(users.id, userId), isNull(users.signedInAt));
  const [first] = await db.select({ id: users.id }).from(users).where(whose).limit(1);
  if (!first) return;
  await writeInCollege(db, collegeId, async (write) => {
    // Two first sessions at once: the lock orders them, and the second finds it stamped.
    const [still] = await write.tx.select({ id: users.id }).from(users).where(whose).for('update');
    if (!still) return;
    await write.tx
      .update(users)
      .set({ signedInAt: now, seq: write.stamp(memberPokeKeys(userId)) })
      .where(whose);
  });
}

export async function revokeAccessToken(db: Database, collegeId: string, tokenId: string): Promise<void> {
  await db.delete(accessTokens).where(and(eq(accessTokens.collegeId, collegeId), eq(accessTokens.id, tokenId)));
}

/** Revokes every token of a user, except `keepTokenId` when given. */
export async function revokeUserTokens(db: Database, collegeId: string, userId: string, keepTokenId?: string): Promise<void> {
  const conditions = [eq(accessTokens.collegeId, collegeId), eq(accessTokens.userId, userId)];
  if (keepTokenId) conditions.push(ne(accessTokens.id, keepTokenId));
  await db.delete(accessTokens).where(and(...conditions));
}
