import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DeliveryKind, DeliveryReport } from '../../contract/delivery';
import { defaultDeliverySettings, fieldOfKind } from '../../contract/delivery';
import type { Database } from '../db/client';
import { accessTokens, mailOutbox, smtpSettings, users } from '../db/schema';
import { deliveryItems, deliverySettings, itemDeliveries, memberDelivery } from './schema';

/** Who was not reached, by name, at most this many (the report's list). */
export const notReachedNamesLimit = 200;

const dayMs = 24 * 60 * 60_000;

/**
 * How far an item got, counted by the database in one pass over its deliveries (joined to
 * the mail that carried each): a school-wide post is 5,000 rows. "Not reached": not read, no
 * usable address (none, or it bounces) or unsubscribed from the kind's emails with none
 * sent, no push accepted, and no device of theirs synced within the college's inactive
 * days: nothing could have shown it to them.
 */
export async function deliveryReportOf(db: Database, collegeId: string, kind: DeliveryKind, itemId: string, now: Date): Promise<DeliveryReport> {
  const d = itemDeliveries;
  const [settings] = await db.select({ inactiveDays: deliverySettings.inactiveDays }).from(deliverySettings).where(eq(deliverySettings.collegeId, collegeId));
  const since = new Date(now.getTime() - (settings?.inactiveDays ?? defaultDeliverySettings.inactive_days) * dayMs).toISOString();
  const noAddress = sql`(${users.email} !~ '^[^[:space:]@]+@[^[:space:]@]+\\.[^[:space:]@]+$' or coalesce(${memberDelivery.bouncedEmail} = ${users.email}, false))`;
  const noDevice = sql`not exists (select 1 from ${accessTokens} t where t.user_id = ${d.userId} and t.synced_at >= ${since}::timestamptz)`;
  // Unsubscribed from this kind by a mail's link, and no mail of it left before (emergencies ignore it).
  const optedOut = sql`(${fieldOfKind[kind]} = any(coalesce(${memberDelivery.optedOut}, '{}')) and ${d.emailMode} <> 'emergency' and ${mailOutbox.status} is distinct from 'sent')`;
  const notReached = sql`${d.readAt} is null and ${d.pushedDevices} = 0 and (${noAddress} or ${optedOut}) and ${noDevice}`;
  const mine = and(eq(d.collegeId, collegeId), eq(d.kind, kind), eq(d.itemId, itemId));
  const [figures] = await db
    .select({
      addressed: sql<number>`count(*)::int`,
      seen: sql<number>`count(${d.readAt})::int`,
      pushed: sql<number>`count(*) filter (where ${d.pushedDevices} > 0)::int`,
      emailed: sql<number>`count(*) filter (where ${mailOutbox.status} = 'sent')::int`,
      opened: sql<number>`count(${d.openedAt})::int`,
      waiting: sql<number>`count(*) filter (where ${d.emailDueAt} is not null or ${mailOutbox.status} = 'pending')::int`,
      notSent: sql<number>`count(*) filter (where ${mailOutbox.status} = 'logged')::int`,
      failed: sql<number>`count(*) filter (where ${mailOutbox.status} = 'failed')::int`,
      notReached: sql<number>`count(*) filter (where ${notReached})::int`,
      unread: sql<number>`count(*) filter (where ${d.readAt} is null)::int`,
    })
    .from(d)
    .innerJoin(users, eq(users.id, d.userId))
    .leftJoin(memberDelivery, eq(memberDelivery.userId, d.userId))
    .leftJoin(mailOutbox, eq(mailOutbox.id, d.mailId))
    .where(mine);
  const names = await db
    .select({
      userId: users.id,
      name: users.name,
      firstLastname: users.firstLastname,
      role: users.role,
      bounces: sql<boolean>`coalesce(${memberDelivery.bouncedEmail} = ${users.email}, false)`,
      noAddress,
    })
    .from(d)
    .innerJoin(users, eq(users.id, d.userId))
    .leftJoin(memberDelivery, eq(memberDelivery.userId, d.userId))
    .leftJoin(mailOutbox, eq(mailOutbox.id, d.mailId))
    .where(and(mine, notReached))
    .orderBy(asc(users.name), asc(users.firstLastname), asc(users.id))
    .limit(notReachedNamesLimit);
  const [item] = await db
    .select({ remindedAt: deliveryItems.remindedAt, plannedAt: deliveryItems.plannedAt })
    .from(deliveryItems)
    .where(and(eq(deliveryItems.kind, kind), eq(deliveryItems.itemId, itemId)));
  const [smtp] = await db.select({ id: smtpSettings.id }).from(smtpSettings).where(eq(smtpSettings.collegeId, collegeId));
  return {
    kind,
    item_id: itemId,
    state: !item ? 'untracked' : item.plannedAt ? 'planned' : 'planning',
    addressed_to: figures?.addressed ?? 0,
    seen: figures?.seen ?? 0,
    pushed: figures?.pushed ?? 0,
    emailed: figures?.emailed ?? 0,
    opened_from_email: figures?.opened ?? 0,
    email_waiting: figures?.waiting ?? 0,
    email_not_sent: figures?.notSent ?? 0,
    email_failed: figures?.failed ?? 0,
    not_reached: figures?.notReached ?? 0,
    not_reached_members: names.map((n) => ({
      user_id: n.userId,
      name: [n.name, n.firstLastname].filter(Boolean).join(' '),
      role: n.role,
      reason: n.bounces ? ('email_bounces' as const) : n.noAddress ? ('no_email' as const) : ('unsubscribed' as const),
    })),
    unread: figures?.unread ?? 0,
    reminded_at: item?.remindedAt?.toISOString() ?? null,
    mail_configured: smtp !== undefined,
  };
}

/** "Send again": at most this often per item. */
export const remindIntervalMs = 10 * 60_000;

/**
 * Pushes and emails the item again to whoever has not read it: a push where they have a
 * device, an email where one went before (or they chose email, or have no device). Returns
 * how many of each were queued. The 10-minute pause is the caller's check.
 */
export async function remindUnread(tx: Database, collegeId: string, kind: DeliveryKind, itemId: string, pushes: boolean, now: Date) {
  const d = itemDeliveries;
  const unread = and(eq(d.collegeId, collegeId), eq(d.kind, kind), eq(d.itemId, itemId), isNull(d.readAt));
  const pushed = pushes
    ? await tx
        .update(d)
        .set({ pushDueAt: now })
        .where(and(unread, sql`exists (select 1 from push_subscriptions s where s.college_id = ${d.collegeId} and s.user_id = ${d.userId})`))
        .returning({ id: d.id })
    : [];
  const emailed = await tx
    .update(d)
    // A digest's item goes again as an email of its own: today's digest may have left already.
    .set({ emailDueAt: now, emailSkipped: null, emailMode: sql`case when ${d.emailMode} = 'digest' then 'immediate' else ${d.emailMode} end` })
    .where(
      and(
        unread,
        sql`${d.emailMode} <> 'none'`,
        sql`(${d.emailSkipped} is null or ${d.emailSkipped} = 'read')`,
        // Never to whoever has since unsubscribed from the kind (emergencies excepted).
        sql`(${d.emailMode} = 'emergency' or not exists (select 1 from ${memberDelivery} m where m.user_id = ${d.userId} and ${fieldOfKind[kind]} = any(m.opted_out)))`,
      ),
    )
    .returning({ id: d.id });
  await tx
    .update(deliveryItems)
    .set({ remindedAt: now })
    .where(and(eq(deliveryItems.kind, kind), eq(deliveryItems.itemId, itemId)));
  return { pushed: pushed.length, emailed: emailed.length };
}
