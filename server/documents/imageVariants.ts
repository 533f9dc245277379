import { rm, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { variantWidthsOf } from '../../contract/attachmentFiles';
import type { DocumentMimeType } from '../../contract/documents';

/**
 * An attachment's image resized to the widths of `srcset` (contract/attachmentFiles.ts
 * `variantWidthsOf`), as WebP files beside the original: `<key>.w<width>.webp`. libvips
 * (`sharp`) decodes JPEGs already shrunk for the small widths, applies the EXIF rotation and
 * leaves the metadata out (a phone's photo carries where it was taken).
 */

/** Larger images are kept as plain files: decoding one could take the server's memory. */
const maxInputPixels = 100_000_000;

const resizable: readonly DocumentMimeType[] = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

export const isResizable = (mime: DocumentMimeType): boolean => resizable.includes(mime);

export const variantPathOf = (path: string, width: number): string => `${path}.w${width}.webp`;

export interface ImageFacts {
  /** As shown: EXIF rotation applied; one frame of an animation. */
  width: number;
  height: number;
  widths: number[];
}

/** Removes an image's variants; one already gone is no error. */
export async function removeVariants(path: string, widths: readonly number[]): Promise<void> {
  await Promise.all(widths.map((width) => rm(variantPathOf(path, width), { force: true })));
}

/** An image's facts and its variants' bytes, by width. */
export interface Variants extends ImageFacts {
  files: Map<number, Buffer>;
}

/**
 * The variants of an image (a file's path, or its bytes); null when libvips cannot read it (a
 * damaged file, or too many pixels): it stays an attachment without a preview.
 */
export async function makeVariants(image: string | Buffer): Promise<Variants | null> {
  const input = { limitInputPixels: maxInputPixels, animated: true } as const;
  try {
    const metadata = await sharp(image, input).metadata();
    const pages = metadata.pages ?? 1;
    const oriented = metadata.autoOrient;
    const width = pages > 1 ? metadata.width : oriented.width;
    const height = pages > 1 ? (metadata.pageHeight ?? metadata.height / pages) : oriented.height;
    if (!(width > 0 && height > 0)) return null;
    const widths = variantWidthsOf(width);
    const files = new Map<number, Buffer>();
    // One at a time: a server resizing a class's photos should not hold them all decoded at once.
    for (const w of widths) files.set(w, await sharp(image, input).autoOrient().resize({ width: w }).webp({ quality: 78 }).toBuffer());
    return { width, height, widths, files };
  } catch {
    return null;
  }
}

/** Writes made variants beside the original at `path`; on a failure, none stays. */
export async function writeVariants(path: string, variants: Variants): Promise<ImageFacts> {
  try {
    for (const [width, bytes] of variants.files) await writeFile(variantPathOf(path, width), bytes);
  } catch (error) {
    await removeVariants(path, variants.widths);
    throw error;
  }
  return { width: variants.width, height: variants.height, widths: variants.widths };
}
