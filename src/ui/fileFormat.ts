import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DocumentMimeType } from '../../contract/documents';

/**
 * How a file's kind and size read, for attachments under a post or an event (the same words
 * as the documents library's, src/features/documents/documentFormat.ts, which uses these).
 */
const kinds: Record<DocumentMimeType, ReturnType<typeof msg>> = {
  'application/pdf': msg`PDF document`,
  'image/png': msg`Image`,
  'image/jpeg': msg`Image`,
  'image/gif': msg`Image`,
  'image/webp': msg`Image`,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': msg`Text document`,
  'application/vnd.oasis.opendocument.text': msg`Text document`,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': msg`Spreadsheet`,
  'application/vnd.oasis.opendocument.spreadsheet': msg`Spreadsheet`,
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': msg`Presentation`,
  'application/vnd.oasis.opendocument.presentation': msg`Presentation`,
  'text/plain': msg`Plain text`,
};

export function fileKind(i18n: I18n, mime: DocumentMimeType): string {
  return i18n._(kinds[mime]);
}

const sizeFormats = new Map<string, Intl.NumberFormat>();

/** "820 kB", "4.2 MB", in the locale's digits and unit names (decimal units, as phones' file managers show). */
export function formatFileSize(bytes: number, locale: string): string {
  const [unit, value] =
    bytes >= 1e9
      ? (['gigabyte', bytes / 1e9] as const)
      : bytes >= 1e6
        ? (['megabyte', bytes / 1e6] as const)
        : bytes >= 1e3
          ? (['kilobyte', bytes / 1e3] as const)
          : (['byte', bytes] as const);
  const digits = value < 10 && unit !== 'byte' ? 1 : 0;
  const key = `${locale}\u0000${unit}\u0000${digits}`;
  let format = sizeFormats.get(key);
  if (!format) sizeFormats.set(key, (format = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: digits })));
  return format.format(value);
}

/**
 * A size measured against the size cap, and an upload's progress: binary units (1 MB =
 * 1024 × 1024 bytes), as the cap is set, so a file at the cap and the cap itself both read
 * "50 MB"; kB under a megabyte, MB with one decimal above.
 */
export function formatBytes(bytes: number, locale: string): string {
  const megabytes = bytes / (1024 * 1024);
  if (megabytes >= 1) return new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(megabytes);
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(Math.max(1, Math.ceil(bytes / 1024)));
}
