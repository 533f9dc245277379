/**
 * Screenshots of the school calendar (issue 8), for looking at its design: the agenda, the
 * month grid, an event's details and the new-event form with its date picker open, on a
 * phone (390×844) and a desktop (1280×800), light and dark, in Spanish and in Arabic (right
 * to left). Builds the app when dist/ is missing, serves it with the real server on a fresh
 * demo database, signs in as staff and saves
 * `docs/screenshots/issue-8/<screen>-<device>-<theme>-<locale>.png` (what the window shows).
 *
 *   npm run screenshots:events      (SHOTS_ONLY=phone-dark,desktop-light-ar for some)
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
const port = 8393;
const origin = `http://127.0.0.1:${port}`;
const dataDir = '.tmp/event-shots-data';
const outDir = join(root, 'docs', 'screenshots', 'issue-8');
const email = 'staff@colinas.test';
const password = 'patio-demo-2026';
/** A demo event with a place, a description and an audience by grade (server/events/seed.ts). */
const detailsEvent = 'Reunión de apoderados de 1° Básico';

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

/** The id of a demo event, read over REST as the staff member. */
async function demoEventId(name: string): Promise<string> {
  const login = await fetch(`${origin}/api/login-mobile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const list = await fetch(`${origin}/api/v1/events`, { headers: { authorization: `Bearer ${token}` } });
  const { data } = (await list.json()) as { data: { id: string; name: string }[] };
  const found = data.find((event) => event.name === name);
  if (!found) throw new Error(`no demo event named ${name}`);
  return found.id;
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

async function calendarScreens(browser: Browser, combo: Combo, eventId: string): Promise<void> {
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
    // The first download: home's coming events are there and the progress chip has gone.
    await page.locator('.upcoming-item').first().waitFor({ timeout: waitLong });
    await page.locator('.sync-spinner').waitFor({ state: 'detached', timeout: waitLong });
    // The service worker's "ready to work offline" prompt would cover the pictures.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.locator('.update-prompt button').last().click({ timeout: 3_000 }).catch(() => undefined);

    await page.goto(`${origin}/events`);
    await page.locator('.agenda .event-item').first().waitFor({ timeout: waitLong });
    await shot(page, 'agenda', combo);

    await page.goto(`${origin}/events?view=month`);
    await page.locator('.month-grid .month-day-events').first().waitFor({ timeout: waitLong });
    await shot(page, 'month', combo);

    await page.goto(`${origin}/events?event=${eventId}`);
    await page.locator('[role="dialog"] .event-details').waitFor({ timeout: waitLong });
    await shot(page, 'details', combo);

    await page.goto(`${origin}/events/new-event`);
    await page.locator('form.event-form').waitFor({ timeout: waitLong });
    await page.locator('form.event-form input[name="name"]').fill('Reunión de apoderados de 3° Básico');
    await page.locator('.date-field .picker-button').first().click();
    await page.locator('.date-popover [role="grid"]').waitFor();
    await shot(page, 'form', combo);
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
    const eventId = await demoEventId(detailsEvent);
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, timeout: 30_000 });
    const only = process.env.SHOTS_ONLY?.split(',');
    for (const device of Object.keys(devices) as Device[]) {
      for (const theme of themes) {
        for (const locale of locales) {
          if (only && !only.some((part) => `${device}-${theme}-${locale}`.includes(part))) continue;
          console.log(`${device} ${theme} ${locale}`);
          await calendarScreens(browser, { device, theme, locale }, eventId);
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
