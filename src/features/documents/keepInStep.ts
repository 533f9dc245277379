import type { DocumentRow } from '../../../contract/documents';
import { ApiError, NetworkError } from '../../api/client';
import { metaKeys } from '../../db/syncMeta';
import type { DocumentsDb, KeptFile } from './documentsDb';
import { isDeviceFull } from './keepProgress';
import { DeviceFullError, FileChangedError, isSlowNetwork, keepDocument, removeKeptCategory, removeKeptDocument, type FileRequest } from './keptFiles';

/** What one pass did, and why it stopped early if it did. */
export interface InStepResult {
  downloaded: number;
  removed: number;
  /** Documents of kept categories left for a faster network (Save-Data, 2G). */
  waiting: number;
  stopped?: 'device full' | 'offline';
}

/**
 * Holds this database's files lock for the pass, so two tabs do not download the same
 * files side by side: the second waits, then finds them kept. Without Web Locks (old
 * browsers), each tab goes alone.
 */
function withFilesLock<T>(db: DocumentsDb, signal: AbortSignal, run: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  return locks ? locks.request(`${db.name}-files`, { signal }, run) : run();
}

/** Kept files whose document is gone or left the kept category they came with (moved to another kept one: re-labelled). */
async function prune(db: DocumentsDb, files: KeptFile[], documents: (DocumentRow | undefined)[], keptCategories: ReadonlySet<string>): Promise<number> {
  let removed = 0;
  for (const [i, file] of files.entries()) {
    const document = documents[i];
    if (document && (!file.byCategory || file.byCategory === document.category_id)) continue;
    if (document && keptCategories.has(document.category_id)) await db.keptFiles.update(file.id, { byCategory: document.category_id });
    else {
      await removeKeptDocument(db, file.id);
      removed++;
    }
  }
  return removed;
}

/**
 * Brings the device in step with what the member keeps (docs/features/documents.md: a kept category
 * downloads new documents as they sync): removes kept files of documents that no longer
 * exist or left a kept category (and kept categories that no longer exist), then downloads,
 * one file at a time, newest first, the documents of kept categories that are not on the
 * device or changed since, and kept documents whose file changed. A kept category's
 * downloads wait while the browser reports Save-Data or a 2G connection, unless the member
 * said "even on a slow network". Stops at a full device (and does not try again until
 * something is removed) or a lost connection. Nothing happens before the first sync has
 * finished: until then a missing document is not a deleted one.
 */
export async function keepCategoriesInStep(db: DocumentsDb, signal: AbortSignal, request?: FileRequest): Promise<InStepResult> {
  return withFilesLock(db, signal, async () => {
    const result: InStepResult = { downloaded: 0, removed: 0, waiting: 0 };
    if (!(await db.meta.get(metaKeys.firstSyncDone))) return result;

    const categories = await db.keptCategories.toArray();
    const existing = await db.documentCategories.bulkGet(categories.map((category) => category.id));
    for (const [i, category] of categories.entries()) if (!existing[i]) await removeKeptCategory(db, category.id);
    const kept = new Map(categories.filter((_, i) => existing[i]).map((category) => [category.id, category]));

    const files = await db.keptFiles.toArray();
    result.removed = await prune(db, files, await db.documents.bulkGet(files.map((file) => file.id)), new Set(kept.keys()));

    const onDevice = new Map((await db.keptFiles.toArray()).map((file) => [file.id, file]));
    const inCategories = await db.documents
      .where('category_id')
      .anyOf([...kept.keys()])
      .toArray();
    const keptAlone = (await db.documents.bulkGet([...onDevice.keys()])).filter((document): document is DocumentRow => !!document);
    const byId = new Map([...keptAlone, ...inCategories].map((document) => [document.id, document]));
    const missing = [...byId.values()]
      .filter((document) => onDevice.get(document.id)?.sha256 !== document.sha256)
      .sort((a, b) => b.created_at.localeCompare(a.created_at));

    const slow = isSlowNetwork();
    for (const document of missing) {
      if (signal.aborted) break;
      if (isDeviceFull()) {
        result.stopped = 'device full';
        break;
      }
      const category = kept.get(document.category_id);
      const file = onDevice.get(document.id);
      // A document kept by itself is refreshed whatever the network: the member asked for it.
      const byItself = file !== undefined && file.byCategory === undefined;
      if (!byItself && category && slow && !category.evenOnSlowNetwork) {
        result.waiting++;
        continue;
      }
      try {
        await keepDocument(db, document, { signal, ...(category ? { byCategory: category.id } : {}), ...(request ? { request } : {}) });
        result.downloaded++;
      } catch (error) {
        if (signal.aborted) break;
        if (error instanceof DeviceFullError) {
          result.stopped = 'device full';
          break;
        }
        if (error instanceof NetworkError) {
          result.stopped = 'offline';
          break;
        }
        // Changed or gone on the server: its new row (or tombstone) is on its way; the next pass sees it.
        if (!(error instanceof FileChangedError || error instanceof ApiError)) console.error('keeping a document failed', error);
      }
    }
    return result;
  });
}
