import { useMemo } from 'react';
import { useDb } from '../../db/DbProvider';
import { notificationsDb, type NotificationsDb } from './notificationsDb';

/** The signed-in user's database with the notifications tables typed. */
export function useNotificationsDb(): NotificationsDb {
  const db = useDb();
  return useMemo(() => notificationsDb(db), [db]);
}
