/**
 * What both sides need of documents' files without zod: the screens that read the library,
 * and the background work that keeps files and sends uploads, run on every screen (reading
 * the news loads no zod; the schemas are in documents.ts).
 */

/** The types a document may be, told by its bytes (server/documents/fileType.ts). */
export const documentMimeTypes = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'text/plain',
] as const;
export type DocumentMimeType = (typeof documentMimeTypes)[number];

/** Shown inline with `?inline=1`; everything else is always an attachment. */
export const inlineMimeTypes: readonly DocumentMimeType[] = ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** The default size cap of one file (`PATIO_DOCUMENT_MAX_BYTES`). */
export const defaultDocumentMaxBytes = 50 * 1024 * 1024;

/** The tus endpoint (server/documents/uploadRoutes.ts `uploadsPath`): an upload's address is below it. */
export const documentUploadsPath = '/api/v1/uploads';
