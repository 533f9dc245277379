import type { Notification, NotificationReceipt } from '../../../contract/notifications';
import type { LocalNotification, LocalReceipt } from './notificationsDb';

/** The row as stored locally, with the key of the alerts' index (notificationsDb.ts). */
export function toLocalNotification(row: Notification): LocalNotification {
  const { _emergency: _, ...plain } = row as LocalNotification;
  return row.emergency ? { ...plain, _emergency: row.created_at } : plain;
}

/** The receipt as stored locally, with the key of the unread index (notificationsDb.ts). */
export function toLocalReceipt(row: NotificationReceipt): LocalReceipt {
  const { _unread: _, ...plain } = row as LocalReceipt;
  return row.read_at === null ? { ...plain, _unread: 1 } : plain;
}
