import type { I18n } from '@lingui/core';
import type { DocumentMimeType } from '../../../contract/documents';
import { fileKind } from '../../ui/fileFormat';

/** The short tag of a document's icon ("PDF", "DOCX"): the kind's words are src/ui/fileFormat.ts's. */
const tags: Record<DocumentMimeType, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPG',
  'image/gif': 'GIF',
  'image/webp': 'WEBP',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.oasis.opendocument.text': 'ODT',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'application/vnd.oasis.opendocument.spreadsheet': 'ODS',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PPTX',
  'application/vnd.oasis.opendocument.presentation': 'ODP',
  'text/plain': 'TXT',
};

/** The kind of a document, as a reader names it, and a short tag for its icon. */
export function documentKind(i18n: I18n, mime: DocumentMimeType): { tag: string; label: string } {
  return { tag: tags[mime], label: fileKind(i18n, mime) };
}
