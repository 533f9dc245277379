import type { FeatureModule } from '../feature';
import { useMailer } from './approvalMail';
import { memberEntity } from './memberEntity';
import { memberMutationHandlers } from './memberMutations';
import { memberRoutes } from './memberRoutes';
import { seedDemoMembers } from './seed';

/**
 * Members as administrators manage them (docs/features/members.md): the list synced to
 * administrators' devices, the members.* mutations, and REST for what needs the server at
 * that moment (reset password, PIN check, CSV import) or for clients that do not sync.
 */
export const membersModule: FeatureModule = {
  name: 'members',
  entities: [memberEntity],
  mutations: memberMutationHandlers,
  routes: (app, ctx) => {
    useMailer(ctx.mailer);
    memberRoutes(app, ctx);
  },
  seed: seedDemoMembers,
};
