import type { RouteObject } from 'react-router-dom';

/*
 * The app's lazy code (each screen's chunk, the signed-in area, the menus and dialogs
 * fetched on demand) is tried once more before a failure reaches the error screen: on a
 * busy or weak network one download of many fails now and then, and "Something went wrong"
 * for it is a reload the user should not have to do.
 *
 * Trying the same `import()` again is enough: Chromium fetches a module again after a failed
 * fetch, whether it was the imported chunk or one of the chunks it imports (checked in
 * Chromium 156; the HTML standard no longer keeps failures in the module map). A browser that
 * still kept them fails again at once and shows the error screen, as before.
 *
 * A chunk's stylesheet is the exception: Vite's preload helper fails the import when it
 * cannot load it (the `vite:preloadError` event), but remembers the stylesheet as done and
 * does not ask for it again, so a retry alone would show the screen without its styles. The
 * stylesheets that failed are fetched again before the retry.
 *
 * A screen's code is on the device when the service worker precached it or the screen was
 * opened before (docs/offline-start.md). Offline, a route whose code is not there fails at
 * once with `ScreenNotOnDevice` instead of waiting for the network, and the route's error
 * screen says so plainly (src/app/RouteError.tsx).
 */

/** A screen's code that could not be loaded while the browser is offline: it was never kept on this device. */
export class ScreenNotOnDevice extends Error {
  override readonly name = 'ScreenNotOnDevice';
  constructor(cause: unknown) {
    super('screen code not on this device while offline', { cause });
  }
}

/** How long to wait before the second try while the browser says it is online. */
export const retryPause = 1_000;

/** Stylesheets of lazy chunks whose download failed, until they are fetched again. */
const failedStyles = new Set<string>();

if (typeof window !== 'undefined') {
  window.addEventListener('vite:preloadError', (event) => {
    const { payload } = event as Event & { payload?: unknown };
    const href = payload instanceof Error ? /^Unable to preload CSS for (.+)$/.exec(payload.message)?.[1] : undefined;
    if (href) failedStyles.add(href);
  });
}

/** Resolves when a second try may succeed: after a short pause, or once the browser is back online. */
function whenWorthRetrying(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof navigator !== 'undefined' && !navigator.onLine) {
      window.addEventListener('online', () => resolve(), { once: true });
    } else {
      setTimeout(resolve, retryPause);
    }
  });
}

/** Replaces each failed stylesheet link by a new one and waits until it has loaded. */
async function refetchFailedStyles(): Promise<void> {
  const hrefs = [...failedStyles];
  failedStyles.clear();
  await Promise.all(
    hrefs.map(
      (href) =>
        new Promise<void>((resolve, reject) => {
          const failed = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find((link) => link.href === href);
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.crossOrigin = '';
          link.href = href;
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => reject(new Error(`Unable to load CSS for ${href}`)), { once: true });
          if (failed) failed.replaceWith(link);
          else document.head.append(link);
        }),
    ),
  );
}

const offline = () => typeof navigator !== 'undefined' && !navigator.onLine;

/**
 * `load` (a lazy `import()` of the app's code) that, when it fails, waits (a short pause, or
 * until the browser is back online) and tries once more; the second failure is thrown. With
 * `whenOffline: 'fail'` (a route's screen), a failure while offline is a `ScreenNotOnDevice` at once.
 */
export function retryOnce<T>(load: () => Promise<T>, whenOffline: 'wait' | 'fail' = 'wait'): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      if (whenOffline === 'fail' && offline()) throw new ScreenNotOnDevice(error);
      await whenWorthRetrying();
      await refetchFailedStyles();
      try {
        return await load();
      } catch (second) {
        throw whenOffline === 'fail' && offline() ? new ScreenNotOnDevice(second) : second;
      }
    }
  };
}

/**
 * The routes with every `lazy` of the tree (a screen's code: a function, or an object of
 * functions per route property) tried once more before it fails, and failing at once offline.
 */
export function retryingLazyRoutes(routes: readonly RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { lazy } = route;
    const retrying =
      typeof lazy === 'function'
        ? retryOnce(lazy, 'fail')
        : lazy &&
          Object.fromEntries(
            Object.entries(lazy).map(([key, load]) => [key, typeof load === 'function' ? retryOnce(load as () => Promise<unknown>, 'fail') : load]),
          );
    return { ...route, lazy: retrying, ...(route.children && { children: retryingLazyRoutes(route.children) }) } as RouteObject;
  });
}
