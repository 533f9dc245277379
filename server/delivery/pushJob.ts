import { and, asc, count, lte, sql } from 'drizzle-orm';
import type { DeliveryKind } from '../../contract/delivery';
import type { PushPayload } from '../../contract/push';
import type { Database } from '../db/client';
import { pgArray } from '../db/pgArray';
import type { Job, JobServices } from '../jobs';
import type { PushMessage, PushOutcome } from '../push/sender';
import { pushSubscriptions } from '../push/schema';
import type { Deliverable, DeliverableItem } from './deliverable';
import { deliveryCollege } from './members';
import { pushJobName } from './schedule';
import { itemDeliveries } from './schema';

const batchSize = 500;
/** A taken row is due again this long after unless its push was recorded (a process died mid-send). */
export const deliveryPushLeaseMs = 2 * 60_000;
const dayS = 24 * 3600;

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/**
 * Pushes items the core delivers (posts and events; notifications push themselves) to the
 * devices of the members they are addressed to, once their quiet hours allow: rows of members
 * with no browser subscribed are settled at once, in one statement; the others are taken with
 * `FOR UPDATE SKIP LOCKED` and a lease, sent (one message per member: the item, or a summary
 * of several due together) and recorded. An item deleted or no longer addressed to them is not
 * pushed. The record is bookkeeping devices never see.
 */
export async function pushDueDeliveries(
  db: Database,
  now: Date,
  deliverables: ReadonlyMap<DeliveryKind, Deliverable>,
  services: Pick<JobServices, 'push'>,
): Promise<number> {
  const d = itemDeliveries;
  const settled = await db
    .update(d)
    .set({ pushDueAt: null, pushedAt: now, pushedDevices: 0 })
    .where(and(lte(d.pushDueAt, now), sql`not exists (select 1 from ${pushSubscriptions} s where s.college_id = ${d.collegeId} and s.user_id = ${d.userId})`))
    .returning({ id: d.id });
  let pushed = settled.length;
  for (;;) {
    const taken = await db.transaction(async (tx) => {
      const rows = await tx.select().from(d).where(lte(d.pushDueAt, now)).orderBy(asc(d.pushDueAt)).limit(batchSize).for('update', { skipLocked: true });
      if (rows.length > 0)
        await tx.execute(sql`update ${d} set push_due_at = ${new Date(now.getTime() + deliveryPushLeaseMs).toISOString()}::timestamptz
          where id = any(${pgArray(rows.map((r) => r.id))}::uuid[])`);
      return rows;
    });
    if (taken.length === 0) return pushed;
    const devices = new Map<string, number>();
    const byCollege = new Map<string, typeof taken>();
    for (const row of taken) byCollege.set(row.collegeId, [...(byCollege.get(row.collegeId) ?? []), row]);
    for (const [collegeId, rows] of byCollege) {
      const college = await deliveryCollege(db, collegeId);
      const items = new Map<string, DeliverableItem>();
      for (const kind of new Set(rows.map((r) => r.kind))) {
        const deliverable = deliverables.get(kind);
        if (!deliverable) continue;
        const ids = [...new Set(rows.filter((r) => r.kind === kind).map((r) => r.itemId))];
        for (const item of await deliverable.load(db, collegeId, ids)) items.set(`${kind} ${item.id}`, item);
      }
      const byMember = new Map<string, typeof rows>();
      for (const row of rows) {
        const item = items.get(`${row.kind} ${row.itemId}`);
        if (!item || item.deleted) devices.set(row.id, 0);
        else byMember.set(row.userId, [...(byMember.get(row.userId) ?? []), row]);
      }
      const messages: PushMessage[] = [];
      for (const [userId, mine] of byMember) {
        const first = items.get(`${mine[0]!.kind} ${mine[0]!.itemId}`)!;
        const payload: PushPayload =
          mine.length === 1
            ? {
                title: clip(first.title, 200),
                body: clip(first.text, 300),
                url: first.path,
                tag: `${mine[0]!.kind}-${first.id}`,
                requireInteraction: false,
                emergency: false,
                timestamp: first.publishedAt.toISOString(),
              }
            : {
                title: clip(college?.name ?? 'Patio', 200),
                body: clip(mine.map((r) => items.get(`${r.kind} ${r.itemId}`)!.title).join(' · '), 300),
                url: '/',
                tag: 'delivery-summary',
                requireInteraction: false,
                emergency: false,
              };
        messages.push({ userId, payload, urgency: 'normal', ttlSeconds: dayS });
      }
      const outcomes = messages.length > 0 ? await services.push.send(collegeId, messages) : new Map<string, PushOutcome>();
      for (const [userId, mine] of byMember) for (const row of mine) devices.set(row.id, outcomes.get(userId)?.accepted ?? 0);
    }
    const ids = [...devices.keys()];
    const leaseUntil = new Date(now.getTime() + deliveryPushLeaseMs);
    await db.execute(sql`
      update ${d} as r set pushed_at = ${now.toISOString()}::timestamptz, pushed_devices = t.devices,
        push_due_at = case when r.push_due_at = ${leaseUntil.toISOString()}::timestamptz then null else r.push_due_at end
      from unnest(${pgArray(ids)}::uuid[], ${pgArray(ids.map((id) => String(devices.get(id))))}::int[]) as t(id, devices)
      where r.id = t.id`);
    pushed += ids.length;
    if (taken.length < batchSize) return pushed;
  }
}

/** Deliveries whose push is due and not sent (the partial index on `push_due_at` answers it). */
export async function pendingDeliveryPushes(db: Database, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(itemDeliveries).where(lte(itemDeliveries.pushDueAt, now));
  return row?.n ?? 0;
}

export function deliveryPushJob(deliverables: ReadonlyMap<DeliveryKind, Deliverable>): Job {
  return { name: pushJobName, everyMs: 5_000, run: async (db, now, services) => void (await pushDueDeliveries(db, now, deliverables, services)) };
}
