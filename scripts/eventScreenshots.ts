/**
 * Screenshots of the school calendar (docs/features/events.md), for looking at its design: the agenda, the
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
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { afterFirstSync, forEachCombo, newContext, root, runShots, submitSignIn, waitLong, windowShots, type Combo } from './lib/screenshotKit';

const port = 8393;
const origin = `http://127.0.0.1:${port}`;
const dataDir = '.tmp/event-shots-data';
const outDir = join(root, 'docs', 'screenshots', 'issue-8');
const email = 'staff@colinas.test';
const password = 'patio-demo-2026';
/** A demo event with a place, a description and an audience by grade (server/events/seed.ts). */
const detailsEvent = 'Reunión de apoderados de 1° Básico';
const shot = windowShots(outDir);

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

async function calendarScreens(browser: Browser, combo: Combo, eventId: string): Promise<void> {
  const context = await newContext(browser, combo, { timezoneId: 'America/Santiago' });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/auth/login`);
    await submitSignIn(page, email, password);
    // The first download: home's coming events are there (and then the progress chip goes).
    await page.locator('.upcoming-item').first().waitFor({ timeout: waitLong });
    await afterFirstSync(page);

    await page.goto(`${origin}/events`);
    await page.locator('.agenda .event-item').first().waitFor({ timeout: waitLong });
    await shot(page, 'agenda', combo);

    await page.goto(`${origin}/events?view=month`);
    await page.locator('.month-grid:visible .month-day-events').first().waitFor({ timeout: waitLong });
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

runShots({ port, dataDir, outDir }, async (browser) => {
  const eventId = await demoEventId(detailsEvent);
  await forEachCombo((combo) => calendarScreens(browser, combo, eventId));
});
