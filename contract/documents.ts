import { documentMimeTypes } from './documentFiles';
import { z } from './zod';
import { audienceFields, audienceScopes, requireSections } from './audience';
import { messages } from './messages';
import { text } from './text';

/**
 * Documents (the original app's "file name, file, category, downloads"): a library of files by
 * category, addressed to an audience like posts and events. Devices sync the metadata
 * (entities `documentCategories` and `documents`); files are uploaded with the tus protocol
 * at `/api/v1/uploads` and read at `/api/v1/documents/{id}/file` (docs/features/documents.md).
 */

export { defaultDocumentMaxBytes, documentMimeTypes, documentUploadsPath, inlineMimeTypes, type DocumentMimeType } from './documentFiles';

/** A category of the college's library, in `position` order. */
export const documentCategory = z.object({
  id: z.string(),
  college_id: z.string(),
  name: z.string(),
  position: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DocumentCategory = z.infer<typeof documentCategory>;

/** A document as synced to devices and listed by `GET /api/v1/documents`. */
export const documentRow = z.object({
  id: z.string(),
  college_id: z.string(),
  category_id: z.string(),
  /** The file's name as uploaded: shown, and offered when saving; never a path. */
  title: z.string(),
  mime_type: z.enum(documentMimeTypes),
  size: z.number().int(),
  /** Hex SHA-256 of the bytes; the download's ETag. */
  sha256: z.string(),
  /** Members who downloaded it at least once (as of the row's last change). */
  downloads: z.number().int(),
  course_ids: z.array(z.string()),
  grade_ids: z.array(z.string()),
  section_ids: z.array(z.string()),
  scope: z.enum(audienceScopes),
  author_id: z.string(),
  author_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DocumentRow = z.infer<typeof documentRow>;

const categoryName = text({ max: 80, trim: true, error: messages.documentCategoryNameRequired }).min(1, { error: messages.documentCategoryNameRequired });
const position = z.number().int().min(0).max(10_000);

export const documentCategoryFields = z.object({ name: categoryName, position: position.default(0) });
export type DocumentCategoryFields = z.infer<typeof documentCategoryFields>;

/** Mutation `documentCategories.create` (admin); REST `POST /api/v1/document-categories` (id optional). */
export const createDocumentCategoryArgs = documentCategoryFields.extend({ id: z.uuid() });
export type CreateDocumentCategoryArgs = z.infer<typeof createDocumentCategoryArgs>;
export const restCreateDocumentCategoryBody = documentCategoryFields.extend({ id: z.uuid().optional() });
/** Mutation `documentCategories.update` (admin); REST `PUT /api/v1/document-categories/{id}`. */
export const updateDocumentCategoryArgs = documentCategoryFields.extend({ id: z.uuid() });
export type UpdateDocumentCategoryArgs = z.infer<typeof updateDocumentCategoryArgs>;
/** Mutation `documentCategories.delete` (admin): refused (409) while live documents are in it. */
export const deleteDocumentCategoryArgs = z.object({ id: z.uuid() });

/** Mutation `documents.delete` (its author among staff, or an admin): the file goes too. */
export const deleteDocumentArgs = z.object({ id: z.uuid() });
/** Mutation `documents.downloaded`: counted once per member and document, so it may be replayed. */
export const documentDownloadedArgs = z.object({ id: z.uuid() });

export const documentMutations = {
  'documents.delete': deleteDocumentArgs,
  'documents.downloaded': documentDownloadedArgs,
  'documentCategories.create': createDocumentCategoryArgs,
  'documentCategories.update': updateDocumentCategoryArgs,
  'documentCategories.delete': deleteDocumentCategoryArgs,
} as const;
export type DocumentMutationName = keyof typeof documentMutations;

/**
 * What a tus upload carries in `Upload-Metadata` (each value base64, as tus says):
 * `filename`, `category_id`, `audience` (JSON of `audienceFields`), and optionally `id`, the
 * document's id chosen by the device (a UUIDv7).
 */
export const uploadMetadataKeys = ['filename', 'category_id', 'audience', 'id'] as const;

export const documentUploadMetadata = z.object({
  filename: text({ max: 255, trim: true, error: messages.documentFileNameRequired }).min(1, { error: messages.documentFileNameRequired }),
  category_id: z.uuid({ error: messages.postCategoryRequired }),
  audience: audienceFields.superRefine(requireSections),
  id: z.uuid().optional(),
});
export type DocumentUploadMetadata = z.infer<typeof documentUploadMetadata>;

/** The header of the last tus answer (the one completing the upload): the new document's id. */
export const documentIdHeader = 'Patio-Document-Id';

/** `GET /api/v1/documents`: newest first, by category and by a piece of the name. */
export const documentListQuery = z.object({
  category_id: z.uuid().optional(),
  q: text({ max: 100, trim: true }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type DocumentListQuery = z.infer<typeof documentListQuery>;

export const documentListResponse = z.object({ data: z.array(documentRow) });
export const documentCategoryListResponse = z.object({ data: z.array(documentCategory) });
