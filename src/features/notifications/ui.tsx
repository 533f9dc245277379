import { msg, plural } from '@lingui/core/macro';
import type { OutboxEntry } from '../../db/database';
import { defineUiModule } from '../../modules/uiModule';
import { BellIcon } from '../../ui/icons';
import { notificationsDb } from './notificationsDb';

/**
 * What the notifications feature shows: the inbox (the original app's `/notifications`, one open at
 * `/notifications?notification=<id>`), what the college sent (`/college-notifications`) and
 * its form (`/college-notifications/new-notification`), the Notifications entry of the
 * navigation with the unread count (also on the installed app's icon), open emergency
 * alerts on the home screen, quiet hours on the profile and the outbox labels of its
 * changes. In the shell's first download (the router needs the routes): keep it free of
 * screens, Dexie queries and zod.
 */

const notificationIdOf = (args: unknown): string =>
  typeof args === 'object' && args !== null && typeof (args as { notification_id?: unknown }).notification_id === 'string'
    ? (args as { notification_id: string }).notification_id
    : '';
const titleOf = (args: unknown): string =>
  typeof args === 'object' && args !== null && typeof (args as { title?: unknown }).title === 'string' ? (args as { title: string }).title : '';

const readingScreens = () => import('./readRoutes');
const writingScreens = () => import('./writeRoutes');

export const notificationsUi = defineUiModule({
  name: 'notifications',
  data: 'notifications',
  routes: [
    { path: 'notifications', lazy: () => readingScreens().then((m) => m.inboxRoute) },
    {
      path: 'college-notifications',
      children: [
        { index: true, lazy: () => writingScreens().then((m) => m.sentRoute) },
        { path: 'new-notification', lazy: () => writingScreens().then((m) => m.newNotificationRoute) },
      ],
    },
  ],
  keptAfterStart: [writingScreens],
  nav: [
    {
      to: '/notifications',
      section: '/notifications',
      label: msg`Notifications`,
      icon: BellIcon,
      order: 300,
      count: {
        load: () => import('./unreadCount').then((m) => m.useUnreadCount),
        describe: (i18n, count) => i18n._(msg`${plural(count, { one: '# unread notification', other: '# unread notifications' })}`),
        appBadge: true,
      },
    },
  ],
  // Above the news: an alert is seen without opening the inbox.
  home: [{ order: 0, load: () => import('./alertsRoute').then((m) => m.OpenAlerts) }],
  profile: [{ order: 50, load: () => import('./quietHoursRoute').then((m) => m.QuietHoursCard) }],
  outbox: {
    mutations: ['notifications.create', 'notifications.acknowledge', 'notifications.remind', 'notifications.read'],
    label(i18n, entry, knownTitle) {
      const title = titleOf(entry.args) || knownTitle;
      switch (entry.name) {
        case 'notifications.create':
          return i18n._(msg`New notification: ${title}`);
        case 'notifications.acknowledge':
          return title ? i18n._(msg`Acknowledged alert: ${title}`) : i18n._(msg`Acknowledged alert`);
        case 'notifications.remind':
          return title ? i18n._(msg`Sent again to those who have not read it: ${title}`) : i18n._(msg`Sent again to those who have not read it`);
        default:
          return title ? i18n._(msg`Read notification: ${title}`) : i18n._(msg`Read notification`);
      }
    },
    // A notification cannot be edited (a sent message is not unsent): a refused one is
    // discarded and written again, so there is no form to fix it in.
    fixHref: () => null,
    itemHref(entry: OutboxEntry) {
      if (entry.name === 'notifications.create') return `/notifications?notification=${entry.entityId}`;
      const id = notificationIdOf(entry.args);
      if (!id) return null;
      return entry.name === 'notifications.remind' ? `/college-notifications?notification=${id}` : `/notifications?notification=${id}`;
    },
    async titles(db, entries) {
      // Entries name a notification (create, remind) or a receipt (read, acknowledge): both lead to the title.
      const tables = notificationsDb(db);
      const ids = new Map(entries.map((entry) => [entry.entityId, notificationIdOf(entry.args) || entry.entityId]));
      const notifications = await tables.notifications.bulkGet([...new Set(ids.values())]);
      const titles = new Map(notifications.flatMap((row) => (row ? [[row.id, row.title] as const] : [])));
      return new Map([...ids].flatMap(([entityId, notificationId]) => (titles.has(notificationId) ? [[entityId, titles.get(notificationId)!] as const] : [])));
    },
  },
});
