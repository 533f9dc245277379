/**
 * What the screenshot scripts (scripts/screenshots.ts, eventScreenshots.ts,
 * notificationScreenshots.ts) have in common, kept in one place so that the sizes, themes,
 * locales, waits and file names of their pictures cannot drift apart: the combinations
 * they shoot, the browser context of one combination, the sign-in form, the settling of a
 * page before a picture, and the run itself (build, server, browser, clean stop). Each
 * script keeps its own screens and steps. The server process is scripts/serverProcess.ts
 * (used without a browser too); this module is the browser side on top of it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../chromium';
import { startServer, stopServer, waitForServer } from '../serverProcess';

/** The checkout (this file is scripts/lib/). */
export const root = join(import.meta.dirname, '..', '..');

export const devices = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
export type Device = keyof typeof devices;
export const themes = ['light', 'dark'] as const;
export type Theme = (typeof themes)[number];
/** Spanish, and Arabic for right to left. */
export const locales = ['es', 'ar'] as const;
export type Locale = (typeof locales)[number];

/** One picture's device, theme and locale: also the end of its file name. */
export interface Combo {
  device: Device;
  theme: Theme;
  locale: Locale;
}

/** For a step on a page that is there; for a navigation or what the server sends. */
export const waitShort = 10_000;
export const waitLong = 45_000;

/** `<screen>-<device>-<theme>-<locale>.png`, the name every script saves under. */
export function shotName(screen: string, { device, theme, locale }: Combo): string {
  return `${screen}-${device}-${theme}-${locale}.png`;
}

function buildIfMissing(): void {
  if (existsSync(join(root, 'dist', 'index.html'))) return;
  console.log('dist/ is missing: building the app…');
  const build = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build'], { cwd: root, stdio: 'inherit', timeout: 300_000 });
  if (build.status !== 0) throw new Error('vite build failed');
}

/**
 * A browser context for one combination: its viewport (a phone also touch and mobile), its
 * colour scheme and locale, reduced motion, the bounded waits, and the theme and locale
 * stored where the app reads them on start (theme.ts, locales.ts). `options` adds to it
 * (a time zone, for the scripts whose screens show dates).
 */
export async function newContext(browser: Browser, { device, theme, locale }: Combo, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: devices[device],
    deviceScaleFactor: 1,
    isMobile: device === 'phone',
    hasTouch: device === 'phone',
    colorScheme: theme,
    locale,
    ...options,
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(waitShort);
  context.setDefaultNavigationTimeout(waitLong);
  await context.addInitScript(
    ([themeChoice, localeChoice]) => {
      localStorage.setItem('theme', themeChoice);
      localStorage.setItem('locale', localeChoice);
    },
    [theme, locale] as const,
  );
  return context;
}

/** Fills the sign-in form the page shows, sends it, and waits for home (`/app`). */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.locator('input[name="identifier"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/app$/, { timeout: waitLong });
}

/**
 * After signing in: the first download over (its progress chip gone), then the service
 * worker's "ready to work offline" prompt closed, since it would cover the pictures.
 */
export async function afterFirstSync(page: Page): Promise<void> {
  await page.locator('.sync-spinner').waitFor({ state: 'detached', timeout: waitLong });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.locator('.update-prompt button').last().click({ timeout: 3_000 }).catch(() => undefined);
}

/** Until the page is still: its fonts in, no spinner, every finite animation ended. */
async function settle(page: Page): Promise<void> {
  await page.locator('main [aria-busy="true"]').first().waitFor({ state: 'detached', timeout: waitLong });
  await page.locator('.update-prompt button').last().click({ timeout: 1_000 }).catch(() => undefined);
  await page.mouse.move(0, 0);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
}

/**
 * A function that saves what the window shows, once the page is still, as
 * `outDir/<screen>-<device>-<theme>-<locale>.png` (eventScreenshots.ts and
 * notificationScreenshots.ts; screenshots.ts takes whole pages its own way).
 */
export function windowShots(outDir: string): (page: Page, screen: string, combo: Combo) => Promise<void> {
  return async (page, screen, combo) => {
    await settle(page);
    const name = shotName(screen, combo);
    await page.screenshot({ path: join(outDir, name), timeout: waitShort });
    console.log(`  ${name}`);
  };
}

/**
 * Every combination, phone before desktop, light before dark, es before ar; with
 * SHOTS_ONLY=phone-dark,desktop-light-ar only those whose `<device>-<theme>-<locale>`
 * contains one of the parts.
 */
export async function forEachCombo(shoot: (combo: Combo) => Promise<void>): Promise<void> {
  const only = process.env.SHOTS_ONLY?.split(',');
  for (const device of Object.keys(devices) as Device[]) {
    for (const theme of themes) {
      for (const locale of locales) {
        if (only && !only.some((part) => `${device}-${theme}-${locale}`.includes(part))) continue;
        console.log(`${device} ${theme} ${locale}`);
        await shoot({ device, theme, locale });
      }
    }
  }
}

/**
 * The whole run of a script: builds the app when dist/ is missing, makes `outDir`, starts
 * the real server on 127.0.0.1:`port` with a fresh demo database in `dataDir`, launches
 * Chromium once it answers and hands it to `shoot`. The server is stopped by its pid at the
 * end, also when a step fails or the run is interrupted; the process exits 0 or 1.
 */
export function runShots({ port, dataDir, outDir }: { port: number; dataDir: string; outDir: string }, shoot: (browser: Browser) => Promise<void>): void {
  const main = async (): Promise<void> => {
    buildIfMissing();
    mkdirSync(outDir, { recursive: true });
    const server = startServer(root, port, dataDir);
    let browser: Browser | undefined;
    const stopOnSignal = () => {
      void stopServer(server).finally(() => process.exit(130));
    };
    process.once('SIGINT', stopOnSignal);
    process.once('SIGTERM', stopOnSignal);
    try {
      await waitForServer(server, port);
      browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, timeout: 30_000 });
      await shoot(browser);
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
