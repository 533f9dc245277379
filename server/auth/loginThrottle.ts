import { and, count, eq, gt, lt } from 'drizzle-orm';
import { uuidv7 } from '../../contract/ids';
import type { Database } from '../db/client';
import { reserveTry } from '../db/countedTries';
import { loginAttempts } from '../db/schema';

export const maxFailedLogins = 5;
export const loginWindowMs = 15 * 60 * 1000;

export interface AttemptKey {
  collegeId: string;
  identifier: string;
  ip: string;
}

const sameKey = (key: AttemptKey) =>
  and(eq(loginAttempts.collegeId, key.collegeId), eq(loginAttempts.identifier, key.identifier), eq(loginAttempts.ip, key.ip));

/** The key whose lock counts the tries of one account from one address one after another. */
export const loginTryKey = (key: AttemptKey): string => `login ${key.collegeId} ${key.identifier} ${key.ip}`;

/**
 * A try at a password that holds a place in the count while the password is checked. A
 * wrong password needs nothing more: the try is already counted.
 */
export interface LoginTry {
  /** The password was right: every failure of the key (account and address) is forgotten. */
  succeeded(): Promise<void>;
  /** The try decided nothing (an account waiting or closed): it is no longer counted. */
  withdrawn(): Promise<void>;
}

/**
 * Reserves a try at the current password of a signed-in member (changing it asks for it),
 * counted per member from any address: a stolen session must not let its holder guess the
 * password. Same figures and lifecycle as a sign-in's.
 */
export function reserveCurrentPasswordTry(db: Database, collegeId: string, userId: string): Promise<LoginTry | null> {
  return reserveLoginTry(db, { collegeId, identifier: `current-password:${userId}`, ip: 'any' });
}

/**
 * Reserves a sign-in try of an account (email or rut) from an address before its password
 * is checked, or answers null when `maxFailedLogins` tries are already counted within the
 * window (429). Kept in the database and reserved under a lock (`reserveTry`), so any
 * number of simultaneous requests, in any number of processes, check at most
 * `maxFailedLogins` passwords.
 */
export async function reserveLoginTry(db: Database, key: AttemptKey): Promise<LoginTry | null> {
  const since = new Date(Date.now() - loginWindowMs);
  const id = uuidv7();
  const reserved = await reserveTry(db, loginTryKey(key), maxFailedLogins, {
    count: async (tx) => {
      await tx.delete(loginAttempts).where(and(sameKey(key), lt(loginAttempts.attemptedAt, since)));
      const [row] = await tx
        .select({ tries: count() })
        .from(loginAttempts)
        .where(and(sameKey(key), gt(loginAttempts.attemptedAt, since)));
      return row?.tries ?? 0;
    },
    keep: (tx) => tx.insert(loginAttempts).values({ id, ...key }),
  });
  if (!reserved) return null;
  return {
    succeeded: async () => {
      await db.delete(loginAttempts).where(sameKey(key));
    },
    withdrawn: async () => {
      await db.delete(loginAttempts).where(eq(loginAttempts.id, id));
    },
  };
}
