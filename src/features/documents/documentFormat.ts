import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DocumentMimeType } from '../../../contract/documents';

/** The kind of a document, as a reader names it, and a short tag for its icon. */
const kinds: Record<DocumentMimeType, { tag: string; label: ReturnType<typeof msg> }> = {
  'application/pdf': { tag: 'PDF', label: msg`PDF document` },
  'image/png': { tag: 'PNG', label: msg`Image` },
  'image/jpeg': { tag: 'JPG', label: msg`Image` },
  'image/gif': { tag: 'GIF', label: msg`Image` },
  'image/webp': { tag: 'WEBP', label: msg`Image` },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { tag: 'DOCX', label: msg`Text document` },
  'application/vnd.oasis.opendocument.text': { tag: 'ODT', label: msg`Text document` },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { tag: 'XLSX', label: msg`Spreadsheet` },
  'application/vnd.oasis.opendocument.spreadsheet': { tag: 'ODS', label: msg`Spreadsheet` },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { tag: 'PPTX', label: msg`Presentation` },
  'application/vnd.oasis.opendocument.presentation': { tag: 'ODP', label: msg`Presentation` },
  'text/plain': { tag: 'TXT', label: msg`Plain text` },
};

export function documentKind(i18n: I18n, mime: DocumentMimeType): { tag: string; label: string } {
  const kind = kinds[mime];
  return { tag: kind.tag, label: i18n._(kind.label) };
}

const sizeFormats = new Map<string, Intl.NumberFormat>();

/** "820 kB", "4.2 MB", in the locale's digits and unit names (decimal units, as file managers on phones show). */
export function formatSize(bytes: number, locale: string): string {
  const [unit, value] = bytes >= 1e9 ? (['gigabyte', bytes / 1e9] as const) : bytes >= 1e6 ? (['megabyte', bytes / 1e6] as const) : bytes >= 1e3 ? (['kilobyte', bytes / 1e3] as const) : (['byte', bytes] as const);
  const digits = value < 10 && unit !== 'byte' ? 1 : 0;
  const key = `${locale}\u0000${unit}\u0000${digits}`;
  let format = sizeFormats.get(key);
  if (!format) sizeFormats.set(key, (format = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: digits })));
  return format.format(value);
}
