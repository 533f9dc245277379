import { and, asc, count, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { NotificationDelivery, NotificationListQuery, NotificationListResponse, SentNotification } from '../../contract/notifications';
import { looksLikeUuid } from '../audience/references';
import { visibleTo } from '../audience/visibility';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { Viewer } from '../sync/viewer';
import { notificationToWire, type NotificationRow } from './notificationEntities';
import { notificationReceipts, notifications } from './schema';

/** Who has not read it, by name, at most this many (the delivery screen's list). */
export const unreadNamesLimit = 200;

const lastPage = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));

/**
 * The member's notifications (what the sync would give them: the audience rule), newest
 * first, each with when they read and acknowledged it.
 */
export async function listMemberNotifications(db: Database, viewer: Viewer, query: NotificationListQuery): Promise<NotificationListResponse> {
  const where = and(eq(notifications.collegeId, viewer.collegeId), visibleTo(notifications, viewer.keys));
  const [total] = await db.select({ n: count() }).from(notifications).where(where);
  const rows = await db
    .select({ notification: notifications, readAt: notificationReceipts.readAt, acknowledgedAt: notificationReceipts.acknowledgedAt })
    .from(notifications)
    .leftJoin(
      notificationReceipts,
      and(eq(notificationReceipts.notificationId, notifications.id), eq(notificationReceipts.userId, viewer.userId), isNull(notificationReceipts.deletedAt)),
    )
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const n = total?.n ?? 0;
  return {
    data: rows.map((row) => ({
      ...notificationToWire(row.notification),
      read_at: row.readAt?.toISOString() ?? null,
      acknowledged_at: row.acknowledgedAt?.toISOString() ?? null,
    })),
    meta: { page: query.page, per_page: query.per_page, total: n, last_page: lastPage(n, query.per_page) },
  };
}

/** What the college sent, newest first, with its figures: one query, counted by the database. */
export async function listSentNotifications(db: Database, collegeId: string, query: NotificationListQuery): Promise<SentNotification[]> {
  const rows = await db
    .select({
      ...getTableColumns(notifications),
      read: sql<number>`count(${notificationReceipts.readAt})::int`,
      acknowledged: sql<number>`count(${notificationReceipts.acknowledgedAt})::int`,
    })
    .from(notifications)
    .leftJoin(notificationReceipts, and(eq(notificationReceipts.notificationId, notifications.id), isNull(notificationReceipts.deletedAt)))
    .where(and(eq(notifications.collegeId, collegeId), isNull(notifications.deletedAt)))
    .groupBy(notifications.id)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return rows.map((row) => ({ ...notificationToWire(row), sent_to: row.sentTo, read: row.read, acknowledged: row.acknowledged }));
}

/** The college's notification, or null (answered as 404: another college's id looks like none). */
export async function findCollegeNotification(db: Database, collegeId: string, id: string): Promise<NotificationRow | null> {
  if (!looksLikeUuid(id)) return null;
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id.toLowerCase()), eq(notifications.collegeId, collegeId), isNull(notifications.deletedAt)));
  return row ?? null;
}

/** How far a notification got: its receipts counted in one query, and the first unread by name. */
export async function deliveryOf(db: Database, notification: NotificationRow, now: Date): Promise<NotificationDelivery> {
  const r = notificationReceipts;
  const mine = and(eq(r.notificationId, notification.id), isNull(r.deletedAt));
  const [figures] = await db
    .select({
      pushed: sql<number>`count(*) filter (where ${r.pushedDevices} > 0)::int`,
      read: sql<number>`count(${r.readAt})::int`,
      acknowledged: sql<number>`count(${r.acknowledgedAt})::int`,
      emailed: sql<number>`count(${r.emailedAt})::int`,
      waiting: sql<number>`count(*) filter (where ${r.pushedAt} is null and ${r.readAt} is null and ${r.pushDueAt} > ${now.toISOString()}::timestamptz)::int`,
    })
    .from(r)
    .where(mine);
  const unread = await db
    .select({ userId: users.id, name: users.name, firstLastname: users.firstLastname, role: users.role })
    .from(r)
    .innerJoin(users, eq(users.id, r.userId))
    .where(and(mine, isNull(r.readAt)))
    .orderBy(asc(users.name), asc(users.firstLastname), asc(users.id))
    .limit(unreadNamesLimit);
  return {
    notification_id: notification.id,
    sent_to: notification.sentTo,
    pushed: figures?.pushed ?? 0,
    read: figures?.read ?? 0,
    acknowledged: figures?.acknowledged ?? 0,
    emailed: figures?.emailed ?? 0,
    waiting_quiet_hours: figures?.waiting ?? 0,
    unread: unread.map((u) => ({ user_id: u.userId, name: [u.name, u.firstLastname].filter(Boolean).join(' '), role: u.role })),
    reminded_at: notification.remindedAt?.toISOString() ?? null,
  };
}
