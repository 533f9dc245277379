/// <reference lib="webworker" />
/**
 * Patio's service worker (Workbox, injectManifest). It precaches what the first offline start
 * needs (scripts/offlineStartFiles.ts: the shell and the screens a member opens offline), caches
 * the rest of the build and the colleges' images on first use, keeps this device's own
 * language and college images as soon as the page names them (src/pwa/offlineStart.ts),
 * answers navigations with index.html, keeps the per-college manifest and avatars
 * fresh-but-available, answers kept attachments from the device, and waits for the user's
 * "Reload" before taking over. It shows push messages (notifications, emergency alerts) and
 * opens the app where a click on one leads (workers/pushNotifications.ts).
 * What is cached where, and why: docs/offline-start.md.
 */
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { offlineStartRequest, warmable } from '../src/pwa/offlineStartMessage';
import { alreadyOnScreen, decodePushData, defaultBrand, notificationOf, openFromNotification, pathOfNotification, type Brand } from './pushNotifications';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

const manifest = self.__WB_MANIFEST;
const precache = new PrecacheController();
precache.addToCacheList(manifest);

/**
 * How many precache downloads run at once. Workbox's own install fetches one file after
 * another; on a campus network every file then pays the full latency, and 170 files at 400 ms
 * are more than a minute. Six is what a browser opens to one host over HTTP/1.1.
 */
const installConcurrency = 6;

/** Runs `work` over `items`, at most `limit` at a time; the first failure rejects. */
async function inPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

self.addEventListener('install', (event: ExtendableEvent) => {
  // Workbox's cache modes: a file named by its hash may come from the HTTP cache (the page
  // has just loaded most of the shell), one with a revision is asked of the server again.
  const modes = new Map(manifest.map((entry) => (typeof entry === 'string' ? [entry, 'default'] : [entry.url, entry.revision ? 'reload' : 'default'])));
  const pending = [...precache.getURLsToCacheKeys()];
  event.waitUntil(
    inPool(pending, installConcurrency, async ([url, cacheKey]) => {
      const relative = url.startsWith(self.location.origin) ? url.slice(self.location.origin.length + 1) : url;
      const request = new Request(url, { cache: (modes.get(relative) ?? 'default') as RequestCache, credentials: 'same-origin' });
      // The precache strategy skips a file already cached under its key (an update keeps what did not change).
      await Promise.all(precache.strategy.handleAll({ params: { cacheKey }, request, event }));
    }),
  );
});
self.addEventListener('activate', (event: ExtendableEvent) => {
  // Removes the files of the previous version this one no longer lists.
  event.waitUntil(precache.activate(event));
});
registerRoute(new PrecacheRoute(precache));
cleanupOutdatedCaches();

// Every app path (/, /app/profile, /auth/login…) is the single-page app; server paths are not.
registerRoute(
  new NavigationRoute(precache.createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api\//, /^\/uploads\//, /^\/sanctum\//, /^\/mail\//, /^\/manifest\.webmanifest$/],
  }),
);

/**
 * The build's other files (named by their hash, never changed): other languages' catalogs,
 * the rich-text editor, administration and online-only screens, and what the first visit
 * loaded before this worker was in control. Kept from their first download on; the oldest go
 * when there are too many (a new version's files replace an old one's) or storage is short.
 */
const buildFiles = new CacheFirst({
  cacheName: 'patio-build-files-v1',
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 180 * 24 * 60 * 60, purgeOnQuotaError: true }),
  ],
});

/** The colleges' images (logos, heroes, icons): this device's own, and any other one shown. */
const collegeImages = new StaleWhileRevalidate({
  cacheName: 'patio-college-images-v1',
  plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true })],
});

const sameOriginGet = (url: URL, request: Request) => url.origin === self.location.origin && request.method === 'GET';
registerRoute(({ url, request }) => sameOriginGet(url, request) && url.pathname.startsWith('/assets/'), buildFiles);
registerRoute(({ url, request }) => sameOriginGet(url, request) && url.pathname.startsWith('/colleges/'), collegeImages);

/**
 * The page names what this device needs offline beyond the precache (its language's catalog,
 * its college's images, the chunks it loaded before this worker was in control): each one
 * not already kept is fetched now, a few at a time, and the page is told when all are.
 */
async function warm(urls: readonly URL[], event: ExtendableEvent): Promise<{ kept: number; failed: number }> {
  let kept = 0;
  let failed = 0;
  await inPool(urls, installConcurrency, async (url) => {
    if (await precache.matchPrecache(url.href)) return;
    const strategy = url.pathname.startsWith('/assets/') ? buildFiles : collegeImages;
    try {
      await strategy.handle({ request: new Request(url.href, { credentials: 'same-origin' }), event });
      kept++;
    } catch {
      failed++;
    }
  });
  return { kept, failed };
}

/** The college's own icons, from its manifest (served per college: server/colleges/manifest.ts). */
async function manifestIcons(): Promise<URL[]> {
  try {
    const response = await fetch('/manifest.webmanifest', { credentials: 'same-origin' });
    if (!response.ok) return [];
    const { icons } = (await response.json()) as { icons?: { src?: unknown }[] };
    return (icons ?? []).flatMap((icon) => (typeof icon.src === 'string' ? [new URL(icon.src, self.location.origin)] : []));
  } catch {
    return [];
  }
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const request = offlineStartRequest(event.data);
  const port = event.ports[0];
  if (!request || !port) return;
  event.waitUntil(
    (async () => {
      const urls = warmable([...request.urls, ...(await manifestIcons()).map((url) => url.href)], self.location.origin);
      port.postMessage({ type: 'OFFLINE_START_WARMED', ...(await warm(urls, event)) });
    })(),
  );
});

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

/**
 * Attachments of posts kept on the device (src/attachments/keptAttachments.ts: caches named
 * `<database name>-attachments`, under the addresses the screens use): answered from the
 * device's copy when there is one — an attachment's file never changes, and a weak campus
 * network should not be asked for what the device holds — else from the network. The copies
 * go when the member stops keeping them, when the post leaves their audience (the next pass
 * of the posts' background work), and with the database at sign-out.
 */
async function keptAttachment(request: Request): Promise<Response | undefined> {
  const names = (await caches.keys()).filter((name) => name.endsWith('-attachments'));
  for (const name of names) {
    const kept = await (await caches.open(name)).match(request.url, { ignoreVary: true });
    if (kept) return kept;
  }
  return undefined;
}

/**
 * A kept stand-in for a variant the device does not hold (a post's page offers the 1280
 * one to a wide screen, and only those a list shows are kept): the widest kept variant of
 * the same attachment, else its kept file. The page draws it at the size its layout says.
 */
async function keptStandIn(url: URL): Promise<Response | undefined> {
  if (!url.searchParams.has('w')) return undefined;
  const names = (await caches.keys()).filter((name) => name.endsWith('-attachments'));
  for (const name of names) {
    const cache = await caches.open(name);
    const same = (await cache.keys()).map((key) => new URL(key.url)).filter((key) => key.pathname === url.pathname);
    const widest = same.filter((key) => key.searchParams.has('w')).sort((a, b) => Number(b.searchParams.get('w')) - Number(a.searchParams.get('w')))[0];
    const file = same.find((key) => key.searchParams.get('inline') === '1');
    const found = widest ?? file;
    if (found) return cache.match(found.href, { ignoreVary: true });
  }
  return undefined;
}

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && url.pathname.startsWith('/api/v1/attachments/'),
  async ({ request, url }) => {
    const kept = await keptAttachment(request);
    if (kept) return kept;
    try {
      return await fetch(request);
    } catch (error) {
      const standIn = await keptStandIn(url);
      if (standIn) return standIn;
      throw error;
    }
  },
);

// The update prompt's "Reload" asks the waiting worker to take over.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// ---------------------------------------------------------------- Web Push

/**
 * This college's name and icon, from its manifest: the cached copy (above), else fetched
 * once and kept (a push arrives over the network, so it usually is there; the browser does
 * not always fetch the manifest through this worker). Patio's when neither answers soon.
 */
async function brand(): Promise<Brand> {
  try {
    let response = await caches.match('/manifest.webmanifest');
    if (!response) {
      const fetched = await fetch('/manifest.webmanifest', { signal: AbortSignal.timeout(3000) });
      if (!fetched.ok) return defaultBrand;
      await (await caches.open(runtimeCache)).put('/manifest.webmanifest', fetched.clone());
      response = fetched;
    }
    const manifest = (await response.json()) as { name?: unknown; icons?: { src?: unknown; purpose?: unknown }[] };
    const icon = manifest.icons?.find((entry) => entry.purpose === undefined || entry.purpose === 'any')?.src;
    return {
      name: typeof manifest.name === 'string' && manifest.name !== '' ? manifest.name : defaultBrand.name,
      icon: typeof icon === 'string' ? icon : defaultBrand.icon,
    };
  } catch {
    return defaultBrand;
  }
}

/** The unread count on the installed app's icon (Badging API; Chromium on desktop and Android, Safari). */
async function setBadge(count: number): Promise<void> {
  const badging = self.navigator as WorkerNavigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
  try {
    if (count > 0) await badging.setAppBadge?.(count);
    else await badging.clearAppBadge?.();
  } catch {
    // Refused (no installed app, no permission): the badge is a nicety.
  }
}

self.addEventListener('push', (event: PushEvent) => {
  event.waitUntil(
    (async () => {
      const data = decodePushData(event.data);
      if (await alreadyOnScreen(self.clients, data, self.location.origin)) return;
      const shown = notificationOf(data, await brand());
      await self.registration.showNotification(shown.title, shown.options);
      if (shown.badge !== null) await setBadge(shown.badge);
    })(),
  );
});

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const origin = self.location.origin;
  event.waitUntil(openFromNotification(self.clients, pathOfNotification(event.notification.data, origin), origin));
});

/**
 * The push service replaced this browser's subscription (Firefox does, on key rotation or
 * expiry): subscribe again with the same VAPID key and tell the server, proving with the
 * old subscription's endpoint and auth secret that it is this browser (the worker holds no
 * session token; server/push/pushRoutes.ts). Without the old subscription there is no
 * proof: the app sends the new one at its next start (src/push/pushSubscription.ts).
 */
type SubscriptionChangeEvent = ExtendableEvent & { oldSubscription?: PushSubscription | null; newSubscription?: PushSubscription | null };

self.addEventListener('pushsubscriptionchange', (event: Event) => {
  const change = event as SubscriptionChangeEvent;
  change.waitUntil(
    (async () => {
      const old = change.oldSubscription ?? null;
      const applicationServerKey = old?.options.applicationServerKey ?? null;
      const next =
        change.newSubscription ??
        (applicationServerKey ? await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }) : null);
      const oldAuth = old?.getKey('auth');
      if (!old || !next || !oldAuth) return;
      await fetch('/api/v1/push/subscriptions/renew', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ old_endpoint: old.endpoint, old_auth: base64url(oldAuth), subscription: next.toJSON() }),
      });
    })(),
  );
});

function base64url(buffer: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

// A worker only activates on the first install or after that "Reload": then it claims the
// open pages so they are served by the new version at once.
clientsClaim();
