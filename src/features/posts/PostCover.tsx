import type { Attachment } from '../../../contract/attachments';
import { imageSources, type ImageSources } from '../../ui/imageSources';

/**
 * How wide the cover is drawn (newsList.css): the card's width less its padding and the
 * page's on phones; a thumbnail beside the text from 600 px on. The browser picks from
 * `srcset` with it, so a phone on a weak network fetches the small variant.
 */
// eslint-disable-next-line lingui/no-unlocalized-strings -- media conditions and lengths, not UI text
export const coverSizes = '(min-width: 600px) 176px, calc(100vw - 64px)';

/**
 * The widest variant a list offers: 640 pixels are already twice the cover's width on a
 * phone, so a 3× screen fetches that rather than the 1280 one (about three times the bytes).
 */
const widestInList = 640;

/** `src`, `srcset` and `sizes` of a cover: a candidate per WebP variant the server made, up to 640 pixels wide. */
export function coverSources(cover: Attachment): ImageSources {
  return imageSources(cover, coverSizes, widestInList);
}

/**
 * A post's cover in the news list. Decorative there (the title is the link and names the
 * post): empty `alt`. Its width and height are the photo's, and the stylesheet gives it a
 * fixed shape, so the list never moves when it arrives; lazy, so the cards below the
 * screen fetch nothing until scrolled to.
 */
export function PostCover({ cover }: { cover: Attachment }) {
  const { src, srcSet, sizes } = coverSources(cover);
  return (
    <img className="post-card-cover" src={src} srcSet={srcSet} sizes={sizes} width={cover.width} height={cover.height} loading="lazy" decoding="async" alt="" />
  );
}
