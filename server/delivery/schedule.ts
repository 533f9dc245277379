import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DeliveryKind } from '../../contract/delivery';
import type { Database } from '../db/client';
import { pgArray } from '../db/pgArray';
import { wakeJob } from '../jobs';
import { deliveryItems, deliverySettings, itemDeliveries } from './schema';

/** The job that plans items into deliveries (its name is how a write wakes it). */
export const planJobName = 'delivery: plan';
export const emailJobName = 'delivery: email';
export const pushJobName = 'delivery: push';

/**
 * Called by a feature's write of a published (or scheduled) item, in its transaction: the
 * item is planned into one delivery per member once `at` (its publication) is reached, by the
 * plan job, which the commit wakes. Planning again after an edit only adds the members the
 * item now reaches; what each email says is read when it leaves.
 */
export async function scheduleDelivery(
  tx: Database,
  item: { kind: DeliveryKind; itemId: string; collegeId: string; at: Date; site?: string | undefined },
): Promise<void> {
  const site = item.site && /^https?:\/\/[^/\s]+$/.test(item.site) ? item.site : null;
  await tx
    .insert(deliveryItems)
    .values({ kind: item.kind, itemId: item.itemId, collegeId: item.collegeId, dueAt: item.at, site })
    .onConflictDoUpdate({
      target: [deliveryItems.kind, deliveryItems.itemId],
      set: { dueAt: item.at, plannedAt: null, ...(site ? { site } : {}) },
    });
  if (site) {
    await tx.insert(deliverySettings).values({ collegeId: item.collegeId, site }).onConflictDoUpdate({ target: deliverySettings.collegeId, set: { site } });
  }
  await wakeJob(tx, planJobName);
}

/**
 * The member read the item in the app: counted in its report, and a push or an email still
 * waiting for it no longer leaves (an emergency's email always does).
 */
export async function markDeliveryRead(tx: Database, kind: DeliveryKind, itemId: string, userId: string, now: Date): Promise<void> {
  await tx
    .update(itemDeliveries)
    .set({
      readAt: now,
      pushDueAt: null,
      emailDueAt: sql`case when ${itemDeliveries.emailMode} = 'emergency' then ${itemDeliveries.emailDueAt} else null end`,
      emailSkipped: sql`case when ${itemDeliveries.emailMode} <> 'emergency' and ${itemDeliveries.emailDueAt} is not null then 'read' else ${itemDeliveries.emailSkipped} end`,
    })
    .where(and(eq(itemDeliveries.kind, kind), eq(itemDeliveries.itemId, itemId), eq(itemDeliveries.userId, userId), isNull(itemDeliveries.readAt)));
}

/** A feature that pushes its items itself (notifications) records what its push service accepted. */
export async function markDeliveryPushed(
  db: Database,
  kind: DeliveryKind,
  pushed: readonly { itemId: string; userId: string; devices: number }[],
  now: Date,
): Promise<void> {
  if (pushed.length === 0) return;
  await db.execute(sql`
    update ${itemDeliveries} as d set pushed_at = ${now.toISOString()}::timestamptz, pushed_devices = greatest(d.pushed_devices, t.devices)
    from unnest(${pgArray(pushed.map((p) => p.itemId))}::uuid[], ${pgArray(pushed.map((p) => p.userId))}::uuid[], ${pgArray(pushed.map((p) => String(p.devices)))}::int[]) as t(item_id, user_id, devices)
    where d.kind = ${kind} and d.item_id = t.item_id and d.user_id = t.user_id`);
}
