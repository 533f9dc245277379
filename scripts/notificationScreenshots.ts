/**
 * Screenshots of notifications (docs/features/notifications.md), for looking at their design: the inbox, an
 * emergency alert open, the form with its confirmation (whom it reaches, what an alert
 * does) and a notification's delivery figures, on a phone (390×844) and a desktop
 * (1280×800), light and dark, in Spanish and in Arabic (right to left). Builds the app when
 * dist/ is missing, serves it with the real server on a fresh demo database, signs in as
 * an administrator (who may send alerts) and saves
 * `docs/screenshots/issue-9/<screen>-<device>-<theme>-<locale>.png` (what the window shows).
 *
 *   npm run screenshots:notifications      (SHOTS_ONLY=phone-dark,desktop-light-ar for some)
 *
 * The server it starts is stopped by its pid at the end, also when a step fails. Every
 * wait is for a state of the page, and bounded.
 */
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { afterFirstSync, forEachCombo, newContext, root, runShots, submitSignIn, waitLong, windowShots, type Combo } from './lib/screenshotKit';

const port = 8623;
const origin = `http://127.0.0.1:${port}`;
const dataDir = '.tmp/notification-shots-data';
const outDir = join(root, 'docs', 'screenshots', 'issue-9');
const email = 'admin@colinas.test';
const password = 'patio-demo-2026';
const shot = windowShots(outDir);

async function notificationScreens(browser: Browser, combo: Combo): Promise<void> {
  const context = await newContext(browser, combo, { timezoneId: 'America/Santiago' });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/auth/login`);
    await submitSignIn(page, email, password);
    await afterFirstSync(page);

    await page.goto(`${origin}/notifications`);
    await page.locator('.notification-list .notification-item').first().waitFor({ timeout: waitLong });
    await shot(page, 'inbox', combo);

    await page.locator('.notification-item.is-emergency .notification-link').first().click();
    await page.locator('[role="dialog"] .notification-details').waitFor({ timeout: waitLong });
    await shot(page, 'alert', combo);

    await page.goto(`${origin}/college-notifications/new-notification`);
    await page.locator('form.notification-form').waitFor({ timeout: waitLong });
    await page.locator('input[name="title"]').fill('Corte de agua: salida anticipada');
    await page.locator('textarea[name="content"]').fill('Hoy las clases terminan a las 12:30. Los estudiantes esperarán en el gimnasio.');
    await page.locator('input[type="radio"][value="college"]').check();
    await page.locator('input[name="emergency"]').check();
    await shot(page, 'form', combo);
    await page.locator('form.notification-form button[type="submit"]').click();
    await page.locator('[role="alertdialog"] .confirm-reach strong').waitFor({ timeout: waitLong });
    await shot(page, 'confirm', combo);

    await page.goto(`${origin}/college-notifications`);
    await page.locator('.sent-list .sent-link').first().waitFor({ timeout: waitLong });
    await shot(page, 'sent', combo);
    await page.locator('.sent-list .sent-item.is-emergency .sent-link').first().click();
    await page.locator('[role="dialog"] .delivery-figures').waitFor({ timeout: waitLong });
    await shot(page, 'delivery', combo);
  } finally {
    await context.close();
  }
}

runShots({ port, dataDir, outDir }, (browser) => forEachCombo((combo) => notificationScreens(browser, combo)));
