import { Route } from 'react-router-dom';
import type { User } from '../../../contract/auth';
import { uuidv7 } from '../../../contract/ids';
import type { Notification, NotificationReceipt } from '../../../contract/notifications';
import { metaKeys } from '../../../src/db/syncMeta';
import { InboxScreen } from '../../../src/features/notifications/InboxScreen';
import { toLocalNotification, toLocalReceipt } from '../../../src/features/notifications/localNotification';
import { NewNotificationScreen } from '../../../src/features/notifications/NewNotificationScreen';
import { notificationsDb, type NotificationsDb } from '../../../src/features/notifications/notificationsDb';
import { renderRoutes, seedReferenceData, signInAs } from '../posts/postsTestKit';

/** A signed-in member with a fresh local database, its reference data stored and the first download done. */
export async function notificationsUser(role: User['role']): Promise<{ user: User; db: NotificationsDb }> {
  const { user, db } = await signInAs(role);
  await seedReferenceData(db);
  await db.meta.put({ key: metaKeys.firstSyncDone, value: true });
  return { user, db: notificationsDb(db) };
}

/** A notification as synced. */
export function aNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: uuidv7(),
    college_id: 'college-1',
    title: 'Reunión de apoderados',
    content: 'El jueves a las 19:00 en el gimnasio.\nTraer la libreta.',
    emergency: false,
    course_ids: ['course-basica'],
    grade_ids: ['grade-1'],
    section_ids: ['sec-1a'],
    scope: 'guardians',
    author_id: 'author-1',
    author_name: 'Marta Díaz',
    created_at: '2026-11-20T12:00:00.000Z',
    ...overrides,
  };
}

/** Stores a notification and, unless `receipt` is null, this member's receipt of it (unread by default). */
export async function storeNotification(
  db: NotificationsDb,
  notification: Notification,
  receipt: Partial<NotificationReceipt> | null = {},
): Promise<NotificationReceipt | null> {
  await db.notifications.put(toLocalNotification(notification));
  if (receipt === null) return null;
  const row: NotificationReceipt = { id: uuidv7(), notification_id: notification.id, read_at: null, acknowledged_at: null, ...receipt };
  await db.notificationReceipts.put(toLocalReceipt(row));
  return row;
}

function SentLanding() {
  return <p>The college's notifications</p>;
}

/** The inbox at `path` (`/notifications…`), with the app's providers. */
export function renderInbox(userId: string, path = '/notifications') {
  return renderRoutes(userId, path, <Route path="/notifications" element={<InboxScreen />} />);
}

/** The form at `/college-notifications/new-notification`, with the sent list as the place it lands. */
export function renderNewNotification(userId: string) {
  return renderRoutes(
    userId,
    '/college-notifications/new-notification',
    <>
      <Route path="/college-notifications" element={<SentLanding />} />
      <Route path="/college-notifications/new-notification" element={<NewNotificationScreen />} />
    </>,
  );
}
