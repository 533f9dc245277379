import { defineUiModule } from '../../modules/uiModule';

/**
 * The second factor (docs/features/second-factor.md): on the profile, "Two-step sign-in" for
 * administrators and staff (passkeys, an authenticator app, recovery codes) and for
 * administrators the school's requirement; on an administrator's member screen, removing a
 * member's factors. Online only: no data module, no outbox labels. The sign-in's own second
 * step lives in src/secondFactor (the sign-in screen is core).
 */
export const secondFactorUi = defineUiModule({
  name: 'secondFactor',
  profile: [{ order: 150, load: () => import('./profileSections').then((m) => m.TwoStepSignInSection) }],
  member: [{ order: 150, load: () => import('./MemberFactorsCard').then((m) => m.MemberFactorsCard) }],
});
