import { msg } from '@lingui/core/macro';
import { defineUiModule } from '../../modules/uiModule';
import { LockIcon } from '../../ui/icons';

/**
 * Billing (the original app's "card entry display", docs/features/billing.md): the card form a future payment integration will
 * use, shown to administrators at `/admin/billing`. No data module: card data is never
 * stored or synced, so this feature has no table at all.
 */
export const billingUi = defineUiModule({
  name: 'billing',
  routes: [{ path: 'admin/billing', lazy: () => import('./billingRoute').then((m) => m.billingRoute) }],
  admin: [
    {
      to: '/admin/billing',
      label: msg`Billing`,
      description: msg`The payment card form; no payment provider is connected yet.`,
      icon: LockIcon,
      order: 900,
      permission: 'admin.access',
    },
  ],
});
