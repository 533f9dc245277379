import type { FeatureModule } from '../feature';
import { invitationRoutes } from './invitationRoutes';

/**
 * Invitations (docs/features/invitations.md): an administrator mails members who never
 * signed in a link, valid 10 days, to choose a password; the link signs them in.
 */
export const invitationsModule: FeatureModule = {
  name: 'invitations',
  routes: invitationRoutes,
};
