/**
 * Screenshots of the school's directory (docs/features/contacts.md): the list, a contact and the form (with
 * a phone number refused on the device), on a phone (390×844) and a desktop (1280×800),
 * light and dark, in Spanish and in Arabic (right to left): four looks, each combination
 * of size, theme and language seen once per screen. Serves the app with the real server on
 * a fresh demo database, signs in as an administrator and saves
 * `docs/screenshots/issue-11/contacts-<screen>-<device>-<theme>-<locale>.png`.
 *
 *   npm run screenshots:contacts      (SHOTS_ONLY=phone-dark for some)
 */
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { afterFirstSync, forEachCombo, newContext, root, runShots, submitSignIn, waitLong, windowShots, type Combo } from './lib/screenshotKit';

const port = 8209;
const origin = `http://127.0.0.1:${port}`;
const dataDir = '.tmp/contact-shots-data';
const outDir = join(root, 'docs', 'screenshots', 'issue-11');
const shot = windowShots(outDir);
/** Each size with each theme once and each language once (12 images, not 24). */
const looks = new Set(['phone-light-es', 'phone-dark-ar', 'desktop-dark-es', 'desktop-light-ar']);

async function contactScreens(browser: Browser, combo: Combo): Promise<void> {
  if (!looks.has(`${combo.device}-${combo.theme}-${combo.locale}`)) return;
  const context = await newContext(browser, combo);
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/auth/login`);
    await submitSignIn(page, 'admin@colinas.test', 'patio-demo-2026');
    await afterFirstSync(page);

    await page.goto(`${origin}/admin/contacts`);
    await page.locator('.contact-list .contact-item').first().waitFor({ timeout: waitLong });
    await shot(page, 'contacts-list', combo);

    await page.locator('.contact-item-name', { hasText: 'Enfermería' }).click();
    await page.locator('.contact-detail .contact-link').first().waitFor({ timeout: waitLong });
    await shot(page, 'contacts-detail', combo);

    await page.goto(`${origin}/admin/contacts/create`);
    const form = page.locator('form.contact-form');
    await form.waitFor({ timeout: waitLong });
    await form.locator('input[name="name"]').fill('Biblioteca');
    await form.locator('input[name="title"]').fill('Bibliotecaria: Rosa Pérez');
    await form.locator('input[name="email"]').fill('biblioteca@colinas.test');
    await form.locator('input[name="phone"]').fill('+56 2 2345 67 anexo 20');
    await form.locator('button[type="submit"]').click();
    await form.locator('[aria-invalid="true"]').first().waitFor({ timeout: waitLong });
    await shot(page, 'contacts-form', combo);
  } finally {
    await context.close();
  }
}

runShots({ port, dataDir, outDir }, (browser) => forEachCombo((combo) => contactScreens(browser, combo)));
