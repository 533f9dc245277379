/**
 * The ticket a device holds between a right password and its second step: 32 random bytes
 * (base64url) given to the device, only their sha256 stored in second_factor_challenges. It
 * lasts five minutes and is taken once, by one conditional update, so two second steps sent
 * together with one ticket cannot both issue a session.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { secondFactorChallenges } from './schema';

export const ticketLifetimeMs = 5 * 60 * 1000;

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export interface SignInTicket {
  ticket: string;
  expiresAt: Date;
}

/** Records a sign-in waiting for its second step and answers the ticket the device keeps. */
export async function issueSignInTicket(db: Database, collegeId: string, userId: string, now = new Date()): Promise<SignInTicket> {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ticketLifetimeMs);
  await db.insert(secondFactorChallenges).values({ id: randomUUID(), collegeId, userId, purpose: 'sign-in', ticketHash: hashTicket(ticket), expiresAt });
  return { ticket, expiresAt };
}

/** The member a live, unused ticket of this college names, without taking it (a wrong code may be retried). */
export async function readSignInTicket(db: Database, collegeId: string, ticket: string, now = new Date()): Promise<{ id: string; userId: string } | null> {
  const [row] = await db
    .select({ id: secondFactorChallenges.id, userId: secondFactorChallenges.userId })
    .from(secondFactorChallenges)
    .where(liveTicket(collegeId, ticket, now));
  return row ?? null;
}

/** Takes the ticket: answers its member once, null for an unknown, expired, used or another college's ticket. */
export async function takeSignInTicket(db: Database, collegeId: string, ticket: string, now = new Date()): Promise<{ userId: string } | null> {
  const [row] = await db
    .update(secondFactorChallenges)
    .set({ usedAt: now })
    .where(liveTicket(collegeId, ticket, now))
    .returning({ userId: secondFactorChallenges.userId });
  return row ?? null;
}

/** Keeps the WebAuthn challenge of the ticket's passkey step (a newer one replaces it). */
export async function setTicketChallenge(db: Database, collegeId: string, ticket: string, challenge: string, now = new Date()): Promise<boolean> {
  const updated = await db
    .update(secondFactorChallenges)
    .set({ challenge })
    .where(liveTicket(collegeId, ticket, now))
    .returning({ id: secondFactorChallenges.id });
  return updated.length === 1;
}

/**
 * Takes the ticket's challenge if it is `challenge`: once only, so an assertion is never
 * verified twice against one challenge. The ticket itself stays for a retry.
 */
export async function takeTicketChallenge(db: Database, collegeId: string, ticket: string, challenge: string, now = new Date()): Promise<boolean> {
  const taken = await db
    .update(secondFactorChallenges)
    .set({ challenge: null })
    .where(and(liveTicket(collegeId, ticket, now), eq(secondFactorChallenges.challenge, challenge)))
    .returning({ id: secondFactorChallenges.id });
  return taken.length === 1;
}

function liveTicket(collegeId: string, ticket: string, now: Date) {
  return and(
    eq(secondFactorChallenges.ticketHash, hashTicket(ticket)),
    eq(secondFactorChallenges.collegeId, collegeId),
    eq(secondFactorChallenges.purpose, 'sign-in'),
    isNull(secondFactorChallenges.usedAt),
    gt(secondFactorChallenges.expiresAt, now),
  );
}
