import type { Page } from '@playwright/test';
import { appStart, expect, PreferencesMenu, test } from './fixtures';

/**
 * Every entry a role may use is on screen at every width, in Spanish, English and Arabic
 * (right to left): in the side bar on wide screens, in the tab bar or its "More" on phones
 * and tablets (src/app/AppNavigation.tsx), never behind a sideways scroll, and each is
 * reached with the keyboard. Checked by the boxes of the links, not by pixels: one page per
 * role, signed in through the API, its window resized and its language chosen in the
 * language menu, on the outbox (a screen with few controls of its own, so Tab soon reaches
 * the tab bar).
 */

const everyone = ['/app', '/blog/all', '/events', '/messenger', '/notifications', '/documentos', '/admin/contacts'];
const roles = {
  admin: { email: 'admin@colinas.test', entries: [...everyone, '/statistics', '/admin', '/app/outbox', '/app/profile'] },
  staff: { email: 'staff@colinas.test', entries: [...everyone, '/statistics', '/app/outbox', '/app/profile'] },
  student: { email: 'student@colinas.test', entries: [...everyone, '/app/outbox', '/app/profile'] },
  guardian: { email: 'guardian@colinas.test', entries: [...everyone, '/app/outbox', '/app/profile'] },
} as const;

const widths = [360, 768, 1024, 1280, 1920] as const;
/** A phone, a tablet upright, laptops and a desktop monitor. */
const heightOf = (width: number) => (width === 360 ? 740 : width === 768 ? 1024 : 800);
const languages = [
  { locale: 'es', autonym: 'Español' },
  { locale: 'en', autonym: 'English' },
  { locale: 'ar', autonym: 'العربية' },
] as const;

/** Where the page could not be read as the check wants it, one line each (empty when all is well). */
interface Geometry {
  problems: string[];
  shown: string[];
}

/**
 * The entries drawn now (the side bar's, or the tab bar's and, when open, "More"'s): each
 * whole inside the window, its text not cut, not covered by anything else; and the page
 * no wider than the window.
 */
function geometry(page: Page): Promise<Geometry> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.scrollingElement!;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page is ${root.scrollWidth} px wide in ${root.clientWidth} px`);
    const links = [...document.querySelectorAll<HTMLAnchorElement>('.sidebar-nav a, .tabbar > a, .tabbar-more a')].filter((link) => link.checkVisibility());
    for (const link of links) {
      const name = link.getAttribute('href');
      const box = link.getBoundingClientRect();
      if (box.left < 0 || box.top < 0 || box.right > window.innerWidth + 0.5 || box.bottom > window.innerHeight + 0.5) {
        problems.push(`${name} is at ${Math.round(box.left)},${Math.round(box.top)}–${Math.round(box.right)},${Math.round(box.bottom)}`);
      }
      if (link.scrollWidth > link.clientWidth + 1) problems.push(`${name}'s text needs ${link.scrollWidth} px, has ${link.clientWidth}`);
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!hit || !link.contains(hit)) problems.push(`${name} is covered by ${hit?.className || hit?.tagName}`);
    }
    return { problems, shown: links.map((link) => link.getAttribute('href')!) };
  });
}

/** What has the keyboard focus: a navigation entry's address, "More", or something else. */
function focused(page: Page): Promise<{ href: string | null; more: boolean; ring: boolean }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const inNav = element?.closest('.sidebar-nav, .tabbar');
    return {
      href: inNav && element?.tagName === 'A' ? element.getAttribute('href') : null,
      more: element?.matches('.tabbar-more-button') ?? false,
      ring: element ? element.matches(':focus-visible') && getComputedStyle(element).outlineStyle !== 'none' : false,
    };
  });
}

/**
 * From the page's first control (the skip link), Tab until every entry has had the focus,
 * opening "More" with Enter when Tab reaches it and closing it with Escape at the end: the
 * focus goes back to "More". Checks the boxes while "More" is open.
 */
async function walkWithKeyboard(page: Page, entries: readonly string[], where: string): Promise<void> {
  await page.locator('.skip-link').focus();
  const reached = new Set<string>();
  let opened = false;
  for (let presses = 0; presses < 60 && reached.size < entries.length; presses++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (now.more && !opened) {
      await page.keyboard.press('Enter');
      await expect(page.locator('.tabbar-more'), `"More" opens with Enter (${where})`).toBeVisible();
      opened = true;
      const open = await geometry(page);
      expect(open.problems, `with "More" open (${where})`).toEqual([]);
      expect([...open.shown].sort(), `every entry in the tab bar or "More" (${where})`).toEqual([...entries].sort());
    }
    if (now.href) {
      expect(now.ring, `a focus ring on ${now.href} (${where})`).toBe(true);
      reached.add(now.href);
    }
  }
  expect([...reached].sort(), `every entry reached with Tab (${where})`).toEqual([...entries].sort());
  if (opened) {
    await page.keyboard.press('Escape');
    await expect(page.locator('.tabbar-more'), `Escape closes "More" (${where})`).toBeHidden();
    expect((await focused(page)).more, `the focus is back on "More" (${where})`).toBe(true);
  }
}

test.describe.configure({ mode: 'parallel' });

for (const [role, { email, entries }] of Object.entries(roles)) {
  test(`shows ${role} every entry at every width, in Spanish, English and Arabic, and reaches each with the keyboard`, async ({ page, signIn }) => {
    await signIn.stored('', email);
    await page.goto('/app/outbox');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: appStart });
    const preferences = new PreferencesMenu(page);
    for (const { locale, autonym } of languages) {
      if ((await page.locator('html').getAttribute('lang')) !== locale) await preferences.chooseLanguage(autonym);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      for (const width of widths) {
        const where = `${role}, ${width} px, ${locale}`;
        await page.setViewportSize({ width, height: heightOf(width) });
        const wide = width >= 960;
        await expect(page.locator(wide ? '.sidebar-nav' : '.tabbar'), where).toBeVisible();
        // Once the layout has settled at this width (a resize or a new language lays it out again).
        await expect.poll(async () => (await geometry(page)).problems, { message: where }).toEqual([]);
        const closed = await geometry(page);
        // Wide: all of them in the side bar; narrow: the tab bar's, the rest under "More".
        if (wide) expect([...closed.shown].sort(), where).toEqual([...entries].sort());
        else expect(closed.shown, where).toEqual(entries.slice(0, 4));
        await walkWithKeyboard(page, entries, where);
      }
    }
  });
}
