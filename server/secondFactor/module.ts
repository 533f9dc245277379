import type { FeatureModule } from '../feature';
import { secondFactorMemberRoutes } from './memberRoutes';
import { secondFactorProfileRoutes } from './profileRoutes';
import { securitySettingsRoutes } from './settingsRoutes';
import { secondFactorGate } from './signInStep';
import { secondFactorSignInRoutes } from './signInRoutes';

/**
 * A second factor for administrators and staff (docs/features/second-factor.md): enrolment on
 * the profile, the second step of a password sign-in (its gate answers a ticket instead of a
 * session), and the college's requirement. Single sign-on never passes the gate: the provider
 * has its own factors.
 */
export const secondFactorModule: FeatureModule = {
  name: 'secondFactor',
  routes: (app, ctx) => {
    secondFactorProfileRoutes(app, ctx);
    secondFactorSignInRoutes(app, ctx);
    securitySettingsRoutes(app, ctx);
    secondFactorMemberRoutes(app, ctx);
  },
  passwordSignInGate: secondFactorGate,
};
