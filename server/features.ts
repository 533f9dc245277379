import { auditModule } from './audit/module';
import { buildRegistry } from './feature';
import { contactsModule } from './contacts/module';
import { documentsModule } from './documents/module';
import { eventsModule } from './events/module';
import { integrationsModule } from './integrations/module';
import { invitationsModule } from './invitations/module';
import { membersModule } from './members/module';
import { messengerModule } from './messenger/module';
import { notificationsModule } from './notifications/module';
import { postsModule } from './posts/module';
import { privacyModule } from './privacy/module';
import { rosterModule } from './roster/module';
import { secondFactorModule } from './secondFactor/module';
import { statisticsModule } from './statistics/module';
import { structureModule } from './structure/module';
import { ssoModule } from './sso/module';
import { referenceEntities } from './sync/referenceEntities';

/**
 * The feature modules of this server: adding a feature is one line here (docs/architecture.md,
 * "Adding a synced feature"). Nothing else in the core names a feature.
 */
export const features = [
  postsModule,
  eventsModule,
  notificationsModule,
  documentsModule,
  contactsModule,
  structureModule,
  membersModule,
  invitationsModule,
  rosterModule,
  integrationsModule,
  ssoModule,
  statisticsModule,
  messengerModule,
  privacyModule,
  auditModule,
  secondFactorModule,
];

export const registry = buildRegistry(features, referenceEntities);
