import { and, eq, isNull, sql } from 'drizzle-orm';
import { keysOfAudience, keysOfMembers } from '../../contract/audience';
import { isTimeZone } from '../../contract/eventTime';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import {
  defaultEmergencyEmailMinutes,
  type CreateNotificationArgs,
  type NotificationReceiptArgs,
  type RemindNotificationArgs,
  addressedRoles,
} from '../../contract/notifications';
import { can } from '../../contract/permissions';
import { membersReached } from '../audience/reach';
import { checkedAudience, looksLikeUuid } from '../audience/references';
import { canSee, nextAudience } from '../audience/visibility';
import { colleges } from '../db/colleges';
import type { Database } from '../db/client';
import { forbidden, HttpError, notFound, ValidationFailed } from '../http/errors';
import { recordAudit } from '../auditRecord/recordAudit';
import { wakeJob } from '../jobs';
import type { MutationActor } from '../sync/mutation';
import type { Write } from '../sync/writeInCollege';
import type { NotificationRow } from './notificationEntities';
import { pgArray } from '../db/pgArray';
import { notificationReceipts, notifications } from './schema';
import { pushTimes } from '../push/quietHours';
import { markDeliveryRead, scheduleDelivery } from '../delivery/schedule';

/**
 * Sending notifications and recording what members did with them: the one implementation
 * behind the notifications.* mutations and the REST endpoints. Sending writes the
 * notification and one receipt per member reached in the same transaction; the receipts are
 * also the work list of the push job and the emergency cascade (server/notifications/pushJob.ts,
 * emailCascade.ts), which the write wakes at once.
 */

/** The job that pushes due receipts (its name is how a write wakes it). */
export const pushJobName = 'notifications: push';

/** "Send again" at most this often per notification. */
export const remindIntervalMs = 10 * 60 * 1000;

function assertCanPublish(actor: MutationActor): void {
  if (!can(actor.user.role, 'content.publish')) throw forbidden();
}

const authorName = (actor: MutationActor) => [actor.user.name, actor.user.firstLastname].filter(Boolean).join(' ');

export interface CollegeSettings {
  timeZone: string;
  emergencyEmailMinutes: number;
}

export async function collegeSettings(db: Database, collegeId: string): Promise<CollegeSettings> {
  const [row] = await db
    .select({ timeZone: colleges.timeZone, emergencyEmailMinutes: colleges.emergencyEmailMinutes })
    .from(colleges)
    .where(eq(colleges.id, collegeId));
  const zone = row?.timeZone ?? 'UTC';
  return { timeZone: isTimeZone(zone) ? zone : 'UTC', emergencyEmailMinutes: row?.emergencyEmailMinutes ?? defaultEmergencyEmailMinutes };
}

export interface NotificationToSend {
  id: string;
  title: string;
  content: string;
  emergency: boolean;
  audience: { courseIds: string[]; gradeIds: string[]; sectionIds: string[]; scope: NotificationRow['scope'] };
  authorId: string | null;
  authorName: string;
  now: Date;
}

/**
 * Writes a notification and its receipts: one per active member its audience reaches now
 * (server/audience/reach.ts, the picker's count), except its author, who wrote it and is
 * neither pushed, nor asked to acknowledge, nor counted. Receipts are inserted in one
 * statement whatever their number, each with its own change number. Returns null when the
 * id is taken.
 */
export async function sendNotification(write: Write, input: NotificationToSend): Promise<NotificationRow | null> {
  const { tx, collegeId } = write;
  const { now } = input;
  const keys = nextAudience(keysOfAudience({ scope: input.audience.scope, section_ids: input.audience.sectionIds }));
  const settings = await collegeSettings(tx, collegeId);
  // Sent to the roles the scope names (contract/notifications.ts addressedRoles), not to every reader.
  const roles = addressedRoles(input.audience.scope);
  const members = (await membersReached(tx, collegeId, { scope: input.audience.scope, section_ids: input.audience.sectionIds })).filter(
    (member) => member.id !== input.authorId && roles.includes(member.role),
  );
  const [row] = await tx
    .insert(notifications)
    .values({
      id: input.id,
      collegeId,
      title: input.title,
      content: input.content,
      emergency: input.emergency,
      ...input.audience,
      authorId: input.authorId,
      authorName: input.authorName,
      createdAt: now,
      sentTo: members.length,
      ...keys,
      seq: write.stamp(keys.seenKeys),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  if (members.length === 0) return row;

  const userIds = members.map((member) => member.id);
  const due = input.emergency ? null : await pushTimes(tx, collegeId, userIds, now, settings.timeZone);
  const emailDueAt = input.emergency ? new Date(now.getTime() + settings.emergencyEmailMinutes * 60_000) : null;
  // Each receipt is its member's alone (`user:<id>`). The write's poke keys are the
  // notification's audience: every member a receipt is for answers to them (that is how
  // they were chosen), so the devices woken, and what quiet polls trust, cover every
  // receipt, and the notice stays short for a school of thousands (5,000 `user:` keys
  // would not fit a pg_notify and would poke everyone).
  const seqs = userIds.map(() => write.stamp(keys.seenKeys));
  await tx.execute(sql`
    insert into ${notificationReceipts}
      (id, college_id, seq, notification_id, user_id, emergency, push_due_at, email_due_at, audience_keys, seen_keys)
    select r.id, ${collegeId}, r.seq, ${row.id}, r.user_id, ${input.emergency}, r.push_due_at, ${emailDueAt?.toISOString() ?? null}::timestamptz,
      array['user:' || r.user_id::text], array['user:' || r.user_id::text]
    from unnest(
      ${pgArray(userIds.map(() => uuidv7(now.getTime())))}::uuid[],
      ${pgArray(seqs.map(String))}::bigint[],
      ${pgArray(userIds)}::uuid[],
      ${pgArray(userIds.map((id) => (due?.get(id) ?? now).toISOString()))}::timestamptz[]
    ) as r(id, seq, user_id, push_due_at)`);
  await wakeJob(tx, pushJobName);
  return row;
}

export async function createNotification(write: Write, actor: MutationActor, args: CreateNotificationArgs, now = new Date()): Promise<NotificationRow> {
  assertCanPublish(actor);
  if (args.emergency && !can(actor.user.role, 'notifications.emergency')) throw new HttpError(403, messages.emergencyNotAllowed);
  const errors: Record<string, string[]> = {};
  const audience = await checkedAudience(write.tx, write.collegeId, args, errors);
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  const row = await sendNotification(write, {
    id: args.id.toLowerCase(),
    title: args.title,
    content: args.content,
    emergency: args.emergency ?? false,
    audience,
    authorId: actor.user.id,
    authorName: authorName(actor),
    now,
  });
  // The id is taken (by this college or another): never overwrite someone else's row.
  if (!row) throw new HttpError(409, messages.conflict);
  await scheduleDelivery(write.tx, { kind: 'notification', itemId: row.id, collegeId: write.collegeId, at: now, site: actor.origin?.site });
  if (row.emergency) {
    const after = { title: row.title, scope: row.scope, course_ids: row.courseIds, grade_ids: row.gradeIds, section_ids: row.sectionIds, sent_to: row.sentTo };
    await recordAudit(write.tx, { collegeId: write.collegeId, actor, kind: 'emergency.sent', before: null, after });
  }
  return row;
}

/** The college's notification, locked for the rest of the write; 404 otherwise. */
async function liveNotification(write: Write, id: string): Promise<NotificationRow> {
  const [row] = looksLikeUuid(id)
    ? await write.tx
        .select()
        .from(notifications)
        .where(and(eq(notifications.id, id.toLowerCase()), eq(notifications.collegeId, write.collegeId), isNull(notifications.deletedAt)))
        .for('update')
    : [];
  if (!row) throw notFound(messages.notificationNotFound);
  return row;
}

/**
 * The member read (or acknowledged, which also reads) a notification: the first time counts,
 * a repeat changes nothing. Their other devices learn it (the receipt gets a change number,
 * poking that member alone). Reading drops a push still waiting (for the end of quiet
 * hours); acknowledging stops the email cascade unless the email already went. A
 * notification the member may see but was not sent (they joined its audience later, or
 * wrote it) has no receipt: nothing to record, and not an error a device should show.
 */
export async function recordReceipt(write: Write, actor: MutationActor, args: NotificationReceiptArgs, acknowledge: boolean, now = new Date()): Promise<void> {
  const id = args.notification_id.toLowerCase();
  const [receipt] = looksLikeUuid(id)
    ? await write.tx
        .select()
        .from(notificationReceipts)
        .where(
          and(
            eq(notificationReceipts.notificationId, id),
            eq(notificationReceipts.userId, actor.user.id),
            eq(notificationReceipts.collegeId, write.collegeId),
            isNull(notificationReceipts.deletedAt),
          ),
        )
        .for('update')
    : [];
  if (!receipt) {
    const [row] = looksLikeUuid(id)
      ? await write.tx
          .select({ audienceKeys: notifications.audienceKeys, deletedAt: notifications.deletedAt })
          .from(notifications)
          .where(and(eq(notifications.id, id), eq(notifications.collegeId, write.collegeId)))
      : [];
    if (row && canSee(row, actor.viewer.keySet)) return;
    throw notFound(messages.notificationNotFound);
  }
  const readAt = receipt.readAt ?? now;
  const acknowledgedAt = acknowledge ? (receipt.acknowledgedAt ?? now) : receipt.acknowledgedAt;
  if (readAt === receipt.readAt && acknowledgedAt === receipt.acknowledgedAt) return;
  await write.tx
    .update(notificationReceipts)
    .set({
      readAt,
      acknowledgedAt,
      pushDueAt: null,
      emailDueAt: acknowledgedAt !== null && receipt.emailedAt === null ? null : receipt.emailDueAt,
      seq: write.stamp(keysOfMembers([actor.user.id])),
    })
    .where(eq(notificationReceipts.id, receipt.id));
  if (receipt.readAt === null) await markDeliveryRead(write.tx, 'notification', id, actor.user.id, now);
}

/**
 * "Send again to those who have not read it": every receipt not read is due for a push now,
 * or at the end of its member's quiet hours (an emergency alert at once), and the push job is
 * woken. At most once in 10 minutes per notification (409): a second press a moment later
 * would only ring the same phones twice. Devices do not see it: nothing is stamped.
 */
export async function remindNotification(write: Write, actor: MutationActor, args: RemindNotificationArgs, now = new Date()): Promise<void> {
  assertCanPublish(actor);
  const notification = await liveNotification(write, args.notification_id);
  if (notification.remindedAt && now.getTime() - notification.remindedAt.getTime() < remindIntervalMs) {
    throw new HttpError(409, messages.notificationRemindedRecently);
  }
  await write.tx.update(notifications).set({ remindedAt: now }).where(eq(notifications.id, notification.id));
  const unread = await write.tx
    .select({ id: notificationReceipts.id, userId: notificationReceipts.userId })
    .from(notificationReceipts)
    .where(and(eq(notificationReceipts.notificationId, notification.id), isNull(notificationReceipts.readAt), isNull(notificationReceipts.deletedAt)));
  if (unread.length === 0) return;
  const { timeZone } = await collegeSettings(write.tx, write.collegeId);
  const due = notification.emergency
    ? null
    : await pushTimes(
        write.tx,
        write.collegeId,
        unread.map((r) => r.userId),
        now,
        timeZone,
      );
  await write.tx.execute(sql`
    update ${notificationReceipts} as r set push_due_at = t.due
    from unnest(${pgArray(unread.map((r) => r.id))}::uuid[], ${pgArray(unread.map((r) => (due?.get(r.userId) ?? now).toISOString()))}::timestamptz[]) as t(id, due)
    where r.id = t.id`);
  await wakeJob(write.tx, pushJobName);
}
