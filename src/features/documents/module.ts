import { defineDataModule, parsedBy } from '../../db/dataModule';

/**
 * The documents module's data (docs/architecture.md, "Feature modules"): the library's categories and
 * documents (their metadata, synced), and what this device holds of it: the files kept on
 * the device and the categories kept whole (src/features/documents/keptFiles.ts), and the
 * uploads waiting to be sent (uploadQueue.ts). The last three are the device's own: a
 * sync reset does not empty them. Loaded by the sync worker too: no React here. Its
 * screens, routes, navigation and outbox labels are in ui.tsx.
 */

const contract = () => import('../../../contract/documents');

export const documentsData = defineDataModule({
  name: 'documents',
  versions: {
    7: {
      stores: {
        documents: 'id, category_id, created_at',
        documentCategories: 'id, position',
        /** A file on this device: `{ id (the document's), sha256, size, keptAt, category? }`. */
        keptFiles: 'id',
        /** A category kept whole: `{ id, keptAt, evenOnSlowNetwork }`. */
        keptCategories: 'id',
        /** An upload in the queue: the file (a Blob), its metadata, its tus address, its state. */
        uploads: 'id, createdAt',
      },
    },
  },
  entities: {
    documents: { table: 'documents', toLocal: parsedBy(() => contract().then((c) => c.documentRow)) },
    documentCategories: { table: 'documentCategories', toLocal: parsedBy(() => contract().then((c) => c.documentCategory)) },
  },
  // Opening a document is not a change the member wrote: it is counted (once per member) but
  // never listed as unsent, and dropped if refused (the document was deleted meanwhile).
  backgroundMutations: ['documents.downloaded'],
  // A file waiting in the upload queue is the member's work: signing out warns of it.
  unsentTables: ['uploads'],
});
