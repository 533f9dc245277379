import { useRef, useState, type PointerEvent } from 'react';

/** How far a finger or the mouse must travel sideways for a swipe (CSS pixels). */
const swipeDistance = 48;
/** Two taps within this time and this distance are a double tap. */
const doubleTapMs = 320;
const doubleTapSlop = 24;
export const maxZoom = 4;
/** What a double tap or the zoom button zooms to. */
export const stepZoom = 2.5;

interface Point {
  x: number;
  y: number;
}

export interface Zoom {
  scale: number;
  x: number;
  y: number;
}

export const unzoomed: Zoom = { scale: 1, x: 0, y: 0 };

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const clampScale = (scale: number) => Math.min(maxZoom, Math.max(1, scale));

/**
 * The viewer's pointer gestures on its stage: a sideways swipe (`onSwipe(1)` when the finger
 * moved to the left, which is "next" in left-to-right; `-1` to the right: the caller mirrors
 * it in right-to-left), a double tap or double click to zoom in and out, pinching with two
 * fingers, and dragging a zoomed picture to move it. Pointer events only, so mouse, pen and
 * touch behave alike; the stage's `touch-action: none` keeps the browser's own zoom out.
 */
export function useZoomAndSwipe(onSwipe: (towards: -1 | 1) => void) {
  const [zoom, setZoom] = useState<Zoom>(unzoomed);
  const pointers = useRef(new Map<number, Point>());
  const start = useRef<{ point: Point; zoom: Zoom; pinch: number | null; moved: boolean } | null>(null);
  const lastTap = useRef<{ at: number; point: Point } | null>(null);

  const toggle = () => setZoom((current) => (current.scale > 1 ? unzoomed : { scale: stepZoom, x: 0, y: 0 }));

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    // Moves outside the stage still count; a pointer the browser no longer tracks cannot be captured.
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // Its move and up still arrive while it stays on the stage.
    }
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    const [a, b] = [...pointers.current.values()];
    start.current = { point, zoom, pinch: a && b ? distance(a, b) : null, moved: pointers.current.size > 1 };
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const began = start.current;
    if (!began || !pointers.current.has(event.pointerId)) return;
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    const [a, b] = [...pointers.current.values()];
    if (a && b && began.pinch) {
      setZoom({ ...began.zoom, scale: clampScale((began.zoom.scale * distance(a, b)) / began.pinch) });
      return;
    }
    if (distance(point, began.point) > doubleTapSlop) began.moved = true;
    if (began.zoom.scale > 1) setZoom({ ...began.zoom, x: began.zoom.x + point.x - began.point.x, y: began.zoom.y + point.y - began.point.y });
  };

  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const began = start.current;
    pointers.current.delete(event.pointerId);
    if (!began || pointers.current.size > 0) return;
    start.current = null;
    const point = { x: event.clientX, y: event.clientY };
    const dx = point.x - began.point.x;
    const dy = point.y - began.point.y;
    if (began.zoom.scale === 1 && began.pinch === null && Math.abs(dx) >= swipeDistance && Math.abs(dx) > Math.abs(dy)) {
      onSwipe(dx < 0 ? 1 : -1);
      return;
    }
    // A mouse's double click arrives as `dblclick` (onDoubleClick); taps are counted here.
    if (event.pointerType === 'mouse' || began.moved) return;
    const tap = lastTap.current;
    if (tap && event.timeStamp - tap.at < doubleTapMs && distance(point, tap.point) < doubleTapSlop) {
      lastTap.current = null;
      toggle();
    } else lastTap.current = { at: event.timeStamp, point };
  };

  const onPointerCancel = (event: PointerEvent<HTMLElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size === 0) start.current = null;
  };

  return {
    zoom,
    toggle,
    reset: () => setZoom(unzoomed),
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, onDoubleClick: toggle },
  };
}
