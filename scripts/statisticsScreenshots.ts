/**
 * Screenshots of the statistics screen (docs/features/statistics.md): the whole page as an administrator
 * (period, most read posts, documents, hours, timeline, members by role), on a phone
 * (390×844) and a desktop (1280×800), light and dark, in Spanish and in Arabic (right to
 * left). Serves the built app with the real server on a fresh demo database, where a few
 * members sign in and read posts first, and saves
 * `docs/screenshots/issue-12/statistics-<device>-<theme>-<locale>.png`.
 *
 *   npm run screenshots:statistics     (SHOTS_ONLY=phone-dark,desktop-light-ar for some;
 *                                       PATIO_SHOTS_PORT to move the server off 8262)
 */
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { uuidv7 } from '../contract/ids';
import { afterFirstSync, forEachCombo, newContext, root, runShots, shotName, submitSignIn, waitLong, type Combo } from './lib/screenshotKit';

const port = Number(process.env.PATIO_SHOTS_PORT ?? 8262);
const origin = `http://127.0.0.1:${port}`;
const dataDir = '.tmp/statistics-shots-data';
const outDir = join(root, 'docs', 'screenshots', 'issue-12');
let prepared = false;

/** Members sign in (entries) and read the demo posts (reads), so the figures are not empty. */
async function prepare(): Promise<void> {
  if (prepared) return;
  prepared = true;
  const signIn = async (email: string) => {
    const reply = await fetch(`${origin}/api/login-mobile`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'patio-demo-2026' }) });
    return ((await reply.json()) as { token: string }).token;
  };
  const staff = await signIn('staff@colinas.test');
  const list = await fetch(`${origin}/api/v1/posts?per_page=20`, { headers: { authorization: `Bearer ${staff}` } });
  const posts = ((await list.json()) as { data: { id: string }[] }).data;
  for (const [i, email] of ['student@colinas.test', 'guardian@colinas.test', 'admin@colinas.test', 'staff@colinas.test'].entries()) {
    const token = await signIn(email);
    const mutations = posts.slice(0, posts.length - i * 2).map((post) => ({ id: uuidv7(), name: 'posts.view', args: { post_id: post.id } }));
    await fetch(`${origin}/api/v1/sync/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ clientId: `shots-${i}`, mutations }),
    });
  }
}

async function statisticsScreens(browser: Browser, combo: Combo): Promise<void> {
  await prepare();
  const context = await newContext(browser, combo, { timezoneId: 'America/Santiago' });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/auth/login`);
    await submitSignIn(page, 'admin@colinas.test', 'patio-demo-2026');
    await afterFirstSync(page);
    await page.goto(`${origin}/statistics?period=30&bucket=day`);
    await page.locator('.statistics-chart canvas').nth(2).waitFor({ timeout: waitLong });
    await page.locator('.statistics-details summary').first().click();
    await page.waitForTimeout(500);
    const name = shotName('statistics', combo);
    await page.screenshot({ path: join(outDir, name), fullPage: true });
    console.log(`  ${name}`);
  } finally {
    await context.close();
  }
}

runShots({ port, dataDir, outDir }, (browser) => forEachCombo((combo) => statisticsScreens(browser, combo)));
