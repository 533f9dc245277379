import type { AudienceFields } from '../../../contract/audience';
import { defaultDocumentMaxBytes, documentMimeTypes, documentUploadMetadata } from '../../../contract/documents';
import { uuidv7 } from '../../../contract/ids';
import { isQuotaError } from '../../db/lifecycle';
import { StorageFullError } from '../../sync/StorageFullError';
import type { DocumentsDb, QueuedUpload } from './documentsDb';

/**
 * The upload queue's writes (the runner that sends it is uploadRunner.ts). Staff and
 * administrators add files with a category and an audience; each file becomes a row of
 * `uploads` holding its bytes (IndexedDB keeps Blobs), so the queue outlives the tab, a
 * reload and a phone asleep. The server has the last word on every check made here: the
 * size cap is a setting there, and the type is read from the file's bytes.
 */

/** Extensions of the types a document may be (contract `documentMimeTypes`); csv and md are plain text. */
const acceptedExtensions = ['pdf', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'txt', 'csv', 'md'];

/** For a file input's `accept`: what the picker offers first (the person may still pick anything). */
export const acceptedFileTypes = [...acceptedExtensions.map((extension) => `.${extension}`), ...documentMimeTypes].join(',');

export type FileProblem = { kind: 'empty' } | { kind: 'tooLarge'; maxBytes: number } | { kind: 'type' } | { kind: 'name' };

const extensionOf = (name: string) => /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/**
 * Why a file cannot be queued, or null. Checked before it is stored, so the person hears it
 * at once rather than after sending 50 MB: empty (tus would "finish" it without a document),
 * over the cap, a type no document may be (by its extension or the type the browser gives
 * it), or a name the server would refuse.
 */
export function fileProblem(file: Pick<File, 'name' | 'size' | 'type'>, maxBytes = defaultDocumentMaxBytes): FileProblem | null {
  if (file.size === 0) return { kind: 'empty' };
  if (file.size > maxBytes) return { kind: 'tooLarge', maxBytes };
  const type = file.type.toLowerCase();
  const known = (documentMimeTypes as readonly string[]).includes(type) || type.startsWith('text/') || acceptedExtensions.includes(extensionOf(file.name));
  if (!known) return { kind: 'type' };
  if (!documentUploadMetadata.shape.filename.safeParse(file.name).success) return { kind: 'name' };
  return null;
}

export interface UploadTarget {
  category_id: string;
  audience: AudienceFields;
}

/**
 * Adds the files to the queue in the order given, all or none (one transaction: a full
 * device stores none of them and throws StorageFullError). Check each with `fileProblem`
 * first. Returns the new rows' ids, which are the documents' ids to be.
 */
export async function queueUploads(db: DocumentsDb, files: readonly File[], target: UploadTarget): Promise<string[]> {
  const now = Date.now();
  const rows: QueuedUpload[] = files.map((file, index) => ({
    id: uuidv7(now + index),
    file,
    name: file.name,
    size: file.size,
    category_id: target.category_id,
    audience: target.audience,
    createdAt: new Date(now + index).toISOString(),
    sent: 0,
    state: 'queued',
  }));
  try {
    await db.transaction('rw', db.uploads, () => db.uploads.bulkAdd(rows));
  } catch (error) {
    if (isQuotaError(error)) throw new StorageFullError({ cause: error });
    throw error;
  }
  return rows.map((row) => row.id);
}

/** Puts a stopped or paused upload back in line: it resumes where the server's copy ends. */
export async function retryUpload(db: DocumentsDb, id: string): Promise<void> {
  await db.uploads.where('id').equals(id).modify((row) => {
    if (row.state === 'failed' || row.state === 'paused') {
      row.state = 'queued';
      delete row.error;
    }
  });
}

/** Takes a file out of the queue; a runner sending it stops and deletes what the server has of it. */
export async function removeUpload(db: DocumentsDb, id: string): Promise<void> {
  await db.uploads.delete(id);
}
