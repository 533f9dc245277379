/**
 * Screenshots of the administrators' structure screen (docs/features/structure.md), for looking at its
 * design: the screen with an archived section shown (badge, Restore) and the dialog that
 * adds a section, on a phone (390×844) and a desktop (1280×800), light and dark, in Spanish
 * and in Arabic (right to left). Serves the built app with the real server on a fresh demo
 * database, signs in as an administrator and saves
 * `docs/screenshots/issue-11/structure-<screen>-<device>-<theme>-<locale>.png`.
 *
 *   npm run screenshots:structure      (SHOTS_ONLY=phone-dark,desktop-light-ar for some;
 *                                       PATIO_SHOTS_PORT to move the server off 8211)
 */
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { afterFirstSync, forEachCombo, newContext, root, runShots, submitSignIn, waitLong, windowShots, type Combo } from './lib/screenshotKit';

const port = Number(process.env.PATIO_SHOTS_PORT ?? 8211);
const origin = `http://127.0.0.1:${port}`;
const dataDir = '.tmp/structure-shots-data';
const outDir = join(root, 'docs', 'screenshots', 'issue-11');
const shot = windowShots(outDir);

async function structureScreens(browser: Browser, combo: Combo): Promise<void> {
  const context = await newContext(browser, combo, { timezoneId: 'America/Santiago' });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/auth/login`);
    await submitSignIn(page, 'admin@colinas.test', 'patio-demo-2026');
    await afterFirstSync(page);
    await page.goto(`${origin}/admin/structure?archived=1`);
    await page.locator('.managed-row').first().waitFor({ timeout: waitLong });
    // One archived section (the first run archives it; later ones find it archived).
    const archived = page.locator('.managed-row-archived').first();
    if ((await archived.count()) === 0) {
      await page.locator('.managed-list .managed-list .managed-list .managed-row').nth(1).locator('.managed-row-actions button').last().click();
      await archived.waitFor({ timeout: waitLong });
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'structure', combo);

    await page.locator('.structure-add').nth(1).click();
    const dialog = page.locator('[role="dialog"]');
    await dialog.waitFor({ timeout: waitLong });
    await dialog.locator('input[name="name"]').fill('C');
    await shot(page, 'structure-dialog', combo);
  } finally {
    await context.close();
  }
}

runShots({ port, dataDir, outDir }, (browser) => forEachCombo((combo) => structureScreens(browser, combo)));
