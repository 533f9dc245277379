/**
 * The pictures in docs/screenshots/navigation/: the signed-in navigation (side bar on wide
 * screens, tab bar and "More" on phones) on home and on the administration, for an
 * administrator (the most entries): phone 360×780 and desktop 1280×800, light and dark,
 * Spanish and Arabic, and German at 320 px. Serves the built app on a fresh demo database.
 *
 *   npm run build && node --import tsx scripts/navigationScreenshots.ts
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { apiSignIn, newContext, root, runShots, shoot, waitLong, type Look, allLooks } from './lib/screenshotKit';

const port = Number(process.env.PATIO_SHOTS_PORT ?? 8483);
const origin = `http://127.0.0.1:${port}`;
const outDir = join(root, 'docs', 'screenshots', 'navigation');

async function shootLook(browser: Browser, look: Look): Promise<void> {
  const admin = await apiSignIn(origin, 'admin@colinas.test', 'patio-demo-2026');
  const context = await newContext(browser, look, origin, admin);
  const page = await context.newPage();
  // The brief's phone is 360 px wide (the kit's is 390).
  if (look.startsWith('phone')) await page.setViewportSize({ width: 360, height: 780 });
  for (const [screen, path] of [
    ['home', '/app'],
    ['administration', '/admin'],
  ] as const) {
    await page.goto(`${origin}${path}`);
    await page.locator('main h1').first().waitFor({ timeout: waitLong });
    await shoot(page, outDir, screen, look);
  }
  if (!look.startsWith('desktop')) {
    await page.locator('.tabbar-more-button').click();
    await page.locator('.tabbar-more-link').first().waitFor();
    await shoot(page, outDir, 'more', look);
  }
  await context.close();
}

runShots({ port, dataDir: '.tmp/navigation-shots-data' }, async (browser) => {
  mkdirSync(outDir, { recursive: true });
  for (const look of allLooks) await shootLook(browser, look);
});
