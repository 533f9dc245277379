/**
 * Screenshots of every screen built so far, for looking at the design (look at
 * what you build): phone and desktop × light and dark × es and ar (RTL). Builds the app
 * when dist/ is missing, serves it with the real server on a fresh demo database, and
 * saves `.tmp/shots/<screen>-<device>-<theme>-<locale>.png`.
 *
 *   node --import tsx scripts/screenshots.ts
 *
 * The server it starts is stopped by its pid at the end, also when a step fails. Every
 * wait is bounded.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { devices, forEachCombo, newContext, root, runShots, shotName, submitSignIn, waitLong, waitShort, type Combo } from './lib/screenshotKit';

const port = 8391;
const origin = `http://127.0.0.1:${port}`;
const dataDir = '.tmp/shots-data';
const outDir = join(root, '.tmp', 'shots');
const email = 'staff@colinas.test';
const password = 'patio-demo-2026';

/** A tiny client of the REST API, as the college's admin (to make and remove posts). */
async function adminApi() {
  const login = await fetch(`${origin}/api/login-mobile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@colinas.test', password }),
  });
  if (!login.ok) throw new Error(`admin sign-in failed: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const list = await fetch(`${origin}/api/v1/posts?per_page=1`, { headers });
  const { data } = (await list.json()) as { data: Record<string, unknown>[] };
  const template = data[0];
  if (!template) throw new Error('the demo college has no posts');
  return {
    /** A post for everyone, made on the server; returns its id. */
    async createPost(title: string): Promise<string> {
      const id = randomUUID();
      const reply = await fetch(`${origin}/api/v1/posts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          id,
          title,
          content: '<p>Reunión de apoderados el jueves a las 18:00 en el gimnasio.</p>',
          category_id: template.category_id,
          course_ids: template.course_ids,
          grade_ids: template.grade_ids,
          section_ids: template.section_ids,
          scope: 'everyone',
        }),
      });
      if (reply.status !== 201) throw new Error(`creating a post failed: ${reply.status} ${await reply.text()}`);
      return id;
    },
    async deletePost(id: string): Promise<void> {
      const reply = await fetch(`${origin}/api/v1/posts/${id}`, { method: 'DELETE', headers: { authorization: headers.authorization } });
      if (reply.status !== 204) throw new Error(`deleting a post failed: ${reply.status}`);
    },
  };
}
type AdminApi = Awaited<ReturnType<typeof adminApi>>;

/**
 * Closes the service worker's prompt when it shows: another build of dist/ during a run
 * makes a "new version" appear, which is not what these pictures are about.
 */
async function dismissUpdatePrompt(page: Page): Promise<void> {
  const prompt = page.locator('.update-prompt');
  if (await prompt.isVisible()) await prompt.locator('button').last().click();
}

/**
 * The first page of a context installs the service worker, whose "ready to work offline"
 * prompt would cover the bottom of the pictures: wait for it (bounded) and close it.
 */
async function afterFirstLoad(page: Page): Promise<void> {
  await page
    .evaluate(() => Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise((resolve) => setTimeout(resolve, 8_000))]))
    .catch(() => undefined);
  await page.locator('.update-prompt').waitFor({ timeout: 3_000 }).catch(() => undefined);
  await dismissUpdatePrompt(page);
}

async function settle(page: Page): Promise<void> {
  // Not "networkidle": signed in, the sync stream keeps a request open.
  await page.waitForLoadState('load', { timeout: 5_000 }).catch(() => undefined);
  await page.locator('.spinner').first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
  await dismissUpdatePrompt(page);
  // No hover state left over from the last click.
  await page.mouse.move(0, 0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Screens fade in; reduced motion shortens it, this covers the rest.
  await page.waitForTimeout(350);
}

async function shot(page: Page, screen: string, combo: Combo): Promise<void> {
  await settle(page);
  const path = join(outDir, shotName(screen, combo));
  // The whole page, with fixed bars where a person sees them (at its ends): the viewport
  // grows to the page's height for the picture, then goes back.
  const viewport = devices[combo.device];
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (height > viewport.height) await page.setViewportSize({ width: viewport.width, height });
  try {
    await page.screenshot({ path, timeout: waitShort });
  } finally {
    if (height > viewport.height) await page.setViewportSize(viewport);
  }
  console.log(`  ${shotName(screen, combo)}`);
}

async function openH1(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('h1').first().waitFor({ state: 'visible' });
}

async function signedOutScreens(browser: Browser, combo: Combo): Promise<void> {
  const context = await newContext(browser, combo);
  try {
    const page = await context.newPage();
    await openH1(page, `${origin}/`);
    await afterFirstLoad(page);
    await shot(page, 'landing', combo);

    await openH1(page, `${origin}/auth/login`);
    await shot(page, 'login', combo);
    await page.locator('form button[type="submit"]').click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await shot(page, 'login-errors', combo);

    await openH1(page, `${origin}/auth/signup-no`);
    await shot(page, 'signup', combo);

    await openH1(page, `${origin}/no-such-page`);
    await shot(page, 'notfound', combo);

    for (const slug of ['british', 'alianza'] as const) {
      await openH1(page, `http://${slug}.localhost:${port}/`);
      await afterFirstLoad(page);
      await shot(page, `landing-${slug}`, combo);
    }
  } finally {
    await context.close();
  }
}

async function signIn(page: Page): Promise<void> {
  await openH1(page, `${origin}/auth/login`);
  await submitSignIn(page, email, password);
  // The initial sync: the progress chip goes away and the latest news appear.
  await page.locator('.post-card').first().waitFor({ timeout: waitLong });
  await page.locator('.sync-spinner').waitFor({ state: 'detached', timeout: waitLong });
}

/**
 * An outbox entry that needs attention, made the way it happens to people: a post edited
 * offline that someone else deleted meanwhile; the server refuses the edit when the
 * device is back online.
 */
async function entryNeedingAttention(page: Page, context: BrowserContext, api: AdminApi, combo: Combo): Promise<void> {
  const id = await api.createPost(`Reunión de apoderados (${combo.device}, ${combo.theme}, ${combo.locale})`);
  await page.goto(`${origin}/blog/post/${id}/edit`);
  const title = page.locator('input[name="title"]');
  await title.waitFor({ timeout: waitLong });
  await expectValue(page, 'input[name="title"]', /Reunión/);
  await context.setOffline(true);
  await title.fill('Reunión de apoderados: cambio de sala al auditorio');
  await dismissUpdatePrompt(page);
  await page.locator('form.post-form button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.endsWith('/edit'), { timeout: waitShort });
  await api.deletePost(id);
  await context.setOffline(false);
  await page.locator('.sync-chip-attention').waitFor({ timeout: waitLong });
}

async function expectValue(page: Page, selector: string, pattern: RegExp): Promise<void> {
  await page.waitForFunction(
    ([s, source]) => new RegExp(source).test(document.querySelector<HTMLInputElement>(s)?.value ?? ''),
    [selector, pattern.source] as const,
    { timeout: waitLong },
  );
}

async function signedInScreens(browser: Browser, combo: Combo, api: AdminApi): Promise<void> {
  const context = await newContext(browser, combo);
  try {
    const page = await context.newPage();
    await signIn(page);
    await afterFirstLoad(page);
    await shot(page, 'home', combo);

    await openH1(page, `${origin}/app/profile`);
    await shot(page, 'profile', combo);

    await openH1(page, `${origin}/blog/all`);
    await page.locator('.post-card').first().waitFor();
    await shot(page, 'news', combo);

    await page.locator('.post-card-link').first().click();
    await page.waitForURL(/\/blog\/post\//);
    await page.locator('h1').first().waitFor();
    await shot(page, 'post', combo);

    await openH1(page, `${origin}/blog/new-post`);
    await page.locator('form.post-form').waitFor();
    await shot(page, 'new-post', combo);
    await dismissUpdatePrompt(page);
    await page.locator('form.post-form button[type="submit"]').click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'new-post-errors', combo);

    await entryNeedingAttention(page, context, api, combo);
    await openH1(page, `${origin}/app/outbox`);
    await page.locator('.outbox-entry-attention').first().waitFor({ timeout: waitLong });
    await shot(page, 'outbox', combo);
  } finally {
    await context.close();
  }
}

runShots({ port, dataDir, outDir }, async (browser) => {
  const api = await adminApi();
  await forEachCombo(async (combo) => {
    await signedOutScreens(browser, combo);
    await signedInScreens(browser, combo, api);
  });
});
