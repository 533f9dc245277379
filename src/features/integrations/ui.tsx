import { msg } from '@lingui/core/macro';
import { defineUiModule } from '../../modules/uiModule';
import { MailIcon } from '../../ui/icons';

/**
 * The integrations feature (docs/features/integrations.md): the administrators' `/admin/integrations` screen
 * (the college's SMTP server, the mail log and single sign-on) and its entry in the administration (`/admin`). Online only, so it
 * has no data module and no outbox labels. In the shell's first download: keep it small.
 */
export const integrationsUi = defineUiModule({
  name: 'integrations',
  routes: [{ path: 'admin/integrations', lazy: () => import('./readRoutes').then((m) => m.integrationsRoute) }],
  admin: [
    {
      to: '/admin/integrations',
      label: msg`Integrations`,
      description: msg`The school's email server (SMTP), the mail log and single sign-on.`,
      icon: MailIcon,
      order: 300,
      permission: 'integrations.manage',
    },
  ],
});
