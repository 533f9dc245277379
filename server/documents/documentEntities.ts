import type { DocumentCategory, DocumentRow } from '../../contract/documents';
import { canSee } from '../audience/visibility';
import { defineEntity } from '../sync/entity';
import type { Viewer } from '../sync/viewer';
import { documentCategories, documents } from './schema';

export type DocumentRecord = typeof documents.$inferSelect;
export type DocumentCategoryRecord = typeof documentCategories.$inferSelect;

/** The audience rule of posts and events, for documents. */
export function canSeeDocument(row: Pick<DocumentRecord, 'collegeId' | 'audienceKeys' | 'deletedAt'>, viewer: Viewer): boolean {
  return row.collegeId === viewer.collegeId && canSee(row, viewer.keySet);
}

export function categoryToWire(row: DocumentCategoryRecord): DocumentCategory {
  return {
    id: row.id,
    college_id: row.collegeId,
    name: row.name,
    position: row.position,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The file's key stays on the server: devices read the file by the document's id. */
export function documentToWire(row: DocumentRecord): DocumentRow {
  return {
    id: row.id,
    college_id: row.collegeId,
    category_id: row.categoryId,
    title: row.title,
    mime_type: row.mimeType,
    size: row.size,
    sha256: row.sha256,
    downloads: row.downloads,
    course_ids: row.courseIds,
    grade_ids: row.gradeIds,
    section_ids: row.sectionIds,
    scope: row.scope,
    author_id: row.authorId ?? '',
    author_name: row.authorName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Every member sees every live category (they have no audience). */
export const documentCategoryEntity = defineEntity({ name: 'documentCategories', table: documentCategories, toWire: categoryToWire });

/** Documents reach devices with the sync, by audience like events. */
export const documentEntity = defineEntity({ name: 'documents', table: documents, toWire: documentToWire });
