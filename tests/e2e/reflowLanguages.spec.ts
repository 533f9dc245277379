import type { Locator, Page } from '@playwright/test';
import { appStart, expect, localDbName, test as base } from './fixtures';
import { clippedTexts, lookSeed, sidewaysOverflow } from './reflow';

/**
 * Every screen fits a 320 px phone in every language of the interface (WCAG 1.4.10
 * reflow): no sideways scroll, and no heading or control cut by its own box. The
 * accessibility tour (accessibility.spec.ts) runs axe in Spanish and Arabic; the longer
 * words of the other languages ("Benachrichtigungen", "Terminübersicht") are checked here,
 * without axe, in one browser that signs in once through the API and, language after
 * language, moves from screen to screen inside the app (no page load per screen).
 *
 * German, whose words are the longest, in every run; of the other six, two a run, taken in
 * turn with the day's seed (lookSeed in reflow.ts, as the accessibility tour's looks), so
 * every language is checked every third day: all seven in every run took over a minute of
 * browser time (docs/testing.md, the suite's budget). `PATIO_A11Y_SEED=<seed>` replays a run.
 */

const locales = ['en', 'es', 'es-MX', 'fr', 'zh-CN', 'ar', 'de'] as const;
const others = locales.filter((locale) => locale !== 'de');
const seed = lookSeed();
/** This run's languages: German, and the seed's two of the others. */
const checked = ['de', others[(2 * seed) % others.length]!, others[(2 * seed + 1) % others.length]!] as const;

/**
 * The signed-in screens an administrator reaches. `ready`: what shows the screen is drawn,
 * beyond its heading; `sameHeading`: another view of the screen before it, under the same heading.
 */
const screens: readonly { path: string; ready?: (page: Page) => Locator; sameHeading?: boolean }[] = [
  { path: '/app' },
  { path: '/app/profile' },
  { path: '/app/outbox' },
  { path: '/blog/all', ready: (page) => page.locator('main article').first() },
  { path: '/blog/new-post', ready: (page) => page.locator('main form button[type="submit"]').first() },
  { path: '/events', ready: (page) => page.locator('main .agenda') },
  { path: '/events?view=month', ready: (page) => page.locator('main table.month-grid:visible'), sameHeading: true },
  { path: '/events/new-event', ready: (page) => page.locator('main form.event-form') },
  { path: '/notifications' },
  { path: '/college-notifications', ready: (page) => page.locator('main .sent-list').first() },
  { path: '/college-notifications/new-notification', ready: (page) => page.locator('main form.notification-form') },
  { path: '/documentos', ready: (page) => page.locator('main .document-item').first() },
  { path: '/admin/contacts', ready: (page) => page.locator('main .contact-item').first() },
  { path: '/admin/contacts/create', ready: (page) => page.locator('main form button[type="submit"]').first() },
  { path: '/messenger' },
  { path: '/messenger/groups/new', ready: (page) => page.locator('main form button[type="submit"]').first() },
  { path: '/users', ready: (page) => page.locator('main .member-item').first() },
  { path: '/users/new', ready: (page) => page.locator('main form button[type="submit"]').first() },
  { path: '/users/import' },
  { path: '/admin/structure' },
  { path: '/admin/billing' },
  { path: '/admin/integrations' },
  { path: '/statistics' },
  { path: '/admin/messenger/reports' },
  { path: '/admin/messenger/rules', ready: (page) => page.locator('main .messenger-rules-grid') },
  { path: '/admin/privacy', ready: (page) => page.locator('main .privacy-settings-form') },
  { path: '/admin/audit', ready: (page) => page.locator('main .audit-results h2:not(:empty)').first() },
];

const test = base.extend({ viewport: { width: 320, height: 640 }, reducedMotion: 'reduce' });

test.describe.configure({ mode: 'parallel' });

/** Moves to `path` as the app's own links do (the router follows the history), and waits for the new screen. */
async function moveTo(page: Page, path: string, ready?: Locator, sameHeading = false): Promise<void> {
  const here = new URL(page.url());
  if (`${here.pathname}${here.search}` === path) return;
  await page.evaluate(() => document.querySelectorAll('main h1').forEach((heading) => heading.setAttribute('data-left', '')));
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  if (!sameHeading) await expect(page.locator('main h1:not([data-left])').first()).toBeVisible({ timeout: appStart });
  if (ready) await expect(ready).toBeVisible({ timeout: appStart });
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: appStart });
}

/** The page's language from its next load on, as the preferences menu stores it. */
async function choose(page: Page, locale: string): Promise<void> {
  await page.evaluate((locale) => window.localStorage.setItem('locale', locale), locale);
}

// One browser through this run's languages: one sign-in and one first download.
test(`every screen fits a 320 px phone in ${checked.join(', ')}`, async ({ page, signIn, device }) => {
  // A first download and about thirty screens in each of three languages.
  test.slow();
  const findings: string[] = [];
  const check = async (screen: string) => {
    for (const finding of [...(await sidewaysOverflow(page)), ...(await clippedTexts(page))]) findings.push(`${screen}: ${finding}`);
  };

  // The public screens first, before a session is stored.
  await page.goto('/auth/login');
  for (const locale of checked) {
    await choose(page, locale);
    for (const path of ['/', '/auth/login', '/auth/signup-no']) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible({ timeout: appStart });
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await check(`${locale} ${path}`);
    }
  }

  const admin = await signIn.stored('', 'admin@colinas.test');
  for (const locale of checked) {
    await choose(page, locale);
    await page.goto('/app');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await device.waitForSync(localDbName(admin.id));
    for (const { path, ready, sameHeading } of screens) {
      await test.step(`${locale} ${path}`, async () => {
        await moveTo(page, path, ready?.(page), sameHeading);
        await check(`${locale} ${path}`);
      });
    }
  }
  expect(findings).toEqual([]);
});
