import { defineUiModule } from '../../modules/uiModule';

/**
 * How members are reached (docs/features/delivery.md): the "How you are reached" card of the
 * profile and, on an administrator's member screen, the same choices for that member. Online
 * only (the server decides with them), so no data module and no outbox labels. In the
 * shell's first download: keep it free of screens and zod.
 */
export const deliveryUi = defineUiModule({
  name: 'delivery',
  // Above the quiet hours (50): first whether things come by email, then when pushes wait.
  profile: [{ order: 40, load: () => import('./MyDeliveryCard').then((m) => m.MyDeliveryCard) }],
  // Above the privacy card (100): an everyday question before a rare one.
  member: [{ order: 50, load: () => import('./MemberDeliveryCard').then((m) => m.MemberDeliveryCard) }],
});
