import type { Notification, NotificationReceipt } from '../../contract/notifications';
import { defineEntity } from '../sync/entity';
import { notificationReceipts, notifications } from './schema';

export type NotificationRow = typeof notifications.$inferSelect;
export type ReceiptRow = typeof notificationReceipts.$inferSelect;

export function notificationToWire(row: NotificationRow): Notification {
  return {
    id: row.id,
    college_id: row.collegeId,
    title: row.title,
    content: row.content,
    emergency: row.emergency,
    course_ids: row.courseIds,
    grade_ids: row.gradeIds,
    section_ids: row.sectionIds,
    scope: row.scope,
    author_id: row.authorId,
    author_name: row.authorName,
    created_at: row.createdAt.toISOString(),
  };
}

/** What a member's devices learn of their receipt: never the server's push and email bookkeeping. */
export function receiptToWire(row: ReceiptRow): NotificationReceipt {
  return {
    id: row.id,
    notification_id: row.notificationId,
    read_at: row.readAt?.toISOString() ?? null,
    acknowledged_at: row.acknowledgedAt?.toISOString() ?? null,
  };
}

/** Synced by audience, like events. */
export const notificationEntity = defineEntity({ name: 'notifications', table: notifications, toWire: notificationToWire });

/** Synced to its member alone: its audience is `user:<member>`. */
export const receiptEntity = defineEntity({ name: 'notificationReceipts', table: notificationReceipts, toWire: receiptToWire });
