/**
 * The browser side of scripts/screenshots.ts: the looks a picture is taken in, a browser
 * context for one look (signed in through the API when the sign-in is not the picture),
 * the settling of a page before a picture, the picture itself (the window, made small with
 * sharp) and the run (the real server, Chromium, a clean stop). The server process is
 * scripts/serverProcess.ts.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { chromiumArgs, chromiumPath } from '../chromium';
import { startServer, stopServer, waitForServer } from '../serverProcess';

/** The checkout (this file is scripts/lib/). */
export const root = join(import.meta.dirname, '..', '..');

/** A phone, a desktop, and the narrowest phone still in use (for long German words). */
const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
  small: { width: 320, height: 640 },
} as const;
type Device = keyof typeof viewports;

/** `<device>-<theme>-<locale>`, the end of a picture's file name: `phone-light-es`. */
export type Look = `${Device}-${'light' | 'dark'}-${'es' | 'ar' | 'de'}`;

/** Every look a picture is made in: the eight of phone and desktop, light and dark, Spanish and Arabic, and German at 320 px. */
export const allLooks: readonly Look[] = [
  'phone-light-es',
  'phone-dark-es',
  'phone-light-ar',
  'phone-dark-ar',
  'desktop-light-es',
  'desktop-dark-es',
  'desktop-light-ar',
  'desktop-dark-ar',
  'small-light-de',
];

/** For a step on a page that is there; for a navigation or what the server sends. */
export const waitShort = 10_000;
export const waitLong = 45_000;

export interface Member {
  token: string;
  user: { id: string };
}

/** Signs in as the app does (`POST /api/login-mobile`): the token and the user it caches. */
export async function apiSignIn(origin: string, email: string, password: string): Promise<Member> {
  const reply = await fetch(`${origin}/api/login-mobile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!reply.ok) throw new Error(`signing in as ${email} answered ${reply.status}`);
  return (await reply.json()) as Member;
}

/**
 * A browser context in one look: its viewport (a phone's also touch and mobile), colour
 * scheme, locale, Santiago's time zone (the demo college's), reduced motion, bounded waits;
 * the theme and language stored where the app reads them on start (src/theme/, src/i18n/),
 * and, for a member, the token and user where src/session/tokenStorage.ts and userCache.ts
 * keep them (local storage, and the cookie that photos are read with), so the app at
 * `origin` opens signed in.
 */
export async function newContext(browser: Browser, look: Look, origin: string, member?: Member): Promise<BrowserContext> {
  const [device, theme, locale] = look.split('-') as [Device, 'light' | 'dark', string];
  const context = await browser.newContext({
    viewport: viewports[device],
    deviceScaleFactor: 1,
    isMobile: device !== 'desktop',
    hasTouch: device !== 'desktop',
    colorScheme: theme,
    locale,
    timezoneId: 'America/Santiago',
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(waitShort);
  context.setDefaultNavigationTimeout(waitLong);
  const stored: Record<string, string> = { theme, locale };
  if (member) {
    Object.assign(stored, { token: member.token, user: JSON.stringify(member.user) });
    await context.addCookies([{ name: 'token', value: encodeURIComponent(member.token), url: origin }]);
  }
  await context.addInitScript((values) => {
    if (localStorage.getItem('theme') !== null) return;
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, stored);
  return context;
}

/** Closes the service worker's "ready to work offline" prompt when it shows: it covers the pictures. */
export async function closeUpdatePrompt(page: Page, timeout = 1_000): Promise<void> {
  await page
    .locator('.update-prompt button')
    .last()
    .click({ timeout })
    .catch(() => undefined);
}

/** Until the page is still: no spinner in it, fonts and the photos in view in, every finite animation ended. */
async function settle(page: Page): Promise<void> {
  await page.locator('main [aria-busy="true"]').first().waitFor({ state: 'detached', timeout: waitLong });
  await page.locator('.sync-spinner').first().waitFor({ state: 'detached', timeout: waitLong });
  await closeUpdatePrompt(page);
  await page.mouse.move(0, 0);
  await page.evaluate(async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    await document.fonts.ready;
    const inView = [...document.images].filter((image) => image.getBoundingClientRect().top < innerHeight && image.getBoundingClientRect().bottom > 0);
    await Promise.race([Promise.all(inView.map((image) => image.decode().catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 10_000))]);
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
}

/** A picture reduced to a palette of 256 colours: a third of the bytes, and still sharp for text and flat colours. */
export const smallPng = (picture: Buffer): Promise<Buffer> => sharp(picture).png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 }).toBuffer();

/**
 * Saves what the window shows, once the page is still, as `outDir/<screen>-<look>.png`:
 * one CSS pixel a pixel, made small (`smallPng`).
 */
export async function shoot(page: Page, outDir: string, screen: string, look: Look): Promise<void> {
  await settle(page);
  const name = `${screen}-${look}.png`;
  const picture = await page.screenshot({ scale: 'css', animations: 'disabled', caret: 'hide', timeout: waitShort });
  await writeFile(join(outDir, name), await smallPng(picture));
  console.log(`  ${name}`);
}

/**
 * The whole run: the real server on 127.0.0.1:`port` with a fresh demo database in
 * `dataDir`, Chromium once it answers, then `work`. The server is stopped by its pid at
 * the end, also when a step fails or the run is interrupted; the process exits 0 or 1.
 * The app is not built here: `npm run build` first.
 */
export function runShots({ port, dataDir }: { port: number; dataDir: string }, work: (browser: Browser) => Promise<void>): void {
  const main = async (): Promise<void> => {
    if (!existsSync(join(root, 'dist', 'index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
    const server = startServer(root, port, dataDir);
    let browser: Browser | undefined;
    const stopOnSignal = () => void stopServer(server).finally(() => process.exit(130));
    process.once('SIGINT', stopOnSignal);
    process.once('SIGTERM', stopOnSignal);
    try {
      await waitForServer(server, port);
      browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, timeout: 30_000 });
      await work(browser);
    } finally {
      await browser?.close().catch(() => undefined);
      await stopServer(server);
    }
  };
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
