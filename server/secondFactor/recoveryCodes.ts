/**
 * Ten one-time recovery codes per member: shown once, stored as sha256 hashes (the codes are
 * random, 50 bits each, so a slow hash adds nothing), each usable once. A new set replaces the
 * old one in one transaction.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { recoveryCodes } from './schema';

export const recoveryCodeCount = 10;

/** Crockford-like alphabet without 0/O, 1/I/L, so a code copied by hand is read back right. */
const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

function newCode(): string {
  const bytes = randomBytes(10);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Spaces, dashes and case do not matter when a member types a code back. */
export function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}

/** Replaces the member's codes with ten new ones and answers them (the only time they are seen). */
export async function regenerateRecoveryCodes(db: Database, collegeId: string, userId: string): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, newCode);
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(and(eq(recoveryCodes.collegeId, collegeId), eq(recoveryCodes.userId, userId)));
    await tx.insert(recoveryCodes).values(codes.map((code) => ({ id: randomUUID(), collegeId, userId, codeHash: hashRecoveryCode(code) })));
  });
  return codes;
}

/**
 * Marks the code used and answers true, or false when it is not one of the member's unused
 * codes. One conditional update, so two simultaneous uses of a code cannot both succeed.
 */
export async function useRecoveryCode(db: Database, collegeId: string, userId: string, code: string, now = new Date()): Promise<boolean> {
  if (normalizeRecoveryCode(code).length !== 10) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.collegeId, collegeId),
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}
