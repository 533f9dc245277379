import { msg } from '@lingui/core/macro';
import type { OutboxEntry } from '../../db/database';
import { defineUiModule } from '../../modules/uiModule';
import { removedFileName } from '../../uploads/removedFileName';
import { session } from '../../session/session';
import { collegeTimeZone, getTenant } from '../../tenant/tenantStore';
// A tiny file: this module is in the shell's first download (no Dexie here).
import { itemGone } from '../../sync/itemGone';
import { CalendarIcon } from '../../ui/icons';
import { eventsDb } from './eventsDb';

/**
 * What the events feature shows: the calendar (the original app's `/events`, with the details of an
 * event at `/events?event=<id>`), the form (`/events/new-event`, `/events/event/:id/edit`),
 * the Events entry of the navigation, the coming events on the home screen, the calendar
 * feed on the profile and the outbox labels of its mutations. In the shell's first
 * download (the router needs the routes): keep it free of screens and zod.
 */

const nameOf = (args: unknown): string =>
  typeof args === 'object' && args !== null && typeof (args as { name?: unknown }).name === 'string' ? (args as { name: string }).name : '';

const readingScreens = () => import('./readRoutes');
const writingScreens = () => import('./writeRoutes');

export const eventsUi = defineUiModule({
  name: 'events',
  data: 'events',
  routes: [
    {
      path: 'events',
      children: [
        { index: true, lazy: () => readingScreens().then((m) => m.calendarRoute) },
        { path: 'new-event', lazy: () => writingScreens().then((m) => m.newEventRoute) },
        { path: 'event/:id/edit', lazy: () => writingScreens().then((m) => m.editEventRoute) },
      ],
    },
  ],
  keptAfterStart: [writingScreens],
  nav: [{ to: '/events', section: '/events', label: msg`Events`, icon: CalendarIcon, order: 200 }],
  home: [{ order: 50, load: () => import('./upcomingRoute').then((m) => m.UpcomingEvents) }],
  profile: [{ order: 100, load: () => import('./feedRoute').then((m) => m.CalendarFeedCard) }],
  outbox: {
    // `events.view` is a background entry (module.ts): listed only for its label, should one be shown.
    mutations: ['events.create', 'events.update', 'events.delete', 'events.view'],
    // A file taken off an event, a photo's description (mutations of the core, about the event's row).
    shared: { mutations: ['attachments.remove', 'attachments.describe'], entity: 'events' },
    label(i18n, entry, knownName) {
      // A delete's row is gone: its before-image still knows the name.
      const name = nameOf(entry.args) || knownName || nameOf(entry.before?.row);
      switch (entry.name) {
        case 'events.create':
          return i18n._(msg`New event: ${name}`);
        case 'events.update':
          return i18n._(msg`Edited event: ${name}`);
        case 'attachments.remove': {
          const file = removedFileName(entry);
          return i18n._(msg`Removed file “${file}” from event: ${name}`);
        }
        case 'attachments.describe': {
          const file = removedFileName(entry);
          return i18n._(msg`Described photo “${file}” of event: ${name}`);
        }
        case 'events.view':
          return name ? i18n._(msg`Opened event: ${name}`) : i18n._(msg`Opened event`);
        default:
          return name ? i18n._(msg`Deleted event: ${name}`) : i18n._(msg`Deleted event`);
      }
    },
    fixHref(entry: OutboxEntry) {
      if (entry.seq === undefined || itemGone(entry)) return null;
      if (entry.name === 'events.create' || entry.name === 'events.update') return `/events/event/${entry.entityId}/edit?resend=${entry.seq}`;
      return null;
    },
    itemHref(entry: OutboxEntry) {
      return entry.name === 'events.delete' || itemGone(entry) ? null : `/events?event=${entry.entityId}`;
    },
    keepAsNew: {
      label: msg`Keep as a new event`,
      applies: (entry) => entry.name === 'events.update' && itemGone(entry),
      async keep(db, entry) {
        const user = session.getState().user;
        if (!user || entry.seq === undefined) return null;
        const { keepEditAsNewEvent } = await import('./eventWrites');
        const kept = await keepEditAsNewEvent(eventsDb(db), entry.seq, { user, timeZone: collegeTimeZone(getTenant().college) });
        return kept ? `/events?event=${kept.id}` : null;
      },
    },
    async titles(db, entries) {
      const rows = await eventsDb(db).events.bulkGet([...new Set(entries.map((entry) => entry.entityId))]);
      return new Map(rows.flatMap((row) => (row ? [[row.id, row.name] as const] : [])));
    },
  },
});
