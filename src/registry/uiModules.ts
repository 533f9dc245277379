import { auditUi } from '../features/audit/ui';
import { billingUi } from '../features/billing/ui';
import { contactsUi } from '../features/contacts/ui';
import { deliveryUi } from '../features/delivery/ui';
import { documentsUi } from '../features/documents/ui';
import { eventsUi } from '../features/events/ui';
import { integrationsUi } from '../features/integrations/ui';
import { membersUi } from '../features/members/ui';
import { messengerUi } from '../features/messenger/ui';
import { notificationsUi } from '../features/notifications/ui';
import { postsUi } from '../features/posts/ui';
import { privacyUi } from '../features/privacy/ui';
import { secondFactorUi } from '../features/secondFactor/ui';
import { statisticsUi } from '../features/statistics/ui';
import { structureUi } from '../features/structure/ui';
import type { UiModule } from '../modules/uiModule';

/**
 * The features' screens, navigation and outbox labels, for the app (src/app). A second
 * list beside dataModules.ts because the sync worker must never load screens; the
 * registry test (tests/unit/modules/registry.test.ts) fails when the two disagree.
 */
export const uiModules: readonly UiModule[] = [
  postsUi,
  eventsUi,
  notificationsUi,
  documentsUi,
  contactsUi,
  structureUi,
  billingUi,
  membersUi,
  integrationsUi,
  statisticsUi,
  messengerUi,
  privacyUi,
  auditUi,
  deliveryUi,
  secondFactorUi,
];
