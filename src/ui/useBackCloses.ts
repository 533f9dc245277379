import { useCallback, useEffect, useRef } from 'react';

/** The mark of the history entry an open overlay pushed (kept beside the router's own state). */
const entryMark = 'patioOverlay';

const ownsEntry = (): boolean => (window.history.state as Record<string, unknown> | null)?.[entryMark] === true;

/**
 * Makes the browser's Back close an overlay instead of leaving the page: while `open`, one
 * history entry of the same address is pushed (the router's state copied, so it sees the
 * same location), and going back from it calls `onBack`. The returned `close` is how the
 * overlay's own controls (Escape, its close button) close it: by going back from that entry,
 * so no stray entry is left for Back to stop at.
 */
export function useBackCloses(open: boolean, onBack: () => void): () => void {
  const latest = useRef(onBack);
  useEffect(() => {
    latest.current = onBack;
  });
  useEffect(() => {
    if (!open) return undefined;
    // Once per opening: a re-run of the effect (StrictMode) finds its entry already there.
    if (!ownsEntry()) window.history.pushState({ ...((window.history.state as object | null) ?? {}), [entryMark]: true }, '');
    const onPop = () => {
      if (!ownsEntry()) latest.current();
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [open]);
  return useCallback(() => {
    if (ownsEntry()) window.history.back();
    else latest.current();
  }, []);
}
