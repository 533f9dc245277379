import { useLingui } from '@lingui/react/macro';
import { Dialog as RadixDialog } from 'radix-ui';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { imageSources, type ShownImage } from './imageSources';
import { ArrowBackIcon, CloseIcon, ZoomInIcon, ZoomOutIcon } from './icons';
import { IconButton } from './IconButton';
import { useZoomAndSwipe } from './useZoomAndSwipe';

export interface ImageViewerProps {
  images: readonly ShownImage[];
  /** The picture shown, or null while closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  /** Escape, the close button (the caller goes back from its history entry). */
  onClose: () => void;
  /** Where focus goes on closing: the thumbnail of the picture last shown. */
  onCloseFocus: (index: number) => void;
  altOf: (index: number) => string;
}

/** The viewer fills the screen's width: `sizes` for its `srcset`. */
const fullScreen = '100vw';

/** The viewer is portaled to the body: its direction is the page's (`<html dir>`, src/i18n). */
const isRtl = (element: Element | null): boolean =>
  !!element && (element.closest('[dir]')?.getAttribute('dir') === 'rtl' || getComputedStyle(element).direction === 'rtl');

/**
 * A post's or an event's pictures full screen (a Radix dialog: focus kept inside, Escape
 * closes): previous and next by the buttons, the arrow keys and a swipe, all mirrored in
 * right-to-left (the next picture is to the left there); zoom by double tap or double click,
 * pinching, the button or +/-, and drag to look around a zoomed one. Every variant is
 * offered to `srcset`, as the picture fills the screen.
 */
export function ImageViewer({ images, index, onIndexChange, onClose, onCloseFocus, altOf }: ImageViewerProps) {
  const { t } = useLingui();
  const content = useRef<HTMLDivElement>(null);
  const shown = index ?? 0;
  const last = useRef(shown);
  const go = (step: number) => {
    const next = shown + step;
    if (index !== null && next >= 0 && next < images.length) onIndexChange(next);
  };
  // A swipe says which way the finger went; in right-to-left the next picture comes from the left.
  const { zoom, toggle, reset, handlers } = useZoomAndSwipe((towards) => go(isRtl(content.current) ? -towards : towards));
  useEffect(() => {
    // Closed, the picture last shown is still the one whose thumbnail takes focus back.
    if (index !== null) last.current = index;
    reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new picture starts unzoomed
  }, [index]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const rtl = isRtl(content.current);
    const steps: Record<string, number> = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 };
    const step = steps[event.key];
    if (step !== undefined) {
      event.preventDefault();
      go(step);
    } else if (event.key === '+' || event.key === '=' || event.key === '-') {
      event.preventDefault();
      if ((event.key === '-') === zoom.scale > 1) toggle();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      onIndexChange(event.key === 'Home' ? 0 : images.length - 1);
    }
  };

  const image = images[shown];
  const count = images.length;
  const position = shown + 1;
  const zoomed = zoom.scale > 1;
  return (
    <RadixDialog.Root open={index !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="image-viewer-overlay" />
        <RadixDialog.Content
          ref={content}
          className="image-viewer"
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onCloseFocus(last.current);
          }}
        >
          <div className="image-viewer-bar">
            <RadixDialog.Title className="image-viewer-count" aria-live="polite">
              {count > 1 ? t`Photo ${position} of ${count}` : t`Photo`}
            </RadixDialog.Title>
            <IconButton label={zoomed ? t`Zoom out` : t`Zoom in`} className="image-viewer-button" onClick={toggle} aria-pressed={zoomed}>
              {zoomed ? <ZoomOutIcon /> : <ZoomInIcon />}
            </IconButton>
            <RadixDialog.Close asChild>
              <IconButton label={t`Close`} className="image-viewer-button">
                <CloseIcon />
              </IconButton>
            </RadixDialog.Close>
          </div>
          <div className={zoomed ? 'image-viewer-stage is-zoomed' : 'image-viewer-stage'} {...handlers}>
            {image ? (
              <img
                key={image.id}
                className="image-viewer-image"
                {...imageSources(image, fullScreen)}
                width={image.width}
                height={image.height}
                alt={altOf(shown)}
                draggable={false}
                style={{ transform: `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})` }}
              />
            ) : null}
          </div>
          {image?.alt ? (
            <p className="image-viewer-caption" dir="auto">
              {image.alt}
            </p>
          ) : null}
          {count > 1 ? (
            <div className="image-viewer-steps">
              <IconButton label={t`Previous photo`} className="image-viewer-button" onClick={() => go(-1)} disabled={shown === 0}>
                <ArrowBackIcon />
              </IconButton>
              <IconButton label={t`Next photo`} className="image-viewer-button image-viewer-next" onClick={() => go(1)} disabled={shown === count - 1}>
                <ArrowBackIcon />
              </IconButton>
            </div>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
