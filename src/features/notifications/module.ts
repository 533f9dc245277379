import { defineDataModule, type RowParser } from '../../db/dataModule';

/**
 * The notifications module's data (docs/architecture.md, "Feature modules"): what the college sent and
 * this member's receipts of it, both synced. Loaded by the sync worker too: no React here.
 * Its screens, routes, navigation and outbox labels are in ui.tsx.
 */

/** The rows' contract and the local fields: loaded by the sync worker when it first needs them, not by the screens. */
function lazyParser(load: () => Promise<RowParser>): () => Promise<RowParser> {
  let loading: Promise<RowParser> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

const modules = () => Promise.all([import('../../../contract/notifications'), import('./localNotification')]);

export const notificationsData = defineDataModule({
  name: 'notifications',
  versions: {
    6: {
      stores: {
        notifications: 'id, created_at, _emergency',
        notificationReceipts: 'id, notification_id, _unread',
      },
    },
  },
  entities: {
    notifications: {
      table: 'notifications',
      toLocal: lazyParser(() =>
        modules().then(([{ notification }, { toLocalNotification }]) => (row: unknown) => {
          const parsed = notification.safeParse(row);
          return parsed.success ? (toLocalNotification(parsed.data) as unknown as Record<string, unknown>) : null;
        }),
      ),
    },
    notificationReceipts: {
      table: 'notificationReceipts',
      toLocal: lazyParser(() =>
        modules().then(([{ notificationReceipt }, { toLocalReceipt }]) => (row: unknown) => {
          const parsed = notificationReceipt.safeParse(row);
          return parsed.success ? (toLocalReceipt(parsed.data) as unknown as Record<string, unknown>) : null;
        }),
      ),
    },
  },
  // Opening a notification is not a change the member wrote (like reading a post): it is
  // sent in order but never counted as unsent, and dropped if refused. Acknowledging an
  // alert is a deliberate act: it stays a change of theirs, listed until it is sent.
  backgroundMutations: ['notifications.read'],
});
