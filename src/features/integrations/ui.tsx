import { msg } from '@lingui/core/macro';
import { defineUiModule } from '../../modules/uiModule';
import { MailIcon } from '../../ui/icons';

/**
 * The integrations feature (issue 12): the administrators' `/admin/integrations` screen
 * (the college's SMTP server and the mail log) and its navigation entry. Online only, so it
 * has no data module and no outbox labels. In the shell's first download: keep it small.
 */
export const integrationsUi = defineUiModule({
  name: 'integrations',
  routes: [{ path: 'admin/integrations', lazy: () => import('./readRoutes').then((m) => m.integrationsRoute) }],
  nav: [
    {
      to: '/admin/integrations',
      section: '/admin/integrations',
      label: msg`Integrations`,
      icon: MailIcon,
      order: 810,
      permission: 'integrations.manage',
    },
  ],
});
