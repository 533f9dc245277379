import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Attachment, AttachmentOwnerKind } from '../../contract/attachments';
import { maxAttachmentsPerOwner } from '../../contract/attachments';
import type { DocumentMimeType } from '../../contract/documents';
import { messages } from '../../contract/messages';
import { can } from '../../contract/permissions';
import { looksLikeUuid } from '../audience/references';
import { canSee } from '../audience/visibility';
import type { Database } from '../db/client';
import { forbidden, HttpError, notFound, ValidationFailed } from '../http/errors';
import type { MutationActor } from '../sync/mutation';
import type { Viewer } from '../sync/viewer';
import type { Write } from '../sync/writeInCollege';
import type { AttachmentOwner, AttachmentOwners, OwnerRecord } from './owners';
import { attachments } from './schema';

/**
 * Attachments' records: who may attach, the rows, and the owner's list kept in step in the
 * same write (docs/features/documents.md). The bytes (tus, sniffing, resizing, serving, removing)
 * are the documents feature's, which calls these.
 */

export type AttachmentRecord = typeof attachments.$inferSelect;

/** How devices see an attachment in its owner's list. */
export function attachmentToWire(row: AttachmentRecord): Attachment {
  return {
    id: row.id,
    name: row.name,
    mime_type: row.mimeType,
    size: row.size,
    ...(row.width !== null && row.height !== null ? { width: row.width, height: row.height } : {}),
    ...(row.widths.length > 0 ? { widths: row.widths } : {}),
    ...(row.alt ? { alt: row.alt } : {}),
  };
}

export function ownerOf(owners: AttachmentOwners, kind: AttachmentOwnerKind): AttachmentOwner {
  const owner = owners.get(kind);
  // Every kind of the contract has a feature declaring it (tests/server/attachments.test.ts).
  if (!owner) throw notFound();
  return owner;
}

const liveOf = (collegeId: string, kind: AttachmentOwnerKind, ownerId: string) =>
  and(eq(attachments.collegeId, collegeId), eq(attachments.ownerKind, kind), eq(attachments.ownerId, ownerId), isNull(attachments.removedAt));

/**
 * The owner a member may attach files to: 403 without the owner's edit permission; 409 while
 * no row has its id (it is still in the device's outbox: the upload waits for it); 404 once
 * it was deleted; 422 when it has its fill of files.
 */
async function attachableOwner(tx: Database, actor: MutationActor, owner: AttachmentOwner, ownerId: string, lock: boolean): Promise<OwnerRecord> {
  if (!can(actor.user.role, owner.editPermission)) throw forbidden();
  const found = await owner.find(tx, actor.user.collegeId, ownerId, lock);
  if (!found) throw new HttpError(409, messages.attachmentOwnerNotYet);
  if (found.deletedAt) throw notFound(owner.notFound);
  const [listed] = await tx
    .select({ n: count() })
    .from(attachments)
    .where(liveOf(actor.user.collegeId, owner.kind, found.id));
  if ((listed?.n ?? 0) >= maxAttachmentsPerOwner) throw new ValidationFailed({ owner_id: [messages.attachmentLimit] });
  return found;
}

async function idTaken(tx: Database, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: attachments.id }).from(attachments).where(eq(attachments.id, id.toLowerCase()));
  return row !== undefined;
}

/** Checked when an upload is created, before any byte is sent: the same refusals as `attach`. */
export async function checkAttachable(db: Database, actor: MutationActor, owner: AttachmentOwner, ownerId: string, id: string | undefined): Promise<void> {
  await attachableOwner(db, actor, owner, ownerId, false);
  if (id !== undefined && (await idTaken(db, id))) throw new HttpError(409, messages.conflict);
}

/** A finished file, as the documents feature read it. */
export interface StoredFile {
  id: string;
  name: string;
  mimeType: DocumentMimeType;
  size: number;
  sha256: string;
  fileKey: string;
  width: number | null;
  height: number | null;
  widths: number[];
  /** An image's text alternative, when its upload carried one. */
  alt?: string | null;
}

/** Writes the owner's list from its live attachments, in id order (the order files were picked). */
async function relist(write: Write, owner: AttachmentOwner, record: OwnerRecord): Promise<void> {
  const rows = await write.tx
    .select()
    .from(attachments)
    .where(liveOf(write.collegeId, owner.kind, record.id))
    .orderBy(asc(attachments.id));
  await owner.writeList(write, record, rows.map(attachmentToWire));
}

/** Records a finished upload as an attachment of its owner and lists it there, in one write. */
export async function attach(write: Write, actor: MutationActor, owner: AttachmentOwner, ownerId: string, file: StoredFile): Promise<AttachmentRecord> {
  const record = await attachableOwner(write.tx, actor, owner, ownerId, true);
  const [row] = await write.tx
    .insert(attachments)
    .values({ ...file, id: file.id.toLowerCase(), collegeId: write.collegeId, ownerKind: owner.kind, ownerId: record.id, uploaderId: actor.user.id })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new HttpError(409, messages.conflict);
  await relist(write, owner, record);
  return row;
}

/** A demo attachment of a seeded owner (server/attachments/demoImages.ts): no member uploads it. */
export async function seedAttachment(write: Write, owner: AttachmentOwner, ownerId: string, file: StoredFile, uploaderId: string | null): Promise<void> {
  const record = await owner.find(write.tx, write.collegeId, ownerId, false);
  if (!record) throw new Error(`no ${owner.kind} ${ownerId} to attach a demo file to`);
  await write.tx.insert(attachments).values({ ...file, collegeId: write.collegeId, ownerKind: owner.kind, ownerId: record.id, uploaderId });
  await relist(write, owner, record);
}

/** Colleges whose removed attachments still have files on disk (server/documents/fileSweep.ts). */
export const attachmentsToSweep = new Set<string>();

/**
 * A file of this college still on its owner, locked, for whoever may edit that owner: 404 for
 * an unknown id (or another college's), 403 for a role that may not edit the owner.
 */
async function editableAttachment(write: Write, actor: MutationActor, owners: AttachmentOwners, id: string) {
  const [row] = looksLikeUuid(id)
    ? await write.tx
        .select()
        .from(attachments)
        .where(and(eq(attachments.id, id.toLowerCase()), eq(attachments.collegeId, write.collegeId), isNull(attachments.removedAt)))
        .for('update')
    : [];
  if (!row) throw notFound(messages.attachmentNotFound);
  const owner = ownerOf(owners, row.ownerKind);
  if (!can(actor.user.role, owner.editPermission)) throw forbidden();
  const record = await owner.find(write.tx, write.collegeId, row.ownerId, true);
  if (!record || record.deletedAt) throw notFound(messages.attachmentNotFound);
  return { row, owner, record };
}

/** Takes a file off its owner (whoever may edit the owner); its files go once the write commits. */
export async function removeAttachment(write: Write, actor: MutationActor, owners: AttachmentOwners, id: string): Promise<void> {
  const { row, owner, record } = await editableAttachment(write, actor, owners, id);
  await write.tx.update(attachments).set({ removedAt: new Date() }).where(eq(attachments.id, row.id));
  await relist(write, owner, record);
  attachmentsToSweep.add(write.collegeId);
}

/**
 * Sets (or, empty, takes off) an image's text alternative, by whoever may edit its owner,
 * and lists it in the owner's row in the same write. Only images have one: 422 for a file.
 */
export async function describeAttachment(write: Write, actor: MutationActor, owners: AttachmentOwners, id: string, alt: string): Promise<void> {
  const { row, owner, record } = await editableAttachment(write, actor, owners, id);
  if (!row.mimeType.startsWith('image/')) throw new ValidationFailed({ alt: [messages.attachmentAltOnlyImages] });
  const next = alt === '' ? null : alt;
  if (next === row.alt) return;
  await write.tx.update(attachments).set({ alt: next }).where(eq(attachments.id, row.id));
  await relist(write, owner, record);
}

/** Called by an owner's delete, in its write: the owner's files go with it once it commits. */
export async function removeOwnerAttachments(write: Write, kind: AttachmentOwnerKind, ownerId: string): Promise<void> {
  const removed = await write.tx
    .update(attachments)
    .set({ removedAt: new Date() })
    .where(liveOf(write.collegeId, kind, ownerId.toLowerCase()))
    .returning({ id: attachments.id });
  if (removed.length > 0) attachmentsToSweep.add(write.collegeId);
}

/** The attachment when the viewer may see its owner, else null (answered as 404). */
export async function findVisibleAttachment(db: Database, owners: AttachmentOwners, viewer: Viewer, id: string): Promise<AttachmentRecord | null> {
  if (!looksLikeUuid(id)) return null;
  const [row] = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.id, id.toLowerCase()), eq(attachments.collegeId, viewer.collegeId), isNull(attachments.removedAt)));
  const owner = row ? owners.get(row.ownerKind) : undefined;
  const record = row && owner ? await owner.find(db, viewer.collegeId, row.ownerId, false) : null;
  return row && record && canSee(record, viewer.keySet) ? row : null;
}

/** The removed attachments of the college whose files are still to be deleted. */
export function removedAttachments(db: Database, collegeId: string): Promise<Pick<AttachmentRecord, 'id' | 'fileKey' | 'widths'>[]> {
  return db
    .select({ id: attachments.id, fileKey: attachments.fileKey, widths: attachments.widths })
    .from(attachments)
    .where(and(eq(attachments.collegeId, collegeId), isNotNull(attachments.removedAt)));
}

/** Forgets a removed attachment whose files are gone. */
export async function forgetAttachment(db: Database, id: string): Promise<void> {
  await db.delete(attachments).where(and(eq(attachments.id, id), isNotNull(attachments.removedAt)));
}
