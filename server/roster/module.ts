import type { FeatureModule } from '../feature';
import { rosterRoutes } from './rosterRoutes';

/**
 * The school's roster from its student information system, as OneRoster 1.1 CSV
 * (docs/features/roster.md): a preview that writes nothing, an import that writes all or
 * nothing, and the command line for a nightly job (server/roster/importCommand.ts).
 */
export const rosterModule: FeatureModule = {
  name: 'roster',
  routes: rosterRoutes,
};
