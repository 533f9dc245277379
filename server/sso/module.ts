import type { FeatureModule } from '../feature';
import { ssoFlowRoutes } from './flowRoutes';
import { ssoLoginsPruneJob } from './pruneJob';
import { ssoSettingsRoutes } from './settingsRoutes';

/**
 * Single sign-on with the college's OpenID Connect provider (docs/features/sso.md): its
 * settings, the public provider answer, the sign-in flow (start, callback, exchange) and the
 * job that removes sign-ins past use.
 */
export const ssoModule: FeatureModule = {
  name: 'sso',
  routes: (app, ctx) => {
    ssoSettingsRoutes(app, ctx);
    ssoFlowRoutes(app, ctx);
  },
  jobs: [ssoLoginsPruneJob],
};
