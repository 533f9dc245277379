import { defineDataModule, parsedBy } from '../../db/dataModule';
import { contactsSearch } from './contactWords';

/**
 * The contacts module's data (docs/architecture.md, "Feature modules"): the school's directory, synced
 * to every member it is meant for, and its words index so it is searched offline by name,
 * title, email or phone. Loaded by the sync worker too: no React here. Its screens,
 * routes, navigation and outbox labels are in ui.tsx.
 */

const contract = () => import('../../../contract/contacts');

export const contactsData = defineDataModule({
  name: 'contacts',
  versions: {
    8: {
      stores: {
        contacts: 'id, name',
        contactWords: 'id',
        contactTerms: '[word+group]',
      },
    },
  },
  entities: {
    contacts: { table: 'contacts', toLocal: parsedBy(() => contract().then((c) => c.contactRow)) },
  },
  search: [contactsSearch],
});
