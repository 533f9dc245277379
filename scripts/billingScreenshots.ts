/**
 * Screenshots of the billing page's card entry (docs/features/billing.md), for looking at its design: the
 * form with its errors and with a card typed, on a phone (390×844) and a desktop
 * (1280×800), light and dark, in Spanish and in Arabic (right to left). Saves
 * `docs/screenshots/issue-12/<screen>-<device>-<theme>-<locale>.png`.
 *
 *   npm run screenshots:billing      (SHOTS_ONLY=phone-dark,desktop-light-ar for some)
 */
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { forEachCombo, newContext, root, runShots, submitSignIn, waitLong, windowShots, type Combo } from './lib/screenshotKit';

const port = 8626;
const origin = `http://127.0.0.1:${port}`;
const outDir = join(root, 'docs', 'screenshots', 'issue-12');
const shot = windowShots(outDir);

async function billingScreens(browser: Browser, combo: Combo): Promise<void> {
  const context = await newContext(browser, combo);
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/auth/login`);
    await submitSignIn(page, 'admin@colinas.test', 'patio-demo-2026');
    await page.goto(`${origin}/admin/billing`);
    const form = page.locator('.card-entry-form');
    await form.waitFor({ timeout: waitLong });
    await form.locator('input[name="cc-number"]').fill('4242 4242 4242 4241');
    await form.locator('button[type="submit"]').click();
    await page.locator('.field-error').first().waitFor({ timeout: waitLong });
    await shot(page, 'card-errors', combo);

    await form.locator('input[name="cc-name"]').fill(combo.locale === 'ar' ? 'ليلى حداد' : 'Patricia Fuentes');
    await form.locator('input[name="cc-number"]').fill('378282246310005');
    await form.locator('input[name="cc-exp"]').fill('');
    await form.locator('input[name="cc-exp"]').pressSequentially('0930');
    await form.locator('input[name="cc-csc"]').fill('1234');
    await shot(page, 'card-typed', combo);
  } finally {
    await context.close();
  }
}

runShots({ port, dataDir: '.tmp/billing-shots-data', outDir }, (browser) => forEachCombo((combo) => billingScreens(browser, combo)));
