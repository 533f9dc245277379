import { useLiveQuery } from 'dexie-react-hooks';
import type { OutboxEntry } from '../../db/database';
import { remindersEntity } from './notificationWrites';
import { useNotificationsDb } from './useNotificationsDb';

/** Live: this device's last "send again" of a notification still in the outbox (null when none), undefined while reading. */
export function useReminder(notificationId: string | null): OutboxEntry | null | undefined {
  const db = useNotificationsDb();
  return useLiveQuery(async () => {
    if (notificationId === null) return null;
    const entries = await db.outbox.where('entityId').equals(notificationId).sortBy('seq');
    return entries.filter((entry) => entry.entity === remindersEntity).at(-1) ?? null;
  }, [db, notificationId]);
}
