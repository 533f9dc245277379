/**
 * Screenshots of the administrators' integrations screen (docs/features/integrations.md), for looking at its
 * design: the SMTP form with a saved password and a test email's answer, and the mail log
 * (a sent mail and one waiting to retry with the server's error), on a phone (390×844) and a
 * desktop (1280×800), light and dark, in Spanish and in Arabic (right to left). Serves the
 * built app with the real server on a fresh demo database and a loopback SMTP server, and
 * saves `docs/screenshots/issue-12/integrations-<screen>-<device>-<theme>-<locale>.png`.
 *
 *   npm run screenshots:integrations   (SHOTS_ONLY=phone-dark,desktop-light-ar for some;
 *                                       PATIO_SHOTS_PORT to move the server off 8212)
 */
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { afterFirstSync, forEachCombo, newContext, root, runShots, submitSignIn, waitLong, windowShots, type Combo } from './lib/screenshotKit';

const port = Number(process.env.PATIO_SHOTS_PORT ?? 8212);
const origin = `http://127.0.0.1:${port}`;
const dataDir = '.tmp/integrations-shots-data';
const outDir = join(root, 'docs', 'screenshots', 'issue-12');
const shot = windowShots(outDir);
const password = 'patio-demo-2026';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const free = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return free;
}

/** Settings, a mail that failed (a closed port: it waits to retry) and one sent. */
async function prepare(smtpPort: number): Promise<void> {
  const login = await fetch(`${origin}/api/login-mobile`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@colinas.test', password }) });
  const { token } = (await login.json()) as { token: string };
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const settings = { host: '127.0.0.1', security: 'none', username: 'mailer', password: 'a-secret-pass', from_name: 'Colegio Las Colinas', from_address: 'no-reply@colinas.test', reply_to: 'secretaria@colinas.test' };
  const put = (smtp: number) => fetch(`${origin}/api/v1/admin/integrations/smtp`, { method: 'PUT', headers, body: JSON.stringify({ ...settings, port: smtp }) });
  const forgot = (email: string) => fetch(`${origin}/api/forgot-password-user`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
  await put(await freePort());
  await forgot('guardian@colinas.test');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await put(smtpPort);
  await forgot('staff@colinas.test');
  await new Promise((resolve) => setTimeout(resolve, 1000));
}

async function integrationsScreens(browser: Browser, combo: Combo): Promise<void> {
  const context = await newContext(browser, combo, { timezoneId: 'America/Santiago' });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/auth/login`);
    await submitSignIn(page, 'admin@colinas.test', password);
    await afterFirstSync(page);
    await page.goto(`${origin}/admin/integrations`);
    await page.locator('.smtp-password-state').waitFor({ timeout: waitLong });
    await page.locator('input[name="to"]').fill('familias@example.test');
    await page.locator('.smtp-test button[type="submit"]').click();
    await page.locator('.smtp-outcome').waitFor({ timeout: waitLong });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'integrations-form', combo);
    await page.locator('.mail-log').scrollIntoViewIfNeeded();
    await page.locator('.smtp-test').evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await shot(page, 'integrations-log', combo);
  } finally {
    await context.close();
  }
}

runShots({ port, dataDir, outDir }, async (browser) => {
  const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false, onAuth: (_auth, _session, callback) => callback(null, { user: 'mailer' }) });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  try {
    await prepare((smtp.server.address() as { port: number }).port);
    await forEachCombo((combo) => integrationsScreens(browser, combo));
  } finally {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
});
