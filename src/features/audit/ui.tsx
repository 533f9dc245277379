import { msg, plural } from '@lingui/core/macro';
import { defineUiModule } from '../../modules/uiModule';
import { ShieldIcon } from '../../ui/icons';

/**
 * The audit trail (docs/features/audit.md): the administrators' `/admin/audit` screen, its
 * entry in the administration, and the outbox label of a retention change. In the shell's
 * first download: keep it free of screens, Dexie queries and zod.
 */
export const auditUi = defineUiModule({
  name: 'audit',
  data: 'audit',
  routes: [{ path: 'admin/audit', lazy: () => import('./readRoutes').then((m) => m.auditRoute) }],
  admin: [
    {
      to: '/admin/audit',
      label: msg`Audit trail`,
      description: msg`Who did what in the administration, when and from which device; and how long it is kept.`,
      icon: ShieldIcon,
      order: 900,
      permission: 'audit.manage',
    },
  ],
  outbox: {
    mutations: ['audit.setRetention'],
    label(i18n, entry) {
      const years = (entry.args as { years?: unknown } | null)?.years;
      return typeof years === 'number'
        ? i18n._(msg`Keep the audit trail for ${plural(years, { one: '# year', other: '# years' })}`)
        : i18n._(msg`Audit trail retention`);
    },
    fixHref: () => '/admin/audit',
    itemHref: () => '/admin/audit',
  },
});
