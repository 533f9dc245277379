import type { FeatureModule } from '../feature';
import { postAttachmentOwner } from './postAttachments';
import { postDeliverable } from './postDelivery';
import { seedNewCollegeCategory } from './categoryService';
import { categoryEntity, postEntity, postStatsEntity } from './postEntities';
import { postMutationHandlers } from './postMutations';
import { postRoutes } from './postRoutes';
import { postStatsJob } from './postStats';
import { seedDemoPosts } from './seed';

/** Posts (news): categories, posts and their view counts, synced and over REST; posts have attachments. */
export const postsModule: FeatureModule = {
  name: 'posts',
  entities: [categoryEntity, postEntity, postStatsEntity],
  mutations: postMutationHandlers,
  routes: (app, ctx) => postRoutes(app, ctx.db),
  seed: seedDemoPosts,
  // A new college gets one category, so its staff can post at once.
  newCollege: seedNewCollegeCategory,
  jobs: [postStatsJob],
  attachmentOwners: [postAttachmentOwner],
  deliverables: [postDeliverable],
};
