import { and, asc, desc, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { DocumentListQuery } from '../../contract/documents';
import { looksLikeUuid } from '../audience/references';
import { visibleTo } from '../audience/visibility';
import type { Database } from '../db/client';
import type { Viewer } from '../sync/viewer';
import type { DocumentCategoryRecord, DocumentRecord } from './documentEntities';
import { documentCategories, documents } from './schema';

const likePattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The viewer's documents, newest first, by category and by a piece of the name. */
export async function listDocuments(db: Database, viewer: Viewer, query: DocumentListQuery): Promise<DocumentRecord[]> {
  const where: SQL[] = [eq(documents.collegeId, viewer.collegeId), visibleTo(documents, viewer.keys)];
  if (query.category_id) where.push(eq(documents.categoryId, query.category_id.toLowerCase()));
  if (query.q) where.push(ilike(documents.title, likePattern(query.q)));
  return db
    .select()
    .from(documents)
    .where(and(...where))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(query.limit)
    .offset(query.offset);
}

export async function findVisibleDocument(db: Database, viewer: Viewer, id: string): Promise<DocumentRecord | null> {
  if (!looksLikeUuid(id)) return null;
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id.toLowerCase()), eq(documents.collegeId, viewer.collegeId), visibleTo(documents, viewer.keys)));
  return row ?? null;
}

export async function listCategories(db: Database, collegeId: string): Promise<DocumentCategoryRecord[]> {
  return db
    .select()
    .from(documentCategories)
    .where(and(eq(documentCategories.collegeId, collegeId), isNull(documentCategories.deletedAt)))
    .orderBy(asc(documentCategories.position), asc(documentCategories.name), asc(documentCategories.id));
}
