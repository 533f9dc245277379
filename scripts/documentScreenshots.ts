/**
 * Screenshots of the documents library (docs/features/documents.md), for looking at their design: the
 * library, a category, the storage panel, an upload in progress and a news category kept on
 * the device, on a phone (390×844)
 * and a desktop (1280×800), light and dark, in Spanish and in Arabic (right to left).
 * Builds the app when dist/ is missing, serves it with the real server on a fresh demo
 * database, signs in as an administrator and saves
 * `docs/screenshots/issue-10/<screen>-<device>-<theme>-<locale>.png` (what the window shows).
 *
 *   npm run screenshots:documents      (SHOTS_ONLY=phone-dark,desktop-light-ar for some)
 *
 * The server it starts is stopped by its pid at the end, also when a step fails. Every
 * wait is for a state of the page, and bounded.
 */
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { afterFirstSync, forEachCombo, newContext, root, runShots, submitSignIn, waitLong, windowShots, type Combo } from './lib/screenshotKit';

const port = 8624;
const origin = `http://127.0.0.1:${port}`;
const dataDir = '.tmp/document-shots-data';
const outDir = join(root, 'docs', 'screenshots', 'issue-10');
const email = 'admin@colinas.test';
const password = 'patio-demo-2026';
const shot = windowShots(outDir);

async function documentScreens(browser: Browser, combo: Combo): Promise<void> {
  const context = await newContext(browser, combo, { timezoneId: 'America/Santiago' });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/auth/login`);
    await submitSignIn(page, email, password);
    await afterFirstSync(page);

    await page.goto(`${origin}/documentos`);
    await page.locator('.document-list .document-item').first().waitFor({ timeout: waitLong });
    await shot(page, 'library', combo);

    const panel = page.locator('.storage-panel');
    await panel.waitFor({ timeout: waitLong });
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'storage', combo);

    await page.locator('.documents-toolbar .category-tab:visible').nth(1).click();
    await page.locator('.document-list .document-item').first().waitFor({ timeout: waitLong });
    await shot(page, 'category', combo);

    // An upload in progress: two files queued on a slow uplink (48 kB/s), shot once the
    // first has passed a fifth; its bytes are a PDF's, the rest filler.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 48 * 1024 });
    await page.locator('.documents-actions button').last().click();
    const dialog = page.locator('[role="dialog"]');
    const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.4\n%âãÏÓ\n'), Buffer.alloc(2 * 1024 * 1024, 0x20)]) });
    await dialog.locator('input[type="file"]').setInputFiles([pdf('Horario 2° semestre.pdf'), pdf('Rúbrica de evaluación — Historia.pdf')]);
    await dialog.locator('select').first().selectOption({ index: 1 });
    await dialog.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: 'detached', timeout: waitLong });
    const bar = page.locator('[role="progressbar"]').first();
    await bar.waitFor({ timeout: waitLong });
    for (let i = 0; i < 600 && Number(await bar.getAttribute('aria-valuenow')) < 20; i++) await page.waitForTimeout(100);
    await bar.scrollIntoViewIfNeeded();
    await shot(page, 'upload', combo);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    // A news category kept on the device: its photos downloaded with its posts.
    await page.goto(`${origin}/blog/noticias`);
    await page.locator('.kept-news button').first().click();
    await page.locator('.kept-news .on-device-badge').waitFor({ timeout: waitLong });
    await shot(page, 'news-kept', combo);
  } finally {
    await context.close();
  }
}

runShots({ port, dataDir, outDir }, (browser) => forEachCombo((combo) => documentScreens(browser, combo)));
