import { readFile } from 'node:fs/promises';
import { escapeHtml } from '../colleges/collegePage';

/** One chunk of Vite's build manifest (`dist/.vite/manifest.json`, `build.manifest`). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/**
 * The code of the first screen a path shows, as the sources Vite's manifest names (src/app/router.tsx
 * loads each screen lazily). Without a hint the browser finds a screen's chunk only after the
 * main script has run, and its imports one round trip later: on a slow network that waterfall
 * is most of the time to the first paint. A signed-in visitor (the `token` cookie,
 * src/storage/tokenStorage.ts) of the landing or the sign-in is sent to home, so gets home's
 * code. Feature screens are not listed: their code comes from the service worker's cache on
 * every visit after the first. tests/server/staticDelivery.test.ts checks each source is in
 * the build.
 */
const publicScreens: [path: RegExp, sources: string[]][] = [
  [/^\/$/, ['src/features/landing/LandingRoute.ts']],
  [/^\/auth\/login\/?$/, ['src/features/auth/LoginRoute.ts']],
  [/^\/auth\/signup-no\/?$/, ['src/features/auth/SignupRoute.ts']],
  [/^\/auth\/reset-password\/?$/, ['src/features/auth/ResetPasswordRoute.ts']],
  // A mail's link and the single sign-on's way back: often a device's first visit.
  [/^\/auth\/invitation\/?$/, ['src/features/auth/InvitationRoute.ts']],
  [/^\/auth\/sso\/?$/, ['src/features/auth/SsoRoute.ts']],
];
const signedInArea = 'src/app/SignedInArea.tsx';
const home = ['src/features/home/HomeRoute.ts', 'src/features/posts/latestNewsRoute.ts'];
const signedInScreens: [path: RegExp, sources: string[]][] = [
  [/^\/(app\/?|auth\/login\/?)?$/, [signedInArea, ...home]],
  [/^\/app\/profile\/?$/, [signedInArea, 'src/features/profile/ProfileRoute.ts']],
  [/^\/app\/outbox\/?$/, [signedInArea, 'src/features/outbox/OutboxRoute.ts']],
  [/^\/./, [signedInArea]],
];

/** The sources every source of the table above names, for the build check. */
export const screenSources = [...new Set([...publicScreens, ...signedInScreens].flatMap(([, sources]) => sources))];

/** The language catalog's chunk (src/i18n/activateLocale.ts imports it by locale). */
export const catalogSource = (language: string) => `src/locales/${language}/messages.po`;

export function screenSourcesFor(path: string, signedIn: boolean): string[] {
  const table = signedIn ? signedInScreens : publicScreens;
  return table.find(([pattern]) => pattern.test(path))?.[1] ?? [];
}

/**
 * The files to preload for `sources`: their chunks and every chunk they import, and their
 * styles, less what the page loads anyway (`alreadyLoaded`, the entry's own tags).
 */
export function preloadsFor(manifest: ViteManifest, sources: string[], alreadyLoaded: (file: string) => boolean): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk || key === 'index.html') return;
    if (!alreadyLoaded(chunk.file)) scripts.add(chunk.file);
    for (const css of chunk.css ?? []) if (!alreadyLoaded(css)) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) visit(source);
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * The images the first screen paints large, which the browser would find only once the
 * screen is rendered: the landing's hero (a CSS background, its largest paint) and logo.
 */
export function imagesFor(path: string, signedIn: boolean, college: { image: string; logo: string }): string[] {
  return !signedIn && path === '/' ? [college.image, college.logo] : [];
}

/** The tags for `preloadsFor`'s answer, as Vite writes its own (`crossorigin`: module scripts are CORS requests). */
export function preloadTags({ scripts, styles, images = [] }: { scripts: string[]; styles: string[]; images?: string[] }): string {
  return [
    ...images.map((url, i) => `<link rel="preload" as="image" href="${escapeHtml(url)}"${i === 0 ? ' fetchpriority="high"' : ''}>`),
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ].join('\n    ');
}

export async function readManifest(path: string): Promise<ViteManifest> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as ViteManifest;
  } catch {
    // A build without a manifest only loses the hints.
    return {};
  }
}
