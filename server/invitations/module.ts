import type { FeatureModule } from '../feature';
import { firstAdministrator } from './firstAdmin';
import { invitationMailJob } from './invitationMailJob';
import { invitationRoutes } from './invitationRoutes';

/**
 * Invitations (docs/features/invitations.md): an administrator invites members who never
 * signed in; the mails leave at the college's mail rate with a link, valid 10 days, to choose
 * a password; the link signs them in. A college added with `--admin-email` starts with its
 * first administrator invited.
 */
export const invitationsModule: FeatureModule = {
  name: 'invitations',
  routes: invitationRoutes,
  jobs: [invitationMailJob()],
  newCollege: firstAdministrator,
};
