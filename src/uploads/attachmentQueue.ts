import type { AttachmentOwnerKind } from '../../contract/attachments';
import type { PatioDb } from '../db/database';

/**
 * The upload queue as the post and event forms see it (docs/features/documents.md, "Attachments of posts and
 * events"). The queue itself, its table and its runner are the documents feature's
 * (src/features/documents/uploadQueue.ts), which hands this to the app through its UiModule
 * (`attachmentQueue`); features do not import each other, so the forms reach it here, and
 * offer no attachments when no module provides it.
 */

/** What the files are attached to, and the words the queue shows for it ("For the publication: …"). */
export interface AttachmentTarget {
  owner: AttachmentOwnerKind;
  owner_id: string;
  /** The post's title or the event's name when the files were queued. */
  title: string;
}

export interface AttachmentQueue {
  /**
   * Adds the files to the device's upload queue as attachments of `target`, in the order
   * given, all or none (a full device stores none and throws StorageFullError). Call it once
   * the owner's create or edit is in the outbox: each file waits until the owner's changes
   * have reached the server, then goes up. Check each file with `fileProblem` first.
   * `alts` are the images' text alternatives, by the files' places (empty: none).
   * Returns the attachments' ids to be.
   */
  queue(db: PatioDb, files: readonly File[], target: AttachmentTarget, alts?: readonly string[]): Promise<string[]>;
}
