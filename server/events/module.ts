import type { FeatureModule } from '../feature';
import { eventAttachmentOwner } from './eventAttachments';
import { eventDeliverable } from './eventDelivery';
import { eventEntity } from './eventEntities';
import { eventMutationHandlers } from './eventMutations';
import { eventRoutes } from './eventRoutes';
import { feedRoutes } from './feedRoutes';
import { seedDemoEvents } from './seed';

/** Events (the school calendar): synced, over REST, and as private calendar feeds; events have attachments. */
export const eventsModule: FeatureModule = {
  name: 'events',
  entities: [eventEntity],
  mutations: eventMutationHandlers,
  routes: (app, ctx) => {
    eventRoutes(app, ctx);
    feedRoutes(app, ctx);
  },
  seed: seedDemoEvents,
  attachmentOwners: [eventAttachmentOwner],
  deliverables: [eventDeliverable],
};
