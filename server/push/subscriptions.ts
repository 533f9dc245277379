import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { pushSubscriptions } from './schema';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Browsers a member may have registered at once. A member signs in on a phone, a tablet,
 * a laptop and a school computer or two; a device re-registers whenever its subscription
 * changes, and an abandoned browser's row only goes when its push service answers 404/410.
 * Beyond this, the least recently registered go: a member cannot grow the fan-out of an
 * emergency alert without bound.
 */
export const devicesPerMember = 20;

export interface Device {
  collegeId: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string;
}

/**
 * Keeps this browser's subscription for the member, one row per endpoint: the same
 * browser signing in as someone else (a shared computer, another college) moves the row
 * to them, new keys included. `created_at` becomes "registered at", so the oldest
 * registrations are the ones dropped past `devicesPerMember`.
 */
export async function rememberDevice(db: Database, device: Device): Promise<void> {
  await db.transaction(async (tx) => {
    const values = { ...device, failures: 0, createdAt: sql`now()`, lastPushedAt: null };
    await tx.insert(pushSubscriptions).values(values).onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
    const kept = tx
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(memberOf(device.collegeId, device.userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.endpoint))
      .limit(devicesPerMember);
    await tx.delete(pushSubscriptions).where(and(memberOf(device.collegeId, device.userId), notInArray(pushSubscriptions.endpoint, kept)));
  });
}

/**
 * Moves a browser's row to the subscription its push service replaced it with, when the
 * caller proves it is that browser (the old endpoint with its auth secret) in the college
 * of the request. False when no such row exists: nothing changes.
 */
export async function renewDevice(
  db: Database,
  collegeId: string,
  old: { endpoint: string; auth: string },
  next: Omit<Device, 'collegeId' | 'userId'>,
): Promise<boolean> {
  const [row] = await db
    .select({ userId: pushSubscriptions.userId, userAgent: pushSubscriptions.userAgent })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.collegeId, collegeId), eq(pushSubscriptions.endpoint, old.endpoint), eq(pushSubscriptions.auth, old.auth)));
  if (!row) return false;
  await rememberDevice(db, { ...next, collegeId, userId: row.userId, userAgent: next.userAgent || row.userAgent });
  if (old.endpoint !== next.endpoint) await forgetDevice(db, collegeId, row.userId, old.endpoint);
  return true;
}

/** Forgets one browser of the member (their sign-out, or "turn off" on the profile); someone else's row stays. */
export async function forgetDevice(db: Database, collegeId: string, userId: string, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(memberOf(collegeId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/**
 * Forgets every browser of a member who was signed out everywhere (a password reset, or a
 * password change that signs the other devices out): a lost phone must stop showing their
 * notifications on its lock screen. The device that changed the password registers again.
 */
export async function forgetMemberDevices(db: Database | Transaction, collegeId: string, userId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(memberOf(collegeId, userId));
}

function memberOf(collegeId: string, userId: string) {
  return and(eq(pushSubscriptions.collegeId, collegeId), eq(pushSubscriptions.userId, userId));
}
