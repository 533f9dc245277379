import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Navigate } from 'react-router-dom';
import type { OutboxEntry } from '../../db/database';
import { defineUiModule } from '../../modules/uiModule';
import { removedFileName } from '../../uploads/removedFileName';
import { session } from '../../session/session';
// A tiny file: this module is in the shell's first download (no Dexie here).
import { itemGone } from '../../sync/itemGone';
import { NewsIcon } from '../../ui/icons';
import { postsDb } from './postsDb';

/**
 * What the posts feature shows: the news routes (the original app's `/blog/...`, a lazy chunk for
 * reading and one for writing), the News entry of the navigation and the outbox labels of its mutations.
 * Its "Latest news" is a section of the home screen (`home`). In the
 * shell's first download (the router needs the routes): keep it free of screens and zod.
 */

const titleOf = (args: unknown): string =>
  typeof args === 'object' && args !== null && typeof (args as { title?: unknown }).title === 'string' ? (args as { title: string }).title : '';

/** A category's name: from a create or rename, else from the row as it was. */
const categoryNameOf = (entry: OutboxEntry, known: string): string => {
  const args = entry.args as { name?: unknown } | null;
  if (args && typeof args.name === 'string') return args.name;
  const before = entry.before?.row?.name;
  return known || (typeof before === 'string' ? before : '');
};

/** Categories' changes, from the structure screen (docs/features/structure.md). */
function categoryLabel(i18n: I18n, entry: OutboxEntry, known: string): string {
  const name = categoryNameOf(entry, known);
  switch (entry.name) {
    case 'categories.create':
      return i18n._(msg`New post category: ${name}`);
    case 'categories.update':
      return i18n._(msg`Renamed post category: ${name}`);
    case 'categories.reorder':
      return i18n._(msg`Moved post category: ${name}`);
    default:
      return (entry.args as { archived?: unknown } | null)?.archived === false
        ? i18n._(msg`Restored post category: ${name}`)
        : i18n._(msg`Archived post category: ${name}`);
  }
}
const categoryMutations = ['categories.create', 'categories.update', 'categories.reorder', 'categories.archive'];

const readingScreens = () => import('./readRoutes');
const writingScreens = () => import('./writeRoutes');

export const postsUi = defineUiModule({
  name: 'posts',
  data: 'posts',
  routes: [
    {
      path: 'blog',
      children: [
        { index: true, element: <Navigate to="/blog/all" replace /> },
        { path: 'new-post', lazy: () => writingScreens().then((m) => m.newPostRoute) },
        { path: 'post/:post', lazy: () => readingScreens().then((m) => m.detailRoute) },
        { path: 'post/:post/edit', lazy: () => writingScreens().then((m) => m.editRoute) },
        { path: ':category', lazy: () => readingScreens().then((m) => m.listRoute) },
      ],
    },
  ],
  // Writing offline: the post form and its editor, kept after the first start.
  keptAfterStart: [writingScreens, () => import('../../richText/TiptapEditor')],
  nav: [{ to: '/blog/all', section: '/blog/', label: msg`News`, icon: NewsIcon, order: 100 }],
  home: [{ order: 100, load: () => import('./latestNewsRoute').then((m) => m.LatestNews) }],
  // The post categories, on the administrators' structure screen (docs/features/structure.md).
  structure: [{ order: 100, load: () => import('./CategoriesAdmin').then((m) => m.CategoriesAdmin) }],
  // The photos and files of kept news categories, kept in step whatever screen is open.
  background: () => import('./KeptNewsInStep').then((m) => m.KeptNewsInStep),
  outbox: {
    mutations: ['posts.create', 'posts.update', 'posts.delete', 'posts.view', ...categoryMutations],
    // A file taken off a post, a photo's description (mutations of the core, about the post's row).
    shared: { mutations: ['attachments.remove', 'attachments.describe'], entity: 'posts' },
    label(i18n, entry, knownTitle) {
      if (categoryMutations.includes(entry.name)) return categoryLabel(i18n, entry, knownTitle);
      // A delete's row is gone: its before-image still knows the title.
      const title = titleOf(entry.args) || knownTitle || titleOf(entry.before?.row);
      switch (entry.name) {
        case 'posts.create':
          return i18n._(msg`New publication: ${title}`);
        case 'posts.update':
          return i18n._(msg`Edited publication: ${title}`);
        case 'posts.delete':
          return title ? i18n._(msg`Deleted publication: ${title}`) : i18n._(msg`Deleted publication`);
        case 'attachments.remove': {
          const file = removedFileName(entry);
          return i18n._(msg`Removed file “${file}” from publication: ${title}`);
        }
        case 'attachments.describe': {
          const file = removedFileName(entry);
          return i18n._(msg`Described photo “${file}” of publication: ${title}`);
        }
        default:
          return title ? i18n._(msg`Read publication: ${title}`) : i18n._(msg`Read publication`);
      }
    },
    fixHref(entry: OutboxEntry) {
      if (categoryMutations.includes(entry.name)) return null;
      if (entry.seq === undefined || itemGone(entry)) return null;
      if (entry.name === 'posts.create' || entry.name === 'posts.update') return `/blog/post/${entry.entityId}/edit?resend=${entry.seq}`;
      return null;
    },
    itemHref(entry: OutboxEntry) {
      if (categoryMutations.includes(entry.name)) return '/admin/structure?archived=1';
      return entry.name === 'posts.delete' || itemGone(entry) ? null : `/blog/post/${entry.entityId}`;
    },
    keepAsNew: {
      label: msg`Keep as a new publication`,
      applies: (entry) => entry.name === 'posts.update' && itemGone(entry),
      async keep(db, entry) {
        const user = session.getState().user;
        if (!user || entry.seq === undefined) return null;
        const { keepEditAsNewPost } = await import('./postWrites');
        const kept = await keepEditAsNewPost(postsDb(db), entry.seq, { user });
        return kept ? `/blog/post/${kept.id}` : null;
      },
    },
    async titles(db, entries) {
      const ids = [...new Set(entries.map((entry) => entry.entityId))];
      const [rows, categories] = await Promise.all([postsDb(db).posts.bulkGet(ids), postsDb(db).categories.bulkGet(ids)]);
      return new Map([
        ...categories.flatMap((row) => (row ? [[row.id, row.name] as const] : [])),
        ...rows.flatMap((row) => (row ? [[row.id, row.title] as const] : [])),
      ]);
    },
  },
});
