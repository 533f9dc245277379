import { msg } from '@lingui/core/macro';
import type { OutboxEntry } from '../../db/database';
import { defineUiModule } from '../../modules/uiModule';
import { FileIcon } from '../../ui/icons';

/**
 * What the documents feature shows: the library (`/documentos`, a category at
 * `/documentos/<category id>`), its navigation entry, the outbox labels of its changes and
 * its background work (keeping kept files in step, sending queued uploads) and the upload
 * queue it lends the post and event forms for their attachments. In the shell's
 * first download (the router needs the routes): keep it free of screens, Dexie queries and zod.
 */

const titleOfBefore = (entry: OutboxEntry): string => {
  const title = entry.before?.row?.title ?? entry.before?.row?.name;
  return typeof title === 'string' ? title : '';
};
const nameOf = (args: unknown): string =>
  typeof args === 'object' && args !== null && typeof (args as { name?: unknown }).name === 'string' ? (args as { name: string }).name : '';

const screens = () => import('./readRoutes');

export const documentsUi = defineUiModule({
  name: 'documents',
  data: 'documents',
  routes: [
    {
      path: 'documentos',
      children: [
        { index: true, lazy: () => screens().then((m) => m.libraryRoute) },
        { path: ':category', lazy: () => screens().then((m) => m.libraryRoute) },
      ],
    },
  ],
  nav: [
    {
      to: '/documentos',
      section: '/documentos',
      label: msg`Documents`,
      icon: FileIcon,
      order: 400,
    },
  ],
  background: () => import('./DocumentsBackground').then((m) => m.DocumentsBackground),
  // The uploads (library files and attachments) are this device's unsent work too.
  unsent: [{ order: 0, load: () => import('./UploadQueue').then((m) => m.UploadQueue) }],
  // The post and event forms queue their files here (src/uploads/attachmentQueue.ts).
  attachmentQueue: () => import('./attachmentQueue').then((m) => m.attachmentQueue),
  outbox: {
    mutations: ['documents.delete', 'documents.downloaded', 'documentCategories.create', 'documentCategories.update', 'documentCategories.delete'],
    label(i18n, entry, knownTitle) {
      const title = knownTitle || titleOfBefore(entry);
      const name = nameOf(entry.args) || titleOfBefore(entry);
      switch (entry.name) {
        case 'documents.delete':
          return title ? i18n._(msg`Deleted document: ${title}`) : i18n._(msg`Deleted document`);
        case 'documents.downloaded':
          return title ? i18n._(msg`Opened document: ${title}`) : i18n._(msg`Opened document`);
        case 'documentCategories.create':
          return i18n._(msg`New document category: ${name}`);
        case 'documentCategories.update':
          return i18n._(msg`Edited document category: ${name}`);
        default:
          return name ? i18n._(msg`Deleted document category: ${name}`) : i18n._(msg`Deleted document category`);
      }
    },
    // Nothing here has a form to fix: a refused change is discarded (or resent).
    fixHref: () => null,
    itemHref(entry) {
      if (entry.name === 'documentCategories.create' || entry.name === 'documentCategories.update') return `/documentos/${entry.entityId}`;
      return null;
    },
    async titles(db, entries) {
      const ids = [...new Set(entries.filter((entry) => entry.entity === 'documents').map((entry) => entry.entityId))];
      const rows = (await db.table('documents').bulkGet(ids)) as ({ id: string; title: string } | undefined)[];
      return new Map(rows.flatMap((row) => (row ? [[row.id, row.title] as const] : [])));
    },
  },
});
