import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { fieldOfKind, type DeliveryKind } from '../../contract/delivery';
import { uuidv7 } from '../../contract/ids';
import type { Database } from '../db/client';
import { pgArray } from '../db/pgArray';
import { wakeJob, type Job } from '../jobs';
import { pushTimes } from '../push/quietHours';
import type { Deliverable } from './deliverable';
import { nextDigest } from './digestTime';
import { addressRefusal, deliveryCollege, memberFacts, modeFor, type MemberFacts } from './members';
import { emailJobName, planJobName, pushJobName } from './schedule';
import { deliveryItems, itemDeliveries } from './schema';

/** Items planned per transaction: each may be a school of thousands of rows. */
const itemsPerRound = 5;

type EmailMode = (typeof itemDeliveries.$inferInsert)['emailMode'];

/** How one member gets an item by email: the mode, when it is due, or why not. */
export function emailPlan(
  member: MemberFacts,
  kind: DeliveryKind,
  emergency: boolean,
  now: Date,
  timeZone: string,
): { mode: EmailMode; dueAt: Date | null; skipped: string | null } {
  const chosen = modeFor(member, kind);
  // Emergencies go to every channel. A member no device of whose synced lately is emailed as
  // items are published, whatever they chose, so no one is silently unreached; unless they
  // unsubscribed from the kind by a mail's link, which nothing but their own choice undoes.
  const mode: EmailMode = emergency
    ? 'emergency'
    : member.optedOut.has(fieldOfKind[kind])
      ? 'none'
      : chosen === 'app'
        ? member.hasDevice
          ? 'none'
          : 'immediate'
        : chosen;
  if (mode === 'none') return { mode, dueAt: null, skipped: null };
  const refused = addressRefusal(member);
  if (refused) return { mode, dueAt: null, skipped: refused };
  return { mode, dueAt: mode === 'digest' ? nextDigest(now, timeZone).at : now, skipped: null };
}

/**
 * Plans due items (`delivery_items` whose publication has come): one `item_deliveries` row
 * per member the item is addressed to now, with its email's mode and time and its push's
 * time (quiet hours), in one statement per item. Rows already there (an item planned again
 * after an edit) are kept as they are. Items are taken with `FOR UPDATE SKIP LOCKED`: processes
 * side by side plan different ones, and each is planned in the transaction that marks it.
 */
export async function planDue(db: Database, now: Date, deliverables: ReadonlyMap<DeliveryKind, Deliverable>): Promise<number> {
  let planned = 0;
  for (;;) {
    const taken = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(deliveryItems)
        .where(and(isNull(deliveryItems.plannedAt), lte(deliveryItems.dueAt, now)))
        .orderBy(asc(deliveryItems.dueAt))
        .limit(itemsPerRound)
        .for('update', { skipLocked: true });
      for (const row of due) {
        planned += await planItem(tx, row, deliverables.get(row.kind), now);
        await tx
          .update(deliveryItems)
          .set({ plannedAt: now })
          .where(and(eq(deliveryItems.kind, row.kind), eq(deliveryItems.itemId, row.itemId)));
      }
      if (due.length > 0) {
        await wakeJob(tx, emailJobName);
        await wakeJob(tx, pushJobName);
      }
      return due.length;
    });
    if (taken < itemsPerRound) return planned;
  }
}

async function planItem(tx: Database, row: typeof deliveryItems.$inferSelect, deliverable: Deliverable | undefined, now: Date): Promise<number> {
  if (!deliverable) return 0;
  const [item] = await deliverable.load(tx, row.collegeId, [row.itemId]);
  if (!item || item.deleted) return 0;
  const college = await deliveryCollege(tx, row.collegeId);
  if (!college) return 0;
  const already = new Set(
    (
      await tx
        .select({ userId: itemDeliveries.userId })
        .from(itemDeliveries)
        .where(and(eq(itemDeliveries.kind, row.kind), eq(itemDeliveries.itemId, row.itemId)))
    ).map((r) => r.userId),
  );
  const userIds = (await deliverable.recipients(tx, item)).filter((id) => id !== item.authorId && !already.has(id));
  if (userIds.length === 0) return 0;
  const facts = await memberFacts(tx, college, userIds, now);
  const members = userIds.map((id) => facts.get(id)).filter((m): m is MemberFacts => m !== undefined && m.active);
  const pushAt = deliverable.pushed
    ? item.emergency
      ? null
      : await pushTimes(
          tx,
          row.collegeId,
          members.map((m) => m.id),
          now,
          college.timeZone,
        )
    : null;
  const plans = members.map((m) => emailPlan(m, row.kind, item.emergency, now, college.timeZone));
  const at = (d: Date | null | undefined) => d?.toISOString() ?? '';
  await tx.execute(sql`
    insert into ${itemDeliveries} (id, college_id, kind, item_id, user_id, created_at, email_mode, email_due_at, email_skipped, push_due_at)
    select r.id, ${row.collegeId}, ${row.kind}, ${row.itemId}, r.user_id, ${now.toISOString()}::timestamptz, r.mode,
      nullif(r.email_due, '')::timestamptz, nullif(r.skipped, ''), nullif(r.push_due, '')::timestamptz
    from unnest(
      ${pgArray(members.map(() => uuidv7(now.getTime())))}::uuid[],
      ${pgArray(members.map((m) => m.id))}::uuid[],
      ${pgArray(plans.map((p) => p.mode))}::text[],
      ${`{${plans.map((p) => `"${at(p.dueAt)}"`).join(',')}}`}::text[],
      ${`{${plans.map((p) => `"${p.skipped ?? ''}"`).join(',')}}`}::text[],
      ${`{${members.map((m) => `"${deliverable.pushed ? at(pushAt?.get(m.id) ?? now) : ''}"`).join(',')}}`}::text[]
    ) as r(id, user_id, mode, email_due, skipped, push_due)
    on conflict do nothing`);
  return members.length;
}

/** Woken by every write that schedules an item; the tick releases items dated in the future. */
export function planJob(deliverables: ReadonlyMap<DeliveryKind, Deliverable>): Job {
  return { name: planJobName, everyMs: 5_000, run: async (db, now) => void (await planDue(db, now, deliverables)) };
}
