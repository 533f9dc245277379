/// <reference lib="webworker" />
/**
 * Patio's service worker (Workbox, injectManifest). It precaches the app shell so the app
 * opens offline, answers navigations with index.html, keeps the per-college manifest and
 * avatars fresh-but-available, and waits for the user's "Reload" before taking over.
 * Later issues add push messages (emergency alerts) and pinned documents here.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every app path (/, /app/profile, /auth/login…) is the single-page app; server paths are not.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api\//, /^\/uploads\//, /^\/sanctum\//, /^\/manifest\.webmanifest$/],
  }),
);

/**
 * Stale-while-revalidate by hand (a few lines instead of another dependency): answer from
 * the cache at once when we can, refresh the copy in the background.
 */
const runtimeCache = 'patio-runtime-v1';

async function staleWhileRevalidate(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(runtimeCache);
  const cached = await cache.match(event.request);
  const refresh = fetch(event.request).then(async (response) => {
    if (response.ok) await cache.put(event.request, response.clone());
    return response;
  });
  if (cached) {
    event.waitUntil(refresh.catch(() => undefined));
    return cached;
  }
  return refresh;
}

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    (url.pathname === '/manifest.webmanifest' || url.pathname.startsWith('/uploads/avatars/')),
  ({ event }) => staleWhileRevalidate(event as FetchEvent),
);

// The update prompt's "Reload" asks the waiting worker to take over.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// A worker only activates on the first install or after that "Reload": then it claims the
// open pages so they are served by the new version at once.
clientsClaim();
