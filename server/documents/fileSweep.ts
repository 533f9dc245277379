import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { attachmentsToSweep, forgetAttachment, removedAttachments } from '../attachments/attachmentService';
import type { Database } from '../db/client';
import { onCommitted } from '../sync/writeInCollege';
import { collegesToSweep } from './documentService';
import type { DocumentFiles } from './fileStore';
import { removeVariants } from './imageVariants';
import { documents } from './schema';

/**
 * Removes the files of the college's deleted documents, then forgets their keys. Run after
 * a delete commits (never inside its transaction: a delete rolled back keeps its file).
 * A file left by a process that stopped in between goes with the college's next delete.
 */
export async function sweepDeletedFiles(db: Database, files: DocumentFiles, collegeId: string): Promise<number> {
  const gone = await db
    .select({ id: documents.id, fileKey: documents.fileKey })
    .from(documents)
    .where(and(eq(documents.collegeId, collegeId), isNotNull(documents.deletedAt), ne(documents.fileKey, '')));
  for (const row of gone) {
    await files.remove(collegeId, row.fileKey);
    // The key is not on the wire: no change number, nobody to tell.
    await db.update(documents).set({ fileKey: '' }).where(eq(documents.id, row.id));
  }
  return gone.length;
}

/**
 * Removes the files (and an image's variants) of the college's attachments taken off their
 * owner or whose owner was deleted, then forgets them; after the commit, as for documents.
 */
export async function sweepRemovedAttachments(db: Database, files: DocumentFiles, collegeId: string): Promise<number> {
  const gone = await removedAttachments(db, collegeId);
  for (const row of gone) {
    const path = files.pathOf(collegeId, row.fileKey);
    if (path) await removeVariants(path, row.widths);
    await files.remove(collegeId, row.fileKey);
    await forgetAttachment(db, row.id);
  }
  return gone.length;
}

/** Sweeps a college after each commit of this process that deleted a document or removed an attachment. */
export function sweepAfterDeletes(db: Database, files: DocumentFiles, log: FastifyBaseLogger): () => void {
  return onCommitted(db, ({ collegeId }) => {
    if (collegesToSweep.delete(collegeId)) {
      sweepDeletedFiles(db, files, collegeId).catch((error: unknown) => log.error({ err: error }, 'removing the files of deleted documents failed'));
    }
    if (attachmentsToSweep.delete(collegeId)) {
      sweepRemovedAttachments(db, files, collegeId).catch((error: unknown) => log.error({ err: error }, 'removing the files of removed attachments failed'));
    }
  });
}
