import { attachmentFileUrl } from '../../contract/attachmentFiles';
import type { Attachment } from '../../contract/attachments';

/** An attachment drawn as a picture: an image the server resized (it has variants and a size in pixels). */
export type ShownImage = Attachment & { width: number; height: number; widths: number[] };

export function isShownImage(attachment: Attachment): attachment is ShownImage {
  return attachment.widths !== undefined && attachment.widths.length > 0 && !!attachment.width && !!attachment.height;
}

export interface ImageSources {
  src: string;
  srcSet: string;
  sizes: string;
}

/**
 * `src`, `srcset` and `sizes` of an image: a candidate per WebP variant the server made
 * (contract/attachmentFiles.ts `attachmentWidths`), up to `widest` pixels when given (the
 * narrowest one when none is that small). Browsers without `srcset` take the widest of them.
 */
export function imageSources(image: Attachment, sizes: string, widest?: number): ImageSources {
  const variants = [...(image.widths ?? [])].sort((a, b) => a - b);
  const small = widest === undefined ? variants : variants.filter((width) => width <= widest);
  const widths = small.length > 0 ? small : variants.slice(0, 1);
  const fallback = widths.at(-1);
  return {
    src: attachmentFileUrl(image.id, { width: fallback }),
    srcSet: widths.map((width) => `${attachmentFileUrl(image.id, { width })} ${width}w`).join(', '),
    sizes,
  };
}
