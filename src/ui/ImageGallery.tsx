import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { imageSources, type ShownImage } from './imageSources';
import { ImageViewer } from './ImageViewer';
import { useBackCloses } from './useBackCloses';
import './imageGallery.css';

export interface ImageGalleryProps {
  images: readonly ShownImage[];
  /** The owner's title: the pictures' text alternative when their author wrote none. */
  title: string;
  /** The first pictures are fetched at once (they are on the first screen); the rest when scrolled to. */
  eager?: boolean;
}

/**
 * How wide the pictures are drawn (imageGallery.css): one fills the column (the post's at
 * most 720 pixels; the page's padding off on phones); in a grid, two to a row on phones, and
 * from 800 pixels three (two for two or four photos, so no row is half empty).
 */
// eslint-disable-next-line lingui/no-unlocalized-strings -- media conditions and lengths, not UI text
const singleSizes = '(min-width: 800px) 720px, calc(100vw - 32px)';
// eslint-disable-next-line lingui/no-unlocalized-strings -- media conditions and lengths, not UI text
const gridSizes = '(min-width: 800px) 240px, calc(50vw - 24px)';
// eslint-disable-next-line lingui/no-unlocalized-strings -- media conditions and lengths, not UI text
const pairSizes = '(min-width: 800px) 360px, calc(50vw - 24px)';
/** A thumbnail of at most 240 pixels never needs the 1280 variant (640 is already 2.6×). */
const widestThumbnail = 640;

/**
 * A post's or an event's pictures, in its page: one drawn large, two or more as a grid of
 * thumbnails. Each is a button opening the full-screen viewer (ImageViewer.tsx) on it; the
 * browser's Back closes the viewer without leaving the page (useBackCloses.ts), and focus
 * comes back to the thumbnail of the picture last shown. Width and height are the photo's,
 * so nothing moves when the bytes arrive.
 */
export function ImageGallery({ images, title, eager = false }: ImageGalleryProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState<number | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const close = useBackCloses(open !== null, () => setOpen(null));
  if (images.length === 0) return null;
  const count = images.length;
  const altOf = (index: number): string => {
    const written = images[index]?.alt?.trim();
    if (written) return written;
    const position = index + 1;
    return count > 1 ? t`${title}, photo ${position} of ${count}` : t`${title}, photo`;
  };
  const single = count === 1;
  const inPairs = count === 2 || count === 4;
  return (
    <div className={single ? 'image-gallery is-single' : inPairs ? 'image-gallery in-pairs' : 'image-gallery'}>
      <ul className="image-gallery-list" role="list">
        {images.map((image, index) => {
          const sources = single ? imageSources(image, singleSizes) : imageSources(image, inPairs ? pairSizes : gridSizes, widestThumbnail);
          return (
            <li key={image.id} className="image-gallery-item">
              <button
                type="button"
                className="image-gallery-open"
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                onClick={() => setOpen(index)}
                aria-haspopup="dialog"
              >
                <img
                  className="image-gallery-image"
                  {...sources}
                  width={image.width}
                  height={image.height}
                  alt={altOf(index)}
                  loading={eager && index < 3 ? 'eager' : 'lazy'}
                  decoding="async"
                />
              </button>
            </li>
          );
        })}
      </ul>
      <ImageViewer
        images={images}
        index={open}
        onIndexChange={setOpen}
        onClose={close}
        onCloseFocus={(index) => buttons.current[index]?.focus()}
        altOf={altOf}
      />
    </div>
  );
}
