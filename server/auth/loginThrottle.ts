import { and, count, eq, gt, lt, type SQL } from 'drizzle-orm';
import { uuidv7 } from '../../contract/ids';
import type { Database } from '../db/client';
import { reserveTryWithin, type TryLimit } from '../db/countedTries';
import { loginAttempts } from '../db/schema';

export const maxFailedLogins = 5;
export const loginWindowMs = 15 * 60 * 1000;

/**
 * The wider limits of sign-in, in the same window (docs/limits.md): failed tries of one
 * account from any address (many addresses guessing one password), and of one address at
 * any account of any college (one address trying a password on many accounts). Higher than
 * the pair's five: a school's families and students may share one address.
 */
export interface SignInLimits {
  perAccount: number;
  perAddress: number;
}
export const defaultSignInLimits: SignInLimits = { perAccount: 20, perAddress: 200 };

export interface AttemptKey {
  collegeId: string;
  identifier: string;
  ip: string;
}

const sameKey = (key: AttemptKey) =>
  and(eq(loginAttempts.collegeId, key.collegeId), eq(loginAttempts.identifier, key.identifier), eq(loginAttempts.ip, key.ip));

/** The key whose lock counts the tries of one account from one address one after another. */
export const loginTryKey = (key: AttemptKey): string => `login ${key.collegeId} ${key.identifier} ${key.ip}`;
/** The keys of the wider limits: one account from any address; one address at any account. */
export const accountTryKey = (key: AttemptKey): string => `login-account ${key.collegeId} ${key.identifier}`;
export const addressTryKey = (key: AttemptKey): string => `login-address ${key.ip}`;

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
  return reserveLoginTry(db, { collegeId, identifier: `current-password:${userId}`, ip: 'any' }, null);
}

/**
 * Reserves a sign-in try of an account (email or rut) from an address before its password
 * is checked, or answers null when the tries already counted within the window reach a
 * limit (429): `maxFailedLogins` of the account from this address, and with `wider`, the
 * account's from any address and the address's at any account. Kept in the database and
 * reserved under locks (`reserveTryWithin`), so any number of simultaneous requests, in any
 * number of processes, check no more passwords than the limits allow.
 */
export async function reserveLoginTry(db: Database, key: AttemptKey, wider: SignInLimits | null): Promise<LoginTry | null> {
  const since = new Date(Date.now() - loginWindowMs);
  const id = uuidv7();
  const tries = async (tx: Parameters<TryLimit['count']>[0], where: SQL | undefined) => {
    const [row] = await tx
      .select({ tries: count() })
      .from(loginAttempts)
      .where(and(where, gt(loginAttempts.attemptedAt, since)));
    return row?.tries ?? 0;
  };
  const limits: TryLimit[] = [
    {
      key: loginTryKey(key),
      limit: maxFailedLogins,
      count: async (tx) => {
        await tx.delete(loginAttempts).where(and(sameKey(key), lt(loginAttempts.attemptedAt, since)));
        return tries(tx, sameKey(key));
      },
    },
  ];
  if (wider) {
    limits.push(
      {
        key: accountTryKey(key),
        limit: wider.perAccount,
        count: (tx) => tries(tx, and(eq(loginAttempts.collegeId, key.collegeId), eq(loginAttempts.identifier, key.identifier))),
      },
      { key: addressTryKey(key), limit: wider.perAddress, count: (tx) => tries(tx, eq(loginAttempts.ip, key.ip)) },
    );
  }
  const reserved = await reserveTryWithin(db, limits, (tx) => tx.insert(loginAttempts).values({ id, ...key }));
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
