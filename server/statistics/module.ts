import type { FeatureModule } from '../feature';
import { statisticsRoutes } from './statisticsRoutes';

/** The statistics screen's figures (docs/features/statistics.md): REST only, computed in SQL, nothing synced. */
export const statisticsModule: FeatureModule = {
  name: 'statistics',
  routes: statisticsRoutes,
};
