import type { FeatureModule } from '../feature';
import { conversationEntity, conversationMemberEntity, messageEntity } from './messengerEntities';
import { messengerMutationHandlers } from './messengerMutations';
import { messengerPushJob } from './messengerPush';
import { messengerRoutes } from './messengerRoutes';
import { messengerRulesEntity } from './messengerRulesService';
import { seedDemoMessenger } from './seed';

/** The messenger: conversations and groups synced to their members, messages through the outbox, pushes when the app is closed. */
export const messengerModule: FeatureModule = {
  name: 'messenger',
  // A member row or a message never precedes its conversation in a page of the same number.
  entities: [conversationEntity, conversationMemberEntity, messageEntity, messengerRulesEntity],
  mutations: messengerMutationHandlers,
  routes: messengerRoutes,
  seed: seedDemoMessenger,
  jobs: [messengerPushJob],
};
