import type { FeatureModule } from '../feature';
import { contactEntity } from './contactEntities';
import { contactMutationHandlers } from './contactMutations';
import { contactRoutes } from './contactRoutes';
import { seedDemoContacts } from './seed';

/** The school's contact directory: synced to every member it is meant for, written by administrators. */
export const contactsModule: FeatureModule = {
  name: 'contacts',
  entities: [contactEntity],
  mutations: contactMutationHandlers,
  routes: contactRoutes,
  seed: seedDemoContacts,
};
