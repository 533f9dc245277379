import { useLiveQuery } from 'dexie-react-hooks';
import { readFirstSyncPending } from '../../sync/hooks';
import type { LocalNotification, LocalReceipt, NotificationsDb } from './notificationsDb';
import { useNotificationsDb } from './useNotificationsDb';

/** A notification with this member's receipt (null: it was not sent to them, e.g. staff reading what went to others). */
export interface InboxItem {
  notification: LocalNotification;
  receipt: LocalReceipt | null;
}

export interface InboxPage {
  items: InboxItem[];
  /** More, older notifications are stored than `items` shows. */
  more: boolean;
  firstSyncPending: boolean;
}

/** How many the inbox shows at first, and adds per "Show older". */
export const inboxPageSize = 50;

async function withReceipts(db: NotificationsDb, notifications: readonly LocalNotification[]): Promise<InboxItem[]> {
  const receipts = await db.notificationReceipts
    .where('notification_id')
    .anyOf(notifications.map((notification) => notification.id))
    .toArray();
  const byNotification = new Map(receipts.map((receipt) => [receipt.notification_id, receipt]));
  return notifications.map((notification) => ({ notification, receipt: byNotification.get(notification.id) ?? null }));
}

/** Whether the item still asks this member for something: read it, or acknowledge an alert. */
export const isUnread = (item: InboxItem): boolean => item.receipt !== null && item.receipt.read_at === null;
export const needsAcknowledgement = (item: InboxItem): boolean => item.notification.emergency && item.receipt !== null && item.receipt.acknowledged_at === null;

/** Live: the newest `limit` notifications, newest first, with their receipts (undefined while reading). */
export function useInbox(limit: number): InboxPage | undefined {
  const db = useNotificationsDb();
  return useLiveQuery(async () => {
    const [newest, firstSyncPending] = await Promise.all([
      db.notifications
        .orderBy('created_at')
        .reverse()
        .limit(limit + 1)
        .toArray(),
      readFirstSyncPending(db),
    ]);
    return { items: await withReceipts(db, newest.slice(0, limit)), more: newest.length > limit, firstSyncPending };
  }, [db, limit]);
}

/** Live: one notification with its receipt; null when this device does not have it, undefined while reading. */
export function useInboxItem(id: string | null): InboxItem | null | undefined {
  const db = useNotificationsDb();
  return useLiveQuery(async () => {
    if (id === null) return null;
    const notification = await db.notifications.get(id);
    if (!notification) return null;
    return (await withReceipts(db, [notification]))[0] ?? null;
  }, [db, id]);
}

/**
 * How many notifications this member has not opened. Counted from the unread index, and
 * only those whose notification is on the device (a receipt can arrive a page before its
 * notification): the count never promises something the inbox cannot show.
 */
export async function countUnread(db: NotificationsDb): Promise<number> {
  const unread = await db.notificationReceipts.where('_unread').equals(1).toArray();
  if (unread.length === 0) return 0;
  const notifications = await db.notifications.bulkGet(unread.map((receipt) => receipt.notification_id));
  return notifications.filter(Boolean).length;
}

/** Live: the unread count (the navigation entry and the app's icon). */
export function useUnreadCount(): number | undefined {
  const db = useNotificationsDb();
  return useLiveQuery(() => countUnread(db), [db]);
}

/** How many recent alerts the home screen looks through (alerts are rare; this bounds the read). */
const recentAlerts = 20;

/** Live: emergency alerts sent to this member that they have not acknowledged yet, newest first. */
export function useOpenAlerts(): InboxItem[] | undefined {
  const db = useNotificationsDb();
  return useLiveQuery(async () => {
    const alerts = await db.notifications.orderBy('_emergency').reverse().limit(recentAlerts).toArray();
    return (await withReceipts(db, alerts)).filter(needsAcknowledgement);
  }, [db]);
}
