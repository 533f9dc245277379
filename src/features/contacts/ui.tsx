import { msg } from '@lingui/core/macro';
import type { OutboxEntry } from '../../db/database';
import { defineUiModule } from '../../modules/uiModule';
import { ContactsIcon } from '../../ui/icons';

/**
 * What the contacts feature shows: the school's directory at the original app's routes
 * (`/admin/contacts`, `/admin/contacts/{contact}`, `/admin/contacts/create`, plus
 * `/admin/contacts/{contact}/edit`), for every member to read and administrators to write;
 * its navigation entry and the outbox labels of its changes. In the shell's first download
 * (the router needs the routes): keep it free of screens, Dexie queries and zod.
 */

const nameOf = (value: unknown): string =>
  typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string' ? (value as { name: string }).name : '';

const reading = () => import('./readRoutes');
const writing = () => import('./writeRoutes');

export const contactsUi = defineUiModule({
  name: 'contacts',
  data: 'contacts',
  routes: [
    {
      path: 'admin/contacts',
      children: [
        { index: true, lazy: () => reading().then((m) => m.contactsRoute) },
        { path: 'create', lazy: () => writing().then((m) => m.newContactRoute) },
        { path: ':contact', lazy: () => reading().then((m) => m.contactRoute) },
        { path: ':contact/edit', lazy: () => writing().then((m) => m.editContactRoute) },
      ],
    },
  ],
  keptAfterStart: [writing],
  nav: [
    {
      to: '/admin/contacts',
      section: '/admin/contacts',
      label: msg`Contacts`,
      icon: ContactsIcon,
      order: 450,
    },
  ],
  outbox: {
    mutations: ['contacts.create', 'contacts.update', 'contacts.delete'],
    label(i18n, entry, knownName) {
      const name = nameOf(entry.args) || knownName || nameOf(entry.before?.row);
      switch (entry.name) {
        case 'contacts.create':
          return i18n._(msg`New contact: ${name}`);
        case 'contacts.update':
          return i18n._(msg`Edited contact: ${name}`);
        default:
          return name ? i18n._(msg`Deleted contact: ${name}`) : i18n._(msg`Deleted contact`);
      }
    },
    fixHref(entry: OutboxEntry) {
      if (entry.name === 'contacts.delete') return null;
      return `/admin/contacts/${entry.entityId}/edit?resend=${entry.seq ?? ''}`;
    },
    itemHref(entry: OutboxEntry) {
      return entry.name === 'contacts.delete' ? null : `/admin/contacts/${entry.entityId}`;
    },
    async titles(db, entries) {
      const ids = [...new Set(entries.filter((entry) => entry.entity === 'contacts').map((entry) => entry.entityId))];
      const rows = (await db.table('contacts').bulkGet(ids)) as ({ id: string; name: string } | undefined)[];
      return new Map(rows.flatMap((row) => (row ? [[row.id, row.name] as const] : [])));
    },
  },
});
