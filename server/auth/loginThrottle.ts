import { and, count, eq, gt, lt } from 'drizzle-orm';
import { uuidv7 } from '../../contract/ids';
import type { Database } from '../db/client';
import { loginAttempts } from '../db/schema';

export const maxFailedLogins = 5;
export const loginWindowMs = 15 * 60 * 1000;

interface AttemptKey {
  collegeId: string;
  identifier: string;
  ip: string;
}

const sameKey = (key: AttemptKey) =>
  and(eq(loginAttempts.collegeId, key.collegeId), eq(loginAttempts.identifier, key.identifier), eq(loginAttempts.ip, key.ip));

/**
 * Failed sign-ins are kept in the database, so every API process sees the same count.
 * After `maxFailedLogins` failures within the window the next attempt is refused (429).
 */
export async function isLoginThrottled(db: Database, key: AttemptKey): Promise<boolean> {
  const since = new Date(Date.now() - loginWindowMs);
  const [row] = await db
    .select({ failures: count() })
    .from(loginAttempts)
    .where(and(sameKey(key), gt(loginAttempts.attemptedAt, since)));
  return (row?.failures ?? 0) >= maxFailedLogins;
}

export async function recordFailedLogin(db: Database, key: AttemptKey): Promise<void> {
  const since = new Date(Date.now() - loginWindowMs);
  await db.delete(loginAttempts).where(and(sameKey(key), lt(loginAttempts.attemptedAt, since)));
  await db.insert(loginAttempts).values({ id: uuidv7(), ...key });
}

export async function clearFailedLogins(db: Database, key: AttemptKey): Promise<void> {
  await db.delete(loginAttempts).where(sameKey(key));
}
