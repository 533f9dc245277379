import type { CreateDocumentCategoryArgs, DocumentRow, UpdateDocumentCategoryArgs } from '../../../contract/documents';
import { uuidv7 } from '../../../contract/ids';
import { mutate } from '../../sync/mutate';
import type { DocumentsDb } from './documentsDb';

/**
 * The library's changes, each through the outbox (offline too): the document or category
 * changes on this device at once and the server hears of it when it can.
 */

/** Deletes a document (its author among staff, or an admin); a copy kept on the device goes with it (keptFiles.ts). */
export async function deleteDocument(db: DocumentsDb, document: Pick<DocumentRow, 'id'>): Promise<number> {
  return mutate(db, { name: 'documents.delete', args: { id: document.id }, entity: 'documents', entityId: document.id }, async () => {
    await db.documents.delete(document.id);
  });
}

export async function createDocumentCategory(db: DocumentsDb, fields: Omit<CreateDocumentCategoryArgs, 'id' | 'position'>, now = new Date()): Promise<string> {
  const last = await db.documentCategories.orderBy('position').last();
  const args: CreateDocumentCategoryArgs = { id: uuidv7(), name: fields.name.trim(), position: Math.min((last?.position ?? -1) + 1, 10_000) };
  const stamp = now.toISOString();
  await mutate(db, { name: 'documentCategories.create', args, entity: 'documentCategories', entityId: args.id }, async () => {
    await db.documentCategories.add({ ...args, college_id: '', created_at: stamp, updated_at: stamp });
  });
  return args.id;
}

export async function updateDocumentCategory(db: DocumentsDb, args: UpdateDocumentCategoryArgs, now = new Date()): Promise<number> {
  const clean = { ...args, name: args.name.trim() };
  return mutate(db, { name: 'documentCategories.update', args: clean, entity: 'documentCategories', entityId: args.id }, async () => {
    await db.documentCategories.update(args.id, { name: clean.name, position: clean.position, updated_at: now.toISOString() });
  });
}

/**
 * Deletes an empty category. The server refuses (409) while live documents are in it;
 * the screen offers it only for an empty one, but the device may not have them all yet.
 */
export async function deleteDocumentCategory(db: DocumentsDb, id: string): Promise<number> {
  return mutate(db, { name: 'documentCategories.delete', args: { id }, entity: 'documentCategories', entityId: id }, async () => {
    await db.documentCategories.delete(id);
  });
}
