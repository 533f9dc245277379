import { and, asc, count, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { PushPayload } from '../../contract/push';
import { colleges } from '../db/colleges';
import type { Database } from '../db/client';
import type { Job, JobServices } from '../jobs';
import type { PushMessage, PushOutcome } from '../push/sender';
import { pushSubscriptions } from '../push/schema';
import { markDeliveryPushed } from '../delivery/schedule';
import { pushJobName } from './notificationService';
import { textsFor } from './notificationTexts';
import { pgArray } from '../db/pgArray';
import { notificationReceipts, notifications } from './schema';

/** Receipts taken per round: a school-wide alert of 5,000 is ten rounds in one run. */
const defaultBatchSize = 500;
/**
 * A taken receipt is due again this long after it was taken unless its push was recorded:
 * a process that dies mid-send leaves nothing stuck, and its rows go again (a push comes
 * twice at worst; its tag makes the second replace the first on the device).
 */
export const pushLeaseMs = 2 * 60_000;
const hourSeconds = 3600;
/** Short enough for a lock screen, and far inside a push message's 4 KB in any script. */
const bodyMax = 300;
const summaryTitles = 5;

interface Taken {
  id: string;
  collegeId: string;
  userId: string;
  notificationId: string;
  emergency: boolean;
  title: string;
  content: string;
  createdAt: Date;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/**
 * Takes due receipts (`push_due_at <= now`) with `FOR UPDATE SKIP LOCKED`, so processes
 * running side by side take different ones, and moves them a lease ahead. A member's other
 * due receipts come with them, so the ones a quiet night held back leave as one summary.
 */
async function take(db: Database, now: Date, batchSize: number): Promise<Taken[]> {
  return db.transaction(async (tx) => {
    const r = notificationReceipts;
    const columns = {
      id: r.id,
      collegeId: r.collegeId,
      userId: r.userId,
      notificationId: r.notificationId,
      emergency: r.emergency,
      title: notifications.title,
      content: notifications.content,
      createdAt: notifications.createdAt,
    };
    const due = and(lte(r.pushDueAt, now), isNull(r.deletedAt));
    const first = await tx
      .select(columns)
      .from(r)
      .innerJoin(notifications, eq(notifications.id, r.notificationId))
      .where(due)
      .orderBy(asc(r.pushDueAt))
      .limit(batchSize)
      .for('update', { of: r, skipLocked: true });
    if (first.length === 0) return [];
    const taken = new Map(first.map((row) => [row.id, row]));
    const members = [...new Set(first.map((row) => row.userId))];
    const more = await tx
      .select(columns)
      .from(r)
      .innerJoin(notifications, eq(notifications.id, r.notificationId))
      .where(and(due, inArray(r.userId, members)))
      .for('update', { of: r, skipLocked: true });
    for (const row of more) taken.set(row.id, row);
    const rows = [...taken.values()];
    await tx.execute(sql`
      update ${r} set push_due_at = ${new Date(now.getTime() + pushLeaseMs).toISOString()}::timestamptz
      where id = any(${pgArray(rows.map((row) => row.id))}::uuid[])`);
    return rows;
  });
}

interface Outgoing {
  message: PushMessage;
  receiptIds: string[];
}

/**
 * One member's messages: an emergency alert alone, each; one ordinary notification as
 * itself; several ordinary ones due together (the end of quiet hours) as one summary.
 */
function messagesFor(userId: string, rows: readonly Taken[], badge: number, language: string): Outgoing[] {
  const texts = textsFor(language);
  const out: Outgoing[] = [];
  const single = (row: Taken): Outgoing => {
    const payload: PushPayload = {
      title: clip(row.emergency ? texts.emergencyTitle(row.title) : row.title, 200),
      body: clip(row.content, bodyMax),
      url: `/notifications?notification=${row.notificationId}`,
      tag: `${row.emergency ? 'emergency' : 'notification'}-${row.notificationId}`,
      requireInteraction: row.emergency,
      emergency: row.emergency,
      badge,
      timestamp: row.createdAt.toISOString(),
    };
    return { message: { userId, payload, urgency: row.emergency ? 'high' : 'normal', ttlSeconds: 24 * hourSeconds }, receiptIds: [row.id] };
  };
  const ordinary = rows.filter((row) => !row.emergency).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  for (const row of rows) if (row.emergency) out.push(single(row));
  if (ordinary.length === 1) out.push(single(ordinary[0]!));
  else if (ordinary.length > 1) {
    const payload: PushPayload = {
      title: texts.summaryTitle(ordinary.length),
      body: clip(
        ordinary
          .slice(0, summaryTitles)
          .map((row) => row.title)
          .join(' · '),
        bodyMax,
      ),
      url: '/notifications',
      tag: 'summary',
      requireInteraction: false,
      emergency: false,
      badge,
      timestamp: ordinary[0]!.createdAt.toISOString(),
    };
    out.push({ message: { userId, payload, urgency: 'normal', ttlSeconds: 24 * hourSeconds }, receiptIds: ordinary.map((row) => row.id) });
  }
  return out;
}

/**
 * Due receipts of members without a browser subscribed are settled at once, in one
 * statement: nothing to send, no payload to make, no badge to count. In most colleges that
 * is most members, and a school-wide alert of 5,000 otherwise holds the database (PGlite
 * runs one query at a time) for a second while the readers' pulls wait. A receipt another
 * process has taken is leased into the future, so it is not touched here.
 */
async function settleWithoutDevices(db: Database, now: Date): Promise<number> {
  const r = notificationReceipts;
  const settled = await db
    .update(r)
    .set({ pushDueAt: null, pushedAt: now, pushedDevices: 0 })
    .where(
      and(
        lte(r.pushDueAt, now),
        isNull(r.deletedAt),
        sql`not exists (select 1 from ${pushSubscriptions} s where s.college_id = ${r.collegeId} and s.user_id = ${r.userId})`,
      ),
    )
    .returning({ id: r.id });
  return settled.length;
}

/**
 * Pushes what is due: takes receipts (above), sends each member's messages through the push
 * sender, college by college (one message per member per call: a call sends one message to
 * each of a member's devices), then records `pushed_at` and `pushed_devices`. The record is
 * bookkeeping devices never see: no change number, no poke. A receipt due again meanwhile (a
 * "send again") keeps its new time. Returns how many receipts were pushed.
 */
export async function pushDue(db: Database, now: Date, services: Pick<JobServices, 'push'>, { batchSize = defaultBatchSize } = {}): Promise<number> {
  let pushed = await settleWithoutDevices(db, now);
  for (;;) {
    const taken = await take(db, now, batchSize);
    if (taken.length === 0) return pushed;
    const leaseUntil = new Date(now.getTime() + pushLeaseMs);
    const byCollege = groupBy(taken, (row) => row.collegeId);
    const devices = new Map<string, number>();
    for (const [collegeId, rows] of byCollege) {
      const members = [...new Set(rows.map((row) => row.userId))];
      const [college] = await db.select({ language: colleges.language }).from(colleges).where(eq(colleges.id, collegeId));
      const unread = await db
        .select({ userId: notificationReceipts.userId, n: count() })
        .from(notificationReceipts)
        .where(
          and(
            eq(notificationReceipts.collegeId, collegeId),
            inArray(notificationReceipts.userId, members),
            isNull(notificationReceipts.readAt),
            isNull(notificationReceipts.deletedAt),
          ),
        )
        .groupBy(notificationReceipts.userId);
      const badges = new Map(unread.map((row) => [row.userId, row.n]));
      const queues = [...groupBy(rows, (row) => row.userId)].map(([userId, mine]) =>
        messagesFor(userId, mine, badges.get(userId) ?? 0, college?.language ?? 'es'),
      );
      // Round k sends each member's k-th message.
      for (let round = 0; queues.some((queue) => queue.length > round); round++) {
        const outgoing = queues.flatMap((queue) => queue.slice(round, round + 1));
        const outcomes: Map<string, PushOutcome> = await services.push.send(
          collegeId,
          outgoing.map((o) => o.message),
        );
        for (const o of outgoing) for (const id of o.receiptIds) devices.set(id, outcomes.get(o.message.userId)?.accepted ?? 0);
      }
    }
    const ids = [...devices.keys()];
    await db.execute(sql`
      update ${notificationReceipts} as r
      set pushed_at = ${now.toISOString()}::timestamptz, pushed_devices = t.devices,
        push_due_at = case when r.push_due_at = ${leaseUntil.toISOString()}::timestamptz then null else r.push_due_at end
      from unnest(${pgArray(ids)}::uuid[], ${pgArray(ids.map((id) => String(devices.get(id))))}::int[]) as t(id, devices)
      where r.id = t.id`);
    await markDeliveryPushed(
      db,
      'notification',
      taken.filter((row) => devices.has(row.id)).map((row) => ({ itemId: row.notificationId, userId: row.userId, devices: devices.get(row.id)! })),
      now,
    );
    pushed += ids.length;
    if (taken.length < batchSize) return pushed;
  }
}

/**
 * Woken by every send and "send again" (server/jobs.ts `wakeJob`, heard by every process):
 * a notification reaches the push sender a moment after its commit. The tick is for ends of
 * quiet hours and a wake that was missed: one probe of an index, `push_due_at <= now`.
 */
export const pushJob: Job = {
  name: pushJobName,
  everyMs: 5_000,
  run: async (db, now, services) => void (await pushDue(db, now, services)),
};

/** Receipts whose push is due and not sent: what the push job has still to take. */
export async function pendingNotificationPushes(db: Database, now: Date): Promise<number> {
  const r = notificationReceipts;
  const [row] = await db
    .select({ n: count() })
    .from(r)
    .where(and(lte(r.pushDueAt, now), isNull(r.deletedAt)));
  return row?.n ?? 0;
}
