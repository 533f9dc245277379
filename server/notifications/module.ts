import type { FeatureModule } from '../feature';
import { emailCascadeJob } from './emailCascade';
import { notificationDeliverable } from './notificationDelivery';
import { notificationEntity, receiptEntity } from './notificationEntities';
import { notificationMutationHandlers } from './notificationMutations';
import { notificationRoutes } from './notificationRoutes';
import { pendingNotificationPushes, pushJob } from './pushJob';
import { seedDemoNotifications } from './seed';

/**
 * Notifications: synced by audience with each member's receipt, over REST, pushed (quiet
 * hours respected, emergency alerts at once) and, for an emergency alert nobody
 * acknowledged in time, emailed.
 */
export const notificationsModule: FeatureModule = {
  name: 'notifications',
  entities: [notificationEntity, receiptEntity],
  mutations: notificationMutationHandlers,
  routes: notificationRoutes,
  seed: seedDemoNotifications,
  jobs: [pushJob, emailCascadeJob],
  deliverables: [notificationDeliverable],
  pendingPushes: pendingNotificationPushes,
};
