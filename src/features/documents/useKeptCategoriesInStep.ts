import { useLiveQuery } from 'dexie-react-hooks';
import { metaKeys } from '../../db/syncMeta';
import { useOnline } from '../../ui/useOnline';
import { useSerialPasses } from '../../ui/useSerialPasses';
import type { DocumentsDb } from './documentsDb';
import { keepCategoriesInStep } from './keepInStep';
import { useDeviceFull } from './keepProgress';
import { useSlowNetwork } from './useKeptFiles';
import { useDocumentsDb } from './useDocumentsDb';

/**
 * What keepCategoriesInStep depends on, as one string: the kept categories, their
 * documents' files, the kept files and their documents, and whether the first sync is done.
 * Any change (a new document synced into a kept category, a file changed, a document
 * deleted) makes a new string, and a new pass.
 */
async function keptWork(db: DocumentsDb): Promise<string> {
  const [categories, files, firstSyncDone] = await Promise.all([db.keptCategories.toArray(), db.keptFiles.toArray(), db.meta.get(metaKeys.firstSyncDone)]);
  const inCategories = await db.documents
    .where('category_id')
    .anyOf(categories.map((category) => category.id))
    .toArray();
  const ofFiles = await db.documents.bulkGet(files.map((file) => file.id));
  return JSON.stringify([
    !!firstSyncDone,
    categories.map((category) => [category.id, category.evenOnSlowNetwork]),
    inCategories.map((document) => [document.id, document.sha256]),
    files.map((file, i) => [file.id, file.sha256, file.byCategory, ofFiles[i]?.sha256, ofFiles[i]?.category_id]),
  ]);
}

/**
 * Keeps the device in step with the kept categories while the signed-in app is open
 * (mounted once, by the documents' UI module): a pass runs when what is kept or the
 * documents behind it change, when the network comes back or gets faster, and when a full
 * device has room again (something was removed, or "Try again"); while it is full, a pass
 * only removes what is no longer kept. Passes never overlap: a change during a
 * pass asks for one more when it ends. Unmounting (sign-out) cancels the download.
 */
export function useKeptCategoriesInStep(): void {
  const db = useDocumentsDb();
  const online = useOnline();
  const slow = useSlowNetwork();
  const full = useDeviceFull();
  const work = useLiveQuery(() => keptWork(db), [db]);
  useSerialPasses((signal) => keepCategoriesInStep(db, signal), {
    owner: db,
    trigger: JSON.stringify([work, slow, full]),
    ready: online && work !== undefined,
    what: 'keeping categories',
  });
}
