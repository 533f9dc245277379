import type { EntityTable } from 'dexie';
import type { Notification, NotificationReceipt } from '../../../contract/notifications';
import type { DbWith, PatioDb } from '../../db/database';

/**
 * A notification as stored locally: the server's row, plus `_emergency`, its `created_at`
 * when it is an emergency alert and absent otherwise. IndexedDB leaves a row without the
 * key out of that index, so the index holds the alerts alone, newest last: the home
 * screen's alerts are one short index read, however many ordinary notifications there are.
 */
export interface LocalNotification extends Notification {
  _emergency?: string;
}

/**
 * A member's receipt as stored locally, plus `_unread: 1` while it has not been read
 * (absent once read, for the same reason): the unread count is a count of that index.
 */
export interface LocalReceipt extends NotificationReceipt {
  _unread?: 1;
}

/** The notifications module's tables (module.ts declares their stores). */
export interface NotificationsTables {
  notifications: EntityTable<LocalNotification, 'id'>;
  notificationReceipts: EntityTable<LocalReceipt, 'id'>;
}

export type NotificationsDb = DbWith<NotificationsTables>;

/** The database with the notifications tables typed; it has them whenever the module is registered. */
export function notificationsDb(db: PatioDb): NotificationsDb {
  if (!db.registry.modules.some((module) => module.name === 'notifications')) throw new Error('the notifications module is not registered');
  return db as NotificationsDb;
}
