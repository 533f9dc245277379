import type { FeatureModule } from '../feature';
import { structureMutationHandlers } from './structureMutations';

/**
 * The college's structure as administrators manage it (docs/features/structure.md): places, courses, grades
 * and sections. Their rows are the core's reference entities (server/sync/referenceEntities.ts),
 * which every feature points at; this module only writes them. Post categories belong to
 * the posts module (its table), which has their mutations (server/posts/postMutations.ts, server/posts/categoryService.ts).
 */
export const structureModule: FeatureModule = {
  name: 'structure',
  mutations: structureMutationHandlers,
};
