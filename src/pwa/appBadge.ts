import { useEffect } from 'react';

/** The Badging API (Chromium on installed apps, Safari on iOS home-screen apps); absent elsewhere. */
interface BadgingNavigator {
  setAppBadge?: (contents?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

function badging(): BadgingNavigator | null {
  if (typeof navigator === 'undefined') return null;
  const candidate = navigator as unknown as BadgingNavigator;
  return typeof candidate.setAppBadge === 'function' && typeof candidate.clearAppBadge === 'function' ? candidate : null;
}

/** Shows `count` on the installed app's icon (nothing at 0). A refusal (not installed, no permission) changes nothing. */
export function setAppBadge(count: number): void {
  const api = badging();
  if (!api) return;
  const done = count > 0 ? api.setAppBadge!(count) : api.clearAppBadge!();
  done.catch(() => undefined);
}

/**
 * Keeps the installed app's icon in step with `count` (undefined: not known yet, the icon
 * keeps what it shows). Leaving the signed-in area clears it: after a sign-out the icon
 * must not speak for the previous user. Closing the app keeps it, which is the point.
 */
export function useAppBadge(count: number | undefined): void {
  useEffect(() => {
    if (count !== undefined) setAppBadge(count);
  }, [count]);
  useEffect(() => () => setAppBadge(0), []);
}
