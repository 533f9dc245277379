import type { EntityTable } from 'dexie';
import type { AttachmentOwnerKind } from '../../../contract/attachments';
import type { AudienceFields } from '../../../contract/audience';
import type { DocumentCategory, DocumentRow } from '../../../contract/documents';
import type { DbWith, PatioDb } from '../../db/database';

/** A file kept on this device (its bytes are in Cache Storage, keptFiles.ts). */
export interface KeptFile {
  /** The document's id. */
  id: string;
  /** The bytes' SHA-256 when they were stored: a document whose file changed is stale. */
  sha256: string;
  size: number;
  keptAt: string;
  /** Kept because its category is (removed with it), not by itself. */
  byCategory?: string;
}

/** A category kept whole: its documents are downloaded as they sync. */
export interface KeptCategory {
  id: string;
  keptAt: string;
  /** Download even while the browser reports Save-Data or a 2G connection. */
  evenOnSlowNetwork: boolean;
}

/**
 * Where an upload is (uploadQueue.ts): waiting its turn, being sent, paused by the network
 * (it goes on by itself), or stopped until the person tries again or removes it. A sent
 * upload leaves the queue: its document arrives through the sync.
 */
export type UploadState = 'queued' | 'uploading' | 'paused' | 'failed';

/**
 * Why an upload stopped: the server refused it (its `{ message, errors? }`, contract texts),
 * the device cannot read the file any more, or (an attachment) its post or event will never
 * be on the server: deleted, or its creation discarded from the outbox. Such a row keeps no
 * bytes; it stays to tell the member, until they dismiss it.
 */
export type UploadError = { kind: 'refused'; message: string; errors?: Record<string, string[]> } | { kind: 'unreadable' } | { kind: 'ownerGone' };

/** What every upload of the queue has (uploadQueue.ts): kept until its file is on the server. */
interface QueuedFile {
  /** The document's or the attachment's id, chosen by the device (UUIDv7): the server creates it with this id. */
  id: string;
  file: Blob;
  name: string;
  size: number;
  /** Queue order (files added together are a millisecond apart, in the order chosen). */
  createdAt: string;
  /** The tus upload's address once the server made it (resumes after a reload). */
  uploadUrl?: string;
  /** Bytes sent so far as last written (throttled): the server's offset, then the chunk on its way. */
  sent: number;
  state: UploadState;
  /** Why it stopped (state `failed`), shown with "Try again" and "Remove". */
  error?: UploadError;
}

/** A file for the library: a document of a category, for an audience. Rows queued before attachments existed have no `kind`. */
export interface DocumentUpload extends QueuedFile {
  kind?: 'document';
  category_id: string;
  audience: AudienceFields;
}

/**
 * A file of a post or an event. It waits while its owner has changes in the outbox (the
 * server answers 409 until a created owner is there), then goes up like a document.
 */
export interface AttachmentUpload extends QueuedFile {
  kind: 'attachment';
  owner: AttachmentOwnerKind;
  owner_id: string;
  /** The post's title or the event's name when the file was queued: what the queue says it is for. */
  ownerTitle: string;
  /** An image's text alternative written in the form, sent with it (rows queued before it existed have none). */
  alt?: string;
}

/** An upload of the queue (uploadQueue.ts). */
export type QueuedUpload = DocumentUpload | AttachmentUpload;

/** The documents module's tables (module.ts declares their stores). */
export interface DocumentsTables {
  documents: EntityTable<DocumentRow, 'id'>;
  documentCategories: EntityTable<DocumentCategory, 'id'>;
  keptFiles: EntityTable<KeptFile, 'id'>;
  keptCategories: EntityTable<KeptCategory, 'id'>;
  uploads: EntityTable<QueuedUpload, 'id'>;
}

export type DocumentsDb = DbWith<DocumentsTables>;

/** The database with the documents tables typed; it has them whenever the module is registered. */
export function documentsDb(db: PatioDb): DocumentsDb {
  if (!db.registry.modules.some((module) => module.name === 'documents')) throw new Error('the documents module is not registered');
  return db as DocumentsDb;
}
