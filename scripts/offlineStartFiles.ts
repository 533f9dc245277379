/**
 * What the service worker precaches: what the first offline start needs, not the whole build
 * (docs/offline-start.md). The shell (index.html, the entry chunk, its imports and styles,
 * boot.js, Patio's own icons) and the screens a member opens offline, each with the chunks and
 * stylesheets it imports statically, read from Vite's build manifest. Everything else (other
 * languages' catalogs, every college's images, the rich-text editor, administration and
 * online-only screens) is cached by the worker on first use, and this device's own language
 * and college images right after the first start (workers/sw.ts, src/pwa/offlineStart.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The lazy modules of the screens a signed-in member can use offline (src/app/router.tsx and
 * the features' ui.tsx): the signed-in area, home, profile and outbox with their sections, the
 * reading screens of News, Events, Notifications, Documents, Contacts and the Messenger, the not-found
 * screen, and what the signed-in area loads at every start (background work, unread counts,
 * toasts, the preferences menu).
 */
export const offlineScreens = [
  'src/app/SignedInArea.tsx',
  'src/features/home/HomeRoute.ts',
  'src/features/posts/latestNewsRoute.ts',
  'src/features/events/upcomingRoute.ts',
  'src/features/notifications/alertsRoute.ts',
  'src/features/members/pendingRoute.ts',
  'src/features/profile/ProfileRoute.ts',
  'src/features/delivery/MyDeliveryCard.tsx',
  'src/features/events/feedRoute.ts',
  'src/features/notifications/quietHoursRoute.ts',
  'src/features/privacy/MyDataCard.tsx',
  'src/features/secondFactor/profileSections.tsx',
  'src/features/outbox/OutboxRoute.ts',
  'src/features/posts/readRoutes.ts',
  'src/features/events/readRoutes.ts',
  'src/features/notifications/readRoutes.ts',
  'src/features/documents/readRoutes.ts',
  'src/features/messenger/readRoutes.ts',
  'src/features/messenger/chatRoute.ts',
  'src/features/contacts/readRoutes.ts',
  'src/features/notFound/NotFoundRoute.ts',
  'src/features/posts/KeptNewsInStep.tsx',
  'src/features/documents/DocumentsBackground.tsx',
  'src/features/messenger/DeliveredMarks.tsx',
  'src/features/messenger/unreadCount.ts',
  'src/features/notifications/unreadCount.ts',
  'src/features/messenger/outboxTitles.ts',
  'src/ui/ToastHost.tsx',
  'src/app/PreferencesMenuContent.tsx',
  // What those screens load on demand offline: the upload queue (its sender is loaded when a
  // queued file is tried, the first time possibly offline) and "Add to calendar".
  'src/features/documents/attachmentQueue.ts',
  'src/api/tusUpload.ts',
  'src/features/events/icsDownload.ts',
  'contract/eventCalendar.ts',
] as const;

/** Files outside `assets/` the shell needs: the page, its pre-paint script, Patio's icons, the offline-start bench's static page. */
const shellFiles = [/^index\.html$/, /^boot\.js$/, /^favicon\.svg$/, /^icons\//, /^bench-static\.html$/];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
  assets?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

export function readViteManifest(dist: string): ViteManifest {
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
}

/** The build files (paths relative to dist/) of the entry and the offline screens, with what each imports statically. */
export function offlineStartFiles(manifest: ViteManifest, screens: readonly string[] = offlineScreens): Set<string> {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry && key.endsWith('index.html'));
  if (!entry) throw new Error('no index.html entry in the Vite manifest');
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest: a screen of scripts/offlineStartFiles.ts was moved or renamed`);
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const dependency of chunk.imports ?? []) visit(dependency);
  };
  for (const key of [entry, ...screens]) visit(key);
  return files;
}

/** Whether a file of the build (relative to dist/) is precached. */
export function isPrecached(file: string, startFiles: ReadonlySet<string>): boolean {
  return startFiles.has(file) || shellFiles.some((pattern) => pattern.test(file));
}

interface ManifestEntry {
  url: string;
  revision: string | null;
  size: number;
}

/**
 * A Workbox `manifestTransforms` step: keeps the precached files of the manifest. Runs after
 * Vite wrote the build, so its manifest is there; the worker (sw.js) itself is in the glob.
 */
export function precacheOnlyOfflineStart(dist: string) {
  return (entries: ManifestEntry[]): { manifest: ManifestEntry[]; warnings: string[] } => {
    const startFiles = offlineStartFiles(readViteManifest(dist));
    const missing = [...startFiles].filter((file) => !entries.some((entry) => entry.url === file));
    return {
      manifest: entries.filter((entry) => isPrecached(entry.url, startFiles)),
      warnings: missing.map((file) => `${file} is an offline screen's file the glob patterns left out`),
    };
  };
}
