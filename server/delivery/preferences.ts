import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  deliveryFields,
  deliveryKinds,
  fieldOfKind,
  type DeliveryField,
  type DeliveryKind,
  type DeliveryPreferences,
  type DeliveryPreferencesInput,
  type MailLanguage,
} from '../../contract/delivery';
import type { Database } from '../db/client';
import { pgArray } from '../db/pgArray';
import type { DeliverableItem } from './deliverable';
import type { LinkKind } from './links';
import { deliveryCollege, memberFacts, modeFor } from './members';
import { itemDeliveries, memberDelivery } from './schema';

/** A member's channels as their profile (or an administrator) shows them; null for no such member. */
export async function preferencesOf(db: Database, collegeId: string, userId: string, now: Date): Promise<DeliveryPreferences | null> {
  const college = await deliveryCollege(db, collegeId);
  if (!college) return null;
  const member = (await memberFacts(db, college, [userId], now)).get(userId);
  if (!member) return null;
  return {
    posts: modeFor(member, 'posts'),
    events: modeFor(member, 'events'),
    notifications: modeFor(member, 'notifications'),
    chosen: member.chosen.posts !== null || member.chosen.events !== null || member.chosen.notifications !== null,
    email: member.email,
    signed_in_ever: member.signedInEver,
    inactive: !member.hasDevice,
    inactive_days: college.inactiveDays,
    language: member.language,
    bounce: member.bounces && member.bouncedAt ? { at: member.bouncedAt.toISOString(), reason: member.bounceReason ?? '' } : null,
    unsubscribed: deliveryFields.filter((field) => member.optedOut.has(field)),
  };
}

/**
 * Saves all three modes (what is shown is what is kept: a default becomes a choice). Emails
 * already due keep their mode. The member's own choice of email for a kind they unsubscribed
 * from subscribes them again; an administrator's does not (only the member may undo it).
 */
export async function setPreferences(
  db: Database,
  collegeId: string,
  userId: string,
  input: DeliveryPreferencesInput,
  by: 'member' | 'administrator',
  now: Date,
): Promise<void> {
  const values = { posts: input.posts, events: input.events, notifications: input.notifications, updatedAt: now };
  const resubscribed = by === 'member' ? deliveryFields.filter((field) => input[field] !== 'app') : [];
  await db
    .insert(memberDelivery)
    .values({ userId, collegeId, ...values })
    .onConflictDoUpdate({
      target: memberDelivery.userId,
      set: {
        ...values,
        ...(resubscribed.length > 0
          ? { optedOut: sql`array(select f from unnest(${memberDelivery.optedOut}) f where f <> all(${pgArray(resubscribed)}::text[]))` }
          : {}),
      },
    });
}

export async function setLanguage(db: Database, collegeId: string, userId: string, language: MailLanguage, now: Date): Promise<void> {
  await db
    .insert(memberDelivery)
    .values({ userId, collegeId, language, updatedAt: now })
    .onConflictDoUpdate({ target: memberDelivery.userId, set: { language, updatedAt: now } });
}

/**
 * One-click unsubscribe (and its page): that kind in the app only, and recorded as
 * unsubscribed (`opted_out`: no email of it even when no device of theirs synced lately); a
 * digest's link, every kind the member gets in the day's digest. The emails of that kind
 * still waiting are not sent. Emergencies are untouched (their mails carry no such link).
 */
export async function unsubscribe(db: Database, collegeId: string, userId: string, kind: LinkKind, now: Date): Promise<void> {
  const college = await deliveryCollege(db, collegeId);
  if (!college) return;
  const member = (await memberFacts(db, college, [userId], now)).get(userId);
  if (!member) return;
  const fields: DeliveryField[] = kind === 'digest' ? deliveryFields.filter((field) => modeFor(member, field) === 'digest') : [fieldOfKind[kind]];
  const values = { ...Object.fromEntries(fields.map((field) => [field, 'app'])), updatedAt: now };
  // What is shown as the default is kept as chosen, so the other kinds do not change with it.
  const kept = Object.fromEntries(deliveryFields.filter((f) => !fields.includes(f)).map((f) => [f, modeFor(member, f)]));
  const optedOut = deliveryFields.filter((f) => fields.includes(f) || member.optedOut.has(f));
  await db
    .insert(memberDelivery)
    .values({ userId, collegeId, ...kept, ...values, optedOut })
    .onConflictDoUpdate({ target: memberDelivery.userId, set: { ...kept, ...values, optedOut } });
  const kinds = deliveryKinds.filter((k) => fields.includes(fieldOfKind[k]));
  if (kinds.length > 0)
    await db
      .update(itemDeliveries)
      .set({ emailDueAt: null, emailSkipped: 'unsubscribed' })
      .where(
        and(
          eq(itemDeliveries.userId, userId),
          sql`${itemDeliveries.kind} = any(${pgArray(kinds)}::text[])`,
          sql`${itemDeliveries.emailMode} in ('immediate', 'digest')`,
          sql`${itemDeliveries.emailDueAt} is not null`,
        ),
      );
}

/**
 * The member opened the item from the email's button: read and opened, once. False when the
 * item is no longer addressed to them (no delivery, or its audience left them out).
 */
export async function markOpened(tx: Database, kind: DeliveryKind, item: DeliverableItem, userId: string, now: Date): Promise<boolean> {
  const college = await deliveryCollege(tx, item.collegeId);
  if (!college) return false;
  const member = (await memberFacts(tx, college, [userId], now)).get(userId);
  if (!member || !member.active || !item.audienceKeys.some((key) => member.keys.has(key))) return false;
  const [row] = await tx
    .select({ id: itemDeliveries.id, readAt: itemDeliveries.readAt, openedAt: itemDeliveries.openedAt })
    .from(itemDeliveries)
    .where(and(eq(itemDeliveries.kind, kind), eq(itemDeliveries.itemId, item.id), eq(itemDeliveries.userId, userId)))
    .for('update');
  if (!row) return false;
  await tx
    .update(itemDeliveries)
    .set({ readAt: row.readAt ?? now, openedAt: row.openedAt ?? now, pushDueAt: null })
    .where(and(eq(itemDeliveries.id, row.id), isNull(itemDeliveries.openedAt)));
  return true;
}
