import type { FeatureModule } from '../feature';
import { dataExportEntity } from './exportService';
import { exportJob } from './exportJob';
import { privacyMutationHandlers } from './privacyMutations';
import { privacyRoutes } from './privacyRoutes';
import { retentionJob } from './retention';
import { privacySettingsEntity } from './settingsService';

/** Privacy requests (docs/features/privacy.md): data exports, erasure, message retention, and the college's settings for them. */
export const privacyModule: FeatureModule = {
  name: 'privacy',
  entities: [privacySettingsEntity, dataExportEntity],
  mutations: privacyMutationHandlers,
  routes: privacyRoutes,
  jobs: [exportJob, retentionJob],
};
