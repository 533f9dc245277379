import type { AudienceFields } from '../../../contract/audience';
import { uuidv7 } from '../../../contract/ids';
import { isBackground } from '../../db/database';
import { isQuotaError } from '../../db/lifecycle';
import { StorageFullError } from '../../sync/StorageFullError';
import type { AttachmentTarget } from '../../uploads/attachmentQueue';
import type { AttachmentUpload, DocumentsDb, DocumentUpload, QueuedUpload } from './documentsDb';

/**
 * The upload queue's writes (the runner that sends it is uploadRunner.ts). Staff and
 * administrators add files for the library (a category and an audience) or attach them to a
 * post or an event; each file becomes a row of `uploads` holding its bytes (IndexedDB keeps
 * Blobs), so the queue outlives the tab, a reload and a phone asleep. Files are checked
 * first with src/uploads/fileChecks.ts; the server has the last word.
 */

export interface UploadTarget {
  category_id: string;
  audience: AudienceFields;
}

/** A file's part of its row: files added together are a millisecond apart, in the order given. */
function queuedFile(file: File, now: number, index: number) {
  return { id: uuidv7(now + index), file, name: file.name, size: file.size, createdAt: new Date(now + index).toISOString(), sent: 0, state: 'queued' as const };
}

/** Adds the rows, all or none (one transaction: a full device stores none and throws StorageFullError). */
async function addToQueue(db: DocumentsDb, rows: readonly QueuedUpload[]): Promise<string[]> {
  try {
    await db.transaction('rw', db.uploads, () => db.uploads.bulkAdd(rows));
  } catch (error) {
    if (isQuotaError(error)) throw new StorageFullError({ cause: error });
    throw error;
  }
  return rows.map((row) => row.id);
}

/** Adds files for the library, in the order given. Returns the new rows' ids, which are the documents' ids to be. */
export function queueUploads(db: DocumentsDb, files: readonly File[], target: UploadTarget): Promise<string[]> {
  const now = Date.now();
  const rows = files.map((file, index): DocumentUpload => ({ ...queuedFile(file, now, index), category_id: target.category_id, audience: target.audience }));
  return addToQueue(db, rows);
}

/**
 * Adds files as attachments of a post or an event (src/uploads/attachmentQueue.ts), in the
 * order given. Queue them once the owner's change is in the outbox: they wait for it
 * (`ownersWaiting`). Returns the attachments' ids to be.
 */
export function queueAttachments(db: DocumentsDb, files: readonly File[], target: AttachmentTarget, alts: readonly string[] = []): Promise<string[]> {
  const now = Date.now();
  const rows = files.map((file, index): AttachmentUpload => ({
    ...queuedFile(file, now, index),
    kind: 'attachment',
    owner: target.owner,
    owner_id: target.owner_id,
    ownerTitle: target.title,
    ...(alts[index]?.trim() ? { alt: alts[index].trim() } : {}),
  }));
  return addToQueue(db, rows);
}

/**
 * The posts and events among these uploads' owners that still have changes in the outbox
 * (queued, being sent, or refused and waiting for the member): their files wait, as the
 * server has not seen the owner as this device has it (a post written offline is not there
 * at all). Views are not changes of the owner.
 */
export async function ownersWaiting(db: DocumentsDb, uploads: readonly QueuedUpload[]): Promise<Set<string>> {
  const owners = [...new Set(uploads.flatMap((upload) => (upload.kind === 'attachment' ? [upload.owner_id] : [])))];
  if (owners.length === 0) return new Set();
  const entries = await db.outbox.where('entityId').anyOf(owners).toArray();
  return new Set(entries.filter((entry) => !isBackground(db, entry)).map((entry) => entry.entityId));
}

/** Puts a stopped or paused upload back in line: it resumes where the server's copy ends. */
export async function retryUpload(db: DocumentsDb, id: string): Promise<void> {
  await db.uploads
    .where('id')
    .equals(id)
    .modify((row) => {
      if ((row.state === 'failed' && row.error?.kind !== 'ownerGone') || row.state === 'paused') {
        row.state = 'queued';
        delete row.error;
      }
    });
}

/** Takes a file out of the queue; a runner sending it stops and deletes what the server has of it. */
export async function removeUpload(db: DocumentsDb, id: string): Promise<void> {
  await db.uploads.delete(id);
}
