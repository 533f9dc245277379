import type { FeatureModule } from '../feature';
import { ssoSettingsRoutes } from './settingsRoutes';

/**
 * Single sign-on with the college's OpenID Connect provider (docs/features/sso.md). So far
 * its settings and the public provider answer; the sign-in flow itself is not built yet.
 */
export const ssoModule: FeatureModule = {
  name: 'sso',
  routes: ssoSettingsRoutes,
};
