import { mutate } from '../../sync/mutate';
import type { DocumentsDb } from './documentsDb';

/** This device told the server (or queued telling it) that the member opened the document. */
const countedKey = (id: string): string => `documentsDownloaded:${id}`;

class AlreadyCounted extends Error {}

/**
 * Counts the member's download of a document once per device, offline too (docs/features/documents.md:
 * downloads are counted once per member, offline too, queued): the mark in `meta` and
 * the queued `documents.downloaded` are one transaction, and a second call (another open,
 * another tab) finds the mark and queues nothing. The server counts each member once
 * whatever the devices send. It is a background mutation (module.ts): never shown as the
 * member's unsent change. Keeping a file is not a download: only opening it is.
 */
export async function countDownloadOnce(db: DocumentsDb, id: string, now = new Date()): Promise<boolean> {
  if (await db.meta.get(countedKey(id))) return false;
  try {
    await mutate(db, { name: 'documents.downloaded', args: { id }, entity: 'documentDownloads', entityId: id }, async () => {
      if (await db.meta.get(countedKey(id))) throw new AlreadyCounted();
      await db.meta.put({ key: countedKey(id), value: now.toISOString() });
    });
    return true;
  } catch (error) {
    if (error instanceof AlreadyCounted) return false;
    throw error;
  }
}
