import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { uuidv7 } from '../../contract/ids';
import type { Database } from '../db/client';
import { accessTokens, users } from '../db/schema';

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
export async function issueAccessToken(db: Database, collegeId: string, userId: string): Promise<string> {
  const secret = newSecret();
  await db.insert(accessTokens).values({ id: uuidv7(), collegeId, userId, tokenHash: digest(secret) });
  await db
    .update(users)
    .set({ signedInAt: new Date() })
    .where(and(eq(users.collegeId, collegeId), eq(users.id, userId), isNull(users.signedInAt)));
  return secret;
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
