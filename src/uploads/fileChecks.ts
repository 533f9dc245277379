import { defaultDocumentMaxBytes, documentMimeTypes, documentUploadMetadata } from '../../contract/documents';

/**
 * The device's checks of a file before it goes into the upload queue: a library document
 * (src/features/documents) or an attachment of a post or an event (AttachmentsField.tsx).
 * The server has the last word on every one: the size cap is a setting there, and the type
 * is read from the file's bytes.
 */

/** Extensions of the types a file may be (contract `documentMimeTypes`); csv and md are plain text. */
const acceptedExtensions = ['pdf', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'txt', 'csv', 'md'];

/** For a file input's `accept`: what the picker offers first (the person may still pick anything). */
export const acceptedFileTypes = [...acceptedExtensions.map((extension) => `.${extension}`), ...documentMimeTypes].join(',');

export type FileProblem = { kind: 'empty' } | { kind: 'tooLarge'; maxBytes: number } | { kind: 'type' } | { kind: 'name' };

const extensionOf = (name: string) => /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/**
 * Why a file cannot be queued, or null. Checked before it is stored, so the person hears it
 * at once rather than after sending 50 MB: empty (tus would "finish" it without a document),
 * over the cap, a type no document may be (by its extension or the type the browser gives
 * it), or a name the server would refuse.
 */
export function fileProblem(file: Pick<File, 'name' | 'size' | 'type'>, maxBytes = defaultDocumentMaxBytes): FileProblem | null {
  if (file.size === 0) return { kind: 'empty' };
  if (file.size > maxBytes) return { kind: 'tooLarge', maxBytes };
  const type = file.type.toLowerCase();
  const known = (documentMimeTypes as readonly string[]).includes(type) || type.startsWith('text/') || acceptedExtensions.includes(extensionOf(file.name));
  if (!known) return { kind: 'type' };
  if (!documentUploadMetadata.shape.filename.safeParse(file.name).success) return { kind: 'name' };
  return null;
}
