/**
 * Screenshots of notifications (issue 9), for looking at their design: the inbox, an
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
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium';
import { startServer, stopServer, waitForServer } from './serverProcess';

const root = join(import.meta.dirname, '..');
const port = 8623;
const origin = `http://127.0.0.1:${port}`;
const dataDir = '.tmp/notification-shots-data';
const outDir = join(root, 'docs', 'screenshots', 'issue-9');
const email = 'admin@colinas.test';
const password = 'patio-demo-2026';

const devices = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
type Device = keyof typeof devices;
const themes = ['light', 'dark'] as const;
const locales = ['es', 'ar'] as const;

interface Combo {
  device: Device;
  theme: (typeof themes)[number];
  locale: (typeof locales)[number];
}

const waitShort = 10_000;
const waitLong = 45_000;

function buildIfMissing(): void {
  if (existsSync(join(root, 'dist', 'index.html'))) return;
  console.log('dist/ is missing: building the app…');
  const build = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build'], { cwd: root, stdio: 'inherit', timeout: 300_000 });
  if (build.status !== 0) throw new Error('vite build failed');
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

async function shot(page: Page, screen: string, { device, theme, locale }: Combo): Promise<void> {
  await settle(page);
  const name = `${screen}-${device}-${theme}-${locale}.png`;
  await page.screenshot({ path: join(outDir, name), timeout: waitShort });
  console.log(`  ${name}`);
}

async function notificationScreens(browser: Browser, combo: Combo): Promise<void> {
  const context = await browser.newContext({
    viewport: devices[combo.device],
    deviceScaleFactor: 1,
    isMobile: combo.device === 'phone',
    hasTouch: combo.device === 'phone',
    colorScheme: combo.theme,
    locale: combo.locale,
    timezoneId: 'America/Santiago',
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(waitShort);
  context.setDefaultNavigationTimeout(waitLong);
  await context.addInitScript(
    ([theme, locale]) => {
      localStorage.setItem('theme', theme);
      localStorage.setItem('locale', locale);
    },
    [combo.theme, combo.locale] as const,
  );
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/auth/login`);
    await page.locator('input[name="identifier"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(/\/app$/, { timeout: waitLong });
    await page.locator('.sync-spinner').waitFor({ state: 'detached', timeout: waitLong });
    // The service worker's "ready to work offline" prompt would cover the pictures.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.locator('.update-prompt button').last().click({ timeout: 3_000 }).catch(() => undefined);

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

async function main(): Promise<void> {
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
    const only = process.env.SHOTS_ONLY?.split(',');
    for (const device of Object.keys(devices) as Device[]) {
      for (const theme of themes) {
        for (const locale of locales) {
          if (only && !only.some((part) => `${device}-${theme}-${locale}`.includes(part))) continue;
          console.log(`${device} ${theme} ${locale}`);
          await notificationScreens(browser, { device, theme, locale });
        }
      }
    }
  } finally {
    await browser?.close().catch(() => undefined);
    await stopServer(server);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
