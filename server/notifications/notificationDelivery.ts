import { and, eq, inArray, isNull } from 'drizzle-orm';
import { keysOfMembers } from '../../contract/audience';
import type { Deliverable, DeliverableItem } from '../delivery/deliverable';
import type { Write } from '../sync/writeInCollege';
import { remindNotification } from './notificationService';
import { notificationReceipts, notifications } from './schema';

type NotificationRow = typeof notifications.$inferSelect;

function itemOf(row: NotificationRow): DeliverableItem {
  return {
    id: row.id,
    collegeId: row.collegeId,
    authorId: row.authorId,
    authorName: row.authorName,
    title: row.title,
    html: null,
    text: row.content,
    details: () => [],
    path: `/notifications?notification=${row.id}`,
    attachments: [],
    audienceKeys: row.audienceKeys,
    scope: row.scope,
    deleted: row.deletedAt !== null,
    emergency: row.emergency,
    publishedAt: row.createdAt,
  };
}

/**
 * Notifications reach members by email too (server/delivery): to each member it was sent to
 * (its receipts), emergencies at once whatever they chose. Pushes stay the feature's own
 * (server/notifications/pushJob.ts), which reports them to the delivery core.
 */
export const notificationDeliverable: Deliverable = {
  kind: 'notification',
  pushed: false,
  async load(db, collegeId, ids) {
    if (ids.length === 0) return [];
    const rows = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.collegeId, collegeId), inArray(notifications.id, [...ids])));
    return rows.map(itemOf);
  },
  async recipients(db, item) {
    const rows = await db
      .select({ userId: notificationReceipts.userId })
      .from(notificationReceipts)
      .where(and(eq(notificationReceipts.notificationId, item.id), isNull(notificationReceipts.deletedAt)));
    return rows.map((row) => row.userId);
  },
  /** Read from the email's button: the receipt says so, on the member's devices too. */
  async markRead(write: Write, userId, item, now) {
    const [receipt] = await write.tx
      .select()
      .from(notificationReceipts)
      .where(and(eq(notificationReceipts.notificationId, item.id), eq(notificationReceipts.userId, userId), isNull(notificationReceipts.deletedAt)))
      .for('update');
    if (!receipt || receipt.readAt) return;
    await write.tx
      .update(notificationReceipts)
      .set({ readAt: now, pushDueAt: null, seq: write.stamp(keysOfMembers([userId])) })
      .where(eq(notificationReceipts.id, receipt.id));
  },
  remind: (write, actor, item, now) => remindNotification(write, actor, { notification_id: item.id }, now),
};
