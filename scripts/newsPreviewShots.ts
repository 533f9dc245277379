/**
 * Screenshots of the News list that public/boot.js paints before the app's code runs
 * (docs/features/posts.md, "The first news screen"), each beside the app's own list on the same device, to compare:
 * phone (412×823), light in Spanish and dark in Arabic (RTL). Serves the built app (builds
 * it when dist/ is missing) with the real server on a fresh demo database on 127.0.0.1:8392,
 * signs in as staff, opens News (the list keeps its snapshot), then reloads with the app's
 * entry script refused, so the page stays as boot.js drew it. Saves
 * `docs/screenshots/issue-7/news-preview-<theme>-<locale>.png` and `…/news-list-<theme>-<locale>.png`.
 *
 *   node --import tsx scripts/newsPreviewShots.ts
 *
 * The server is stopped by its pid at the end, also when a step fails; every wait is bounded.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium';
import { startServer, stopServer, waitForServer } from './serverProcess';

const root = join(import.meta.dirname, '..');
const port = 8392;
const origin = `http://localhost:${port}`;
const dataDir = '.tmp/news-preview-shots';
const outDir = join(root, 'docs', 'screenshots', 'issue-7');
const combos = [
  { theme: 'light', locale: 'es' },
  { theme: 'dark', locale: 'ar' },
] as const;

async function signIn(page: Page): Promise<void> {
  await page.goto(`${origin}/auth/login`);
  await page.locator('input[autocomplete="username"], input[type="email"], input[name="email"]').first().fill('staff@colinas.test');
  await page.locator('input[type="password"]').first().fill('patio-demo-2026');
  await page.locator('form button[type="submit"]').first().click();
  await page.waitForURL(/\/app$/, { timeout: 45_000 });
}

async function main(): Promise<void> {
  if (!existsSync(join(root, 'dist', 'index.html'))) {
    const build = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build'], { cwd: root, stdio: 'inherit', timeout: 300_000 });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  mkdirSync(outDir, { recursive: true });
  const server = startServer(root, port, dataDir);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
  try {
    await waitForServer(server, port);
    for (const { theme, locale } of combos) {
      // No service worker: the entry script must reach the network to be refused.
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true, colorScheme: theme, locale, reducedMotion: 'reduce', serviceWorkers: 'block' });
      context.setDefaultTimeout(45_000);
      await context.addInitScript(
        ([themeChoice, localeChoice]) => {
          localStorage.setItem('theme', themeChoice);
          localStorage.setItem('locale', localeChoice);
        },
        [theme, locale] as const,
      );
      const page = await context.newPage();
      await signIn(page);
      await page.goto(`${origin}/blog/all`);
      await page.locator('#root .post-list article').first().waitFor();
      await page.waitForFunction(() => localStorage.getItem('newsPreview') !== null, undefined, { timeout: 30_000, polling: 200 });
      await page.locator('.sync-status .spinner').first().waitFor({ state: 'detached', timeout: 30_000 }).catch(() => undefined);
      await page.mouse.move(0, 0);
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(outDir, `news-list-${theme}-${locale}.png`) });

      await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
      await page.reload();
      await page.locator('#boot-preview article').first().waitFor();
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(outDir, `news-preview-${theme}-${locale}.png`) });
      console.log(`news-preview-${theme}-${locale}.png, news-list-${theme}-${locale}.png`);
      await context.close();
    }
  } finally {
    await browser.close();
    await stopServer(server);
    rmSync(join(root, dataDir), { recursive: true, force: true });
  }
}

await main();
