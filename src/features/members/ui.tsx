import { msg } from '@lingui/core/macro';
import type { OutboxEntry } from '../../db/database';
import { defineUiModule } from '../../modules/uiModule';
// A tiny file: this module is in the shell's first download (no Dexie here).
import { itemGone } from '../../sync/itemGone';
import { UsersIcon } from './memberIcons';
import { membersDb } from './membersDb';

/**
 * What the members feature shows administrators (the original app's `/users`, "User Roles" in its
 * sidebar): the list (`/users`), a member (`/users/:id`), the form (`/users/new`,
 * `/users/:id/edit`), the CSV import (`/users/import`), the sign-ups waiting on home and
 * the outbox labels of its mutations. In the shell's first download: no screens, no zod.
 */

interface NamedArgs {
  name?: unknown;
  first_lastname?: unknown;
}

function nameOf(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const { name, first_lastname } = value as NamedArgs;
  return [name, first_lastname].filter((part): part is string => typeof part === 'string' && part !== '').join(' ');
}

const listScreens = () => import('./readRoutes');
const formScreens = () => import('./writeRoutes');

export const membersUi = defineUiModule({
  name: 'members',
  data: 'members',
  routes: [
    {
      path: 'users',
      children: [
        { index: true, lazy: () => listScreens().then((m) => m.memberListRoute) },
        { path: 'new', lazy: () => formScreens().then((m) => m.newMemberRoute) },
        { path: 'import', lazy: () => import('./importRoute').then((m) => m.importRoute) },
        { path: ':id', lazy: () => listScreens().then((m) => m.memberDetailRoute) },
        { path: ':id/edit', lazy: () => formScreens().then((m) => m.editMemberRoute) },
      ],
    },
  ],
  // An entry of the administration (/admin), not one of its own in the navigation.
  keptAfterStart: [listScreens, formScreens],
  admin: [
    {
      to: '/users',
      // The original app's sidebar name.
      label: msg`User Roles`,
      description: msg`Members, their roles and PINs; sign-ups waiting for approval; import and export.`,
      icon: UsersIcon,
      order: 100,
      permission: 'users.manage',
    },
  ],
  home: [{ order: 5, load: () => import('./pendingRoute').then((m) => m.PendingSignups) }],
  outbox: {
    mutations: ['members.create', 'members.update', 'members.approve', 'members.reject', 'members.delete', 'members.setPin', 'members.deletePin'],
    label(i18n, entry, knownName) {
      // Only create and update carry the name; the others read it from the row or its before-image.
      const name = nameOf(entry.args) || knownName || nameOf(entry.before?.row);
      switch (entry.name) {
        case 'members.create':
          return i18n._(msg`New member: ${name}`);
        case 'members.update':
          return i18n._(msg`Edited member: ${name}`);
        case 'members.approve':
          return i18n._(msg`Approved sign-up: ${name}`);
        case 'members.reject':
          return i18n._(msg`Rejected sign-up: ${name}`);
        case 'members.setPin':
          return i18n._(msg`New PIN for ${name}`);
        case 'members.deletePin':
          return i18n._(msg`PIN removed for ${name}`);
        default:
          return name ? i18n._(msg`Deleted member: ${name}`) : i18n._(msg`Deleted member`);
      }
    },
    fixHref(entry: OutboxEntry) {
      if (entry.seq === undefined || itemGone(entry)) return null;
      if (entry.name === 'members.create' || entry.name === 'members.update') return `/users/${entry.entityId}/edit?resend=${entry.seq}`;
      return null;
    },
    itemHref(entry: OutboxEntry) {
      return entry.name === 'members.delete' || entry.name === 'members.reject' || itemGone(entry) ? null : `/users/${entry.entityId}`;
    },
    async titles(db, entries) {
      const rows = await membersDb(db).members.bulkGet([...new Set(entries.map((entry) => entry.entityId))]);
      return new Map(rows.flatMap((row) => (row ? [[row.id, nameOf(row)] as const] : [])));
    },
  },
});
