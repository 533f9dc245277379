import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { keysOfAudience, type AudienceFields } from '../../contract/audience';
import type { CreateDocumentCategoryArgs, DocumentMimeType, UpdateDocumentCategoryArgs } from '../../contract/documents';
import { messages } from '../../contract/messages';
import { can } from '../../contract/permissions';
import { checkedAudience, looksLikeUuid } from '../audience/references';
import { nextAudience } from '../audience/visibility';
import { forbidden, HttpError, notFound, ValidationFailed } from '../http/errors';
import type { MutationActor } from '../sync/mutation';
import type { Write } from '../sync/writeInCollege';
import { canSeeDocument, type DocumentCategoryRecord, type DocumentRecord } from './documentEntities';
import { documentCategories, documentDownloads, documents } from './schema';

/**
 * Writing documents and their categories: the one implementation behind the push
 * mutations (documents.*, documentCategories.*), the REST endpoints and the end of a tus
 * upload (server/documents/uploadRoutes.ts).
 */

function assertManagesCategories(actor: MutationActor): void {
  if (!can(actor.user.role, 'documents.categories.manage')) throw forbidden();
}

async function liveCategory(write: Write, id: string, lock = false): Promise<DocumentCategoryRecord | null> {
  if (!looksLikeUuid(id)) return null;
  const query = write.tx
    .select()
    .from(documentCategories)
    .where(and(eq(documentCategories.id, id.toLowerCase()), eq(documentCategories.collegeId, write.collegeId), isNull(documentCategories.deletedAt)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function createCategory(write: Write, actor: MutationActor, args: CreateDocumentCategoryArgs): Promise<DocumentCategoryRecord> {
  assertManagesCategories(actor);
  const now = new Date();
  const [row] = await write.tx
    .insert(documentCategories)
    .values({
      id: args.id.toLowerCase(),
      collegeId: write.collegeId,
      name: args.name,
      position: args.position,
      createdAt: now,
      updatedAt: now,
      seq: write.stamp(),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new HttpError(409, messages.conflict);
  return row;
}

export async function updateCategory(write: Write, actor: MutationActor, args: UpdateDocumentCategoryArgs): Promise<DocumentCategoryRecord> {
  assertManagesCategories(actor);
  const current = await liveCategory(write, args.id, true);
  if (!current) throw notFound(messages.documentCategoryNotFound);
  const [row] = await write.tx
    .update(documentCategories)
    .set({ name: args.name, position: args.position, updatedAt: new Date(), seq: write.stamp() })
    .where(eq(documentCategories.id, current.id))
    .returning();
  return row!;
}

/** A category with live documents stays (409): its documents would lose their shelf. */
export async function deleteCategory(write: Write, actor: MutationActor, args: { id: string }): Promise<void> {
  assertManagesCategories(actor);
  const current = await liveCategory(write, args.id, true);
  if (!current) throw notFound(messages.documentCategoryNotFound);
  const [used] = await write.tx
    .select({ n: count() })
    .from(documents)
    .where(and(eq(documents.collegeId, write.collegeId), eq(documents.categoryId, current.id), isNull(documents.deletedAt)));
  if ((used?.n ?? 0) > 0) throw new HttpError(409, messages.documentCategoryInUse);
  const now = new Date();
  await write.tx.update(documentCategories).set({ deletedAt: now, updatedAt: now, seq: write.stamp() }).where(eq(documentCategories.id, current.id));
}

export interface NewDocument {
  id: string;
  categoryId: string;
  title: string;
  audience: AudienceFields;
  mimeType: DocumentMimeType;
  size: number;
  sha256: string;
  fileKey: string;
}

const authorName = (actor: MutationActor) => [actor.user.name, actor.user.firstLastname].filter(Boolean).join(' ');

/** Checks a document's category and audience against the college (422), as at the upload's start. */
export async function checkDocumentFields(write: Pick<Write, 'tx' | 'collegeId'>, categoryId: string, audience: AudienceFields) {
  const errors: Record<string, string[]> = {};
  const checked = await checkedAudience(write.tx, write.collegeId, audience, errors);
  const [category] = looksLikeUuid(categoryId)
    ? await write.tx
        .select({ id: documentCategories.id })
        .from(documentCategories)
        .where(
          and(eq(documentCategories.id, categoryId.toLowerCase()), eq(documentCategories.collegeId, write.collegeId), isNull(documentCategories.deletedAt)),
        )
    : [];
  if (!category) errors.category_id = [messages.unknownReference];
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  return checked;
}

/** The document of a finished upload, stamped so that its audience's devices receive it. */
export async function createDocument(write: Write, actor: MutationActor, input: NewDocument): Promise<DocumentRecord> {
  if (!can(actor.user.role, 'content.publish')) throw forbidden();
  const audience = await checkDocumentFields(write, input.categoryId, input.audience);
  const keys = nextAudience(keysOfAudience({ scope: audience.scope, section_ids: audience.sectionIds }));
  const now = new Date();
  const [row] = await write.tx
    .insert(documents)
    .values({
      id: input.id.toLowerCase(),
      collegeId: write.collegeId,
      categoryId: input.categoryId.toLowerCase(),
      title: input.title,
      mimeType: input.mimeType,
      size: input.size,
      sha256: input.sha256,
      fileKey: input.fileKey,
      ...audience,
      authorId: actor.user.id,
      authorName: authorName(actor),
      createdAt: now,
      updatedAt: now,
      ...keys,
      seq: write.stamp(keys.seenKeys),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new HttpError(409, messages.conflict);
  return row;
}

async function visibleDocument(write: Write, actor: MutationActor, id: string, lock: boolean): Promise<DocumentRecord> {
  const query = looksLikeUuid(id)
    ? write.tx
        .select()
        .from(documents)
        .where(and(eq(documents.id, id.toLowerCase()), eq(documents.collegeId, write.collegeId), isNull(documents.deletedAt)))
    : null;
  const [row] = query ? (lock ? await query.for('update') : await query) : [];
  if (!row || !canSeeDocument(row, actor.viewer)) throw notFound(messages.documentNotFound);
  return row;
}

/** Colleges with deleted documents whose files are still on disk (server/documents/fileSweep.ts). */
export const collegesToSweep = new Set<string>();

/** Its author among staff, or an administrator; the file is removed once the delete commits. */
export async function deleteDocument(write: Write, actor: MutationActor, args: { id: string }): Promise<void> {
  if (!can(actor.user.role, 'content.publish')) throw forbidden();
  const current = await visibleDocument(write, actor, args.id, true);
  if (actor.user.role !== 'admin' && current.authorId !== actor.user.id) throw forbidden();
  const now = new Date();
  await write.tx
    .update(documents)
    .set({ deletedAt: now, updatedAt: now, seq: write.stamp(current.seenKeys) })
    .where(eq(documents.id, current.id));
  collegesToSweep.add(write.collegeId);
}

/**
 * Counts a member's first download of a document they may see; later ones change nothing.
 * The count is not stamped: it reaches devices with the document's next change, and the
 * REST list reads it fresh (a download must not wake every device of the audience).
 */
export async function markDownloaded(write: Write, actor: MutationActor, args: { id: string }): Promise<void> {
  const document = await visibleDocument(write, actor, args.id, false);
  const [first] = await write.tx
    .insert(documentDownloads)
    .values({ documentId: document.id, userId: actor.user.id, collegeId: write.collegeId })
    .onConflictDoNothing()
    .returning({ userId: documentDownloads.userId });
  if (first)
    await write.tx
      .update(documents)
      .set({ downloads: sql`${documents.downloads} + 1` })
      .where(eq(documents.id, document.id));
}
