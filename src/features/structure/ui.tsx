import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { OutboxEntry } from '../../db/database';
import { defineUiModule } from '../../modules/uiModule';
import { StructureIcon } from '../../ui/icons';

/**
 * What the structure feature shows (docs/features/structure.md): the administrators' `/admin/structure`
 * screen, its entry in the administration (administrators only) and the outbox labels of its changes.
 * Its rows are the core's reference tables, so it has no data module of its own. In the
 * shell's first download: keep it free of screens, Dexie queries and zod.
 */

const nameOf = (entry: OutboxEntry, known: string): string => {
  const args = entry.args as { name?: unknown } | null;
  if (args && typeof args.name === 'string') return args.name;
  if (known) return known;
  const before = entry.before?.row?.name;
  return typeof before === 'string' ? before : '';
};
const archiving = (entry: OutboxEntry) => (entry.args as { archived?: unknown } | null)?.archived !== false;

/** "<kind verb>: <name>", one message per kind and verb so translations can agree in gender and number. */
function label(i18n: I18n, entry: OutboxEntry, name: string): string {
  const archived = archiving(entry);
  switch (entry.name) {
    case 'places.create':
      return i18n._(msg`New place: ${name}`);
    case 'places.update':
      return i18n._(msg`Edited place: ${name}`);
    case 'places.archive':
      return archived ? i18n._(msg`Archived place: ${name}`) : i18n._(msg`Restored place: ${name}`);
    case 'courses.create':
      return i18n._(msg`New course: ${name}`);
    case 'courses.update':
      return i18n._(msg`Renamed course: ${name}`);
    case 'courses.reorder':
      return i18n._(msg`Moved course: ${name}`);
    case 'courses.archive':
      return archived ? i18n._(msg`Archived course: ${name}`) : i18n._(msg`Restored course: ${name}`);
    case 'grades.create':
      return i18n._(msg`New grade: ${name}`);
    case 'grades.update':
      return i18n._(msg`Renamed grade: ${name}`);
    case 'grades.reorder':
      return i18n._(msg`Moved grade: ${name}`);
    case 'grades.archive':
      return archived ? i18n._(msg`Archived grade: ${name}`) : i18n._(msg`Restored grade: ${name}`);
    case 'sections.create':
      return i18n._(msg`New section: ${name}`);
    case 'sections.update':
      return i18n._(msg`Edited section: ${name}`);
    default:
      return archived ? i18n._(msg`Archived section: ${name}`) : i18n._(msg`Restored section: ${name}`);
  }
}

export const structureMutationNames = ['places', 'courses', 'grades', 'sections'].flatMap((kind) =>
  ['create', 'update', 'archive', ...(kind === 'courses' || kind === 'grades' ? ['reorder'] : [])].map((verb) => `${kind}.${verb}`),
);

export const structureUi = defineUiModule({
  name: 'structure',
  routes: [{ path: 'admin/structure', lazy: () => import('./readRoutes').then((m) => m.structureRoute) }],
  admin: [
    {
      to: '/admin/structure',
      label: msg`Structure`,
      description: msg`Places, courses, grades, sections and news categories.`,
      icon: StructureIcon,
      order: 200,
      permission: 'structure.manage',
    },
  ],
  outbox: {
    mutations: structureMutationNames,
    label: (i18n, entry, known) => label(i18n, entry, nameOf(entry, known)),
    // Nothing here has a form to fix: a refused change is discarded (or resent).
    fixHref: () => null,
    itemHref: () => '/admin/structure?archived=1',
    async titles(db, entries) {
      const names = new Map<string, string>();
      for (const entry of entries) {
        const row = (await db.table(entry.entity).get(entry.entityId)) as { name?: unknown } | undefined;
        if (typeof row?.name === 'string') names.set(entry.entityId, row.name);
      }
      return names;
    },
  },
});
