import type { User } from '../../../contract/auth';
import { uuidv7 } from '../../../contract/ids';
import type { CreateNotificationArgs, NotificationFields, NotificationReceiptArgs, RemindNotificationArgs } from '../../../contract/notifications';
import { mutate } from '../../sync/mutate';
import { toLocalNotification, toLocalReceipt } from './localNotification';
import type { NotificationsDb } from './notificationsDb';

/**
 * Every local change of the notifications feature: one `mutate` each, so the local state
 * and its outbox entry are one Dexie transaction (src/sync/mutate.ts). Reading and
 * acknowledging change the member's receipt at once, so the inbox, the unread count and
 * the alert's "Acknowledged" follow offline; the server's receipt replaces it once it has
 * applied the change (applyPage keeps ours while the change waits).
 */

/** A queued change: the notification it is about and its outbox entry (to follow with toastOutcome). */
export interface QueuedNotificationChange {
  id: string;
  seq: number;
}

/**
 * Reminders are not rows of this device: their entries name an entity that is no local
 * table, so they carry no before-image and mark no notification "not sent".
 */
export const remindersEntity = 'notificationReminders';

type Sender = Pick<User, 'id' | 'name' | 'first_lastname' | 'college_id'>;

const authorName = (user: Sender) => [user.name, user.first_lastname].filter(Boolean).join(' ');

/** Sends a notification (there is no edit: a correction is a new one). */
export async function createNotification(db: NotificationsDb, fields: NotificationFields, user: Sender, now = new Date()): Promise<QueuedNotificationChange> {
  const id = uuidv7(now.getTime());
  const emergency = fields.emergency ?? false;
  const args: CreateNotificationArgs = { id, ...fields, emergency };
  const row = toLocalNotification({
    id,
    college_id: user.college_id,
    title: fields.title,
    content: fields.content,
    emergency,
    course_ids: fields.course_ids,
    grade_ids: fields.grade_ids,
    section_ids: fields.section_ids,
    scope: fields.scope,
    author_id: user.id,
    author_name: authorName(user),
    created_at: now.toISOString(),
  });
  const seq = await mutate(db, { name: 'notifications.create', args, entity: 'notifications', entityId: id }, async () => {
    await db.notifications.put(row);
  });
  return { id, seq };
}

/** This member's receipt of a notification (one per member and notification). */
function receiptOf(db: NotificationsDb, notificationId: string) {
  return db.notificationReceipts.where('notification_id').equals(notificationId).first();
}

/**
 * Marks a notification read (opening it). Nothing happens when this member has no receipt
 * of it (it was not sent to them: staff see what the college sent to others) or already
 * read it; answers the outbox entry's seq otherwise.
 */
export async function markRead(db: NotificationsDb, notificationId: string, now = new Date()): Promise<number | null> {
  // Read and written in one transaction: a second open (another tab, a re-render) finds it read.
  return db.transaction('rw', db.tables, async () => {
    const receipt = await receiptOf(db, notificationId);
    if (!receipt || receipt.read_at !== null) return null;
    const args: NotificationReceiptArgs = { notification_id: notificationId };
    return mutate(db, { name: 'notifications.read', args, entity: 'notificationReceipts', entityId: receipt.id }, async () => {
      await db.notificationReceipts.put(toLocalReceipt({ ...receipt, read_at: now.toISOString() }));
    });
  });
}

/** "I have read this" on an emergency alert: acknowledging also reads it. Null when there is nothing to acknowledge. */
export async function acknowledge(db: NotificationsDb, notificationId: string, now = new Date()): Promise<number | null> {
  return db.transaction('rw', db.tables, async () => {
    const receipt = await receiptOf(db, notificationId);
    if (!receipt || receipt.acknowledged_at !== null) return null;
    const args: NotificationReceiptArgs = { notification_id: notificationId };
    const stamp = now.toISOString();
    return mutate(db, { name: 'notifications.acknowledge', args, entity: 'notificationReceipts', entityId: receipt.id }, async () => {
      await db.notificationReceipts.put(toLocalReceipt({ ...receipt, read_at: receipt.read_at ?? stamp, acknowledged_at: stamp }));
    });
  });
}

/** "Send again to those who have not read it" (staff): queued like any change; the server decides who that is. */
export async function remind(db: NotificationsDb, notificationId: string): Promise<number> {
  const args: RemindNotificationArgs = { notification_id: notificationId };
  return mutate(db, { name: 'notifications.remind', args, entity: remindersEntity, entityId: notificationId }, () => Promise.resolve());
}
