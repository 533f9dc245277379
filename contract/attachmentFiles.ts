import type { Attachment } from './attachments';

/**
 * What both sides need of attachments' files without zod (the news list and a post are read
 * without it): the widths of images' variants, the cover, the files' addresses.
 */

/** The widths images are resized to (WebP), for `srcset`: a phone on a weak network fetches the small one. */
export const attachmentWidths = [320, 640, 1280] as const;

/**
 * The widths an image `width` pixels wide is resized to: the standard ones below it, and its
 * own width when it is narrower than the largest (never upscaled). Every image gets at least
 * one variant, so what the lists show never needs the original (which keeps its metadata).
 */
export function variantWidthsOf(width: number): number[] {
  const below = attachmentWidths.filter((w) => w < width);
  const largest = attachmentWidths[attachmentWidths.length - 1]!;
  return width < largest ? [...below, width] : below;
}

/**
 * The cover of a post in the news list: its first image with variants. The first rather than
 * a chosen one: nothing to keep pointing at a removed file, and the order is the author's.
 */
export function coverOf(attachments: readonly Attachment[] | undefined): Attachment | null {
  return attachments?.find((a) => a.widths !== undefined && a.widths.length > 0 && a.width && a.height) ?? null;
}

/** PDFs and images open in the browser; other files are saved. */
export const opensInBrowser = (mime: string): boolean => mime === 'application/pdf' || mime.startsWith('image/');

/**
 * The file of an attachment: `width` asks for the narrowest variant at least that wide,
 * `inline` shows a PDF or an image in the browser instead of saving it.
 */
export function attachmentFileUrl(id: string, { width, inline = false }: { width?: number; inline?: boolean } = {}): string {
  const path = `/api/v1/attachments/${encodeURIComponent(id)}/file`;
  return width !== undefined ? `${path}?w=${width}` : inline ? `${path}?inline=1` : path;
}
