export interface ImageType {
  mime: string;
  extension: string;
}

export const imageTypes: readonly ImageType[] = [
  { mime: 'image/jpeg', extension: 'jpg' },
  { mime: 'image/png', extension: 'png' },
  { mime: 'image/webp', extension: 'webp' },
  { mime: 'image/gif', extension: 'gif' },
];

const startsWith = (data: Buffer, bytes: readonly number[], offset = 0): boolean =>
  data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b);

const ascii = (text: string): number[] => Array.from(text, (c) => c.charCodeAt(0));

/**
 * The image type told by the file's first bytes (its "magic number"), never by its name or
 * declared type; null for anything that is not a JPEG, PNG, WebP or GIF.
 */
export function detectImageType(data: Buffer): ImageType | null {
  const [jpeg, png, webp, gif] = imageTypes as [ImageType, ImageType, ImageType, ImageType];
  if (startsWith(data, [0xff, 0xd8, 0xff])) return jpeg;
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return png;
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return webp;
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return gif;
  return null;
}
