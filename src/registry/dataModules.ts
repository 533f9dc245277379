import type { DataModule } from '../db/dataModule';
import { auditData } from '../features/audit/module';
import { contactsData } from '../features/contacts/module';
import { documentsData } from '../features/documents/module';
import { eventsData } from '../features/events/module';
import { membersData } from '../features/members/module';
import { messengerData } from '../features/messenger/module';
import { notificationsData } from '../features/notifications/module';
import { postsData } from '../features/posts/module';
import { privacyData } from '../features/privacy/module';

/**
 * THE list of data modules: the local schema, the synced entities and the search indexes
 * come from it, in the app and in the sync worker alike, so both always open the same
 * database version. A new feature adds its `module.ts` here (and its ui.tsx to
 * uiModules.ts); tests/unit/modules/registry.test.ts fails when a feature is missing.
 * Order matters only for upgrades of the same version (run in this order).
 */
export const dataModules: readonly DataModule[] = [
  postsData,
  eventsData,
  notificationsData,
  documentsData,
  contactsData,
  membersData,
  messengerData,
  privacyData,
  auditData,
];
