import type { Locator, Page } from '@playwright/test';
import { appStart, expect, localDbName, test as base, uniqueTitle } from './fixtures';
import { NewNotificationPage } from './notificationsPages';

/**
 * Layouts a phone shows wrong without anyone noticing in a unit test, checked by the boxes the
 * browser lays out (not pixels), at 360 px: the home's card heads and the upcoming events'
 * dates, and the confirmation of a notification, whose title stood against "For:".
 */
const test = base.extend({ viewport: { width: 360, height: 740 }, reducedMotion: 'reduce' });

/** How many lines of text an element takes, from its height and its line height. */
function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
    return Math.round(element.getBoundingClientRect().height / line);
  });
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'laid out').not.toBeNull();
  return found!;
}

async function expectHeadOnItsLines(page: Page, head: Locator): Promise<void> {
  const [title, link] = [head.locator('h2'), head.getByRole('link')];
  // Each on one line: the link goes under the title when both do not fit side by side.
  expect(await linesOf(title)).toBe(1);
  expect(await linesOf(link)).toBe(1);
  const [t, l] = [await box(title), await box(link)];
  expect(l.y >= t.y + t.height - 1 || l.x >= t.x + t.width || l.x + l.width <= t.x, 'the link beside or under the title, not over it').toBe(true);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= document.scrollingElement!.clientWidth)).toBe(true);
}

test('on a phone, the home’s card heads and event dates keep their lines, and a notification’s confirmation spaces its title', async ({
  page,
  signIn,
  device,
}) => {
  const admin = await signIn.stored('', 'admin@colinas.test');

  // The confirmation, in the language of the other stories.
  const form = new NewNotificationPage(page);
  await form.goto();
  await device.waitForSync(localDbName(admin.id));
  await form.fill({ title: 'Reunión de apoderados', message: 'El jueves a las 19:00 en el salón.', audience: 'Everyone in the school' });
  const dialog = await form.review();
  const title = await box(dialog.getByRole('heading', { name: 'Send this notification?' }));
  const audience = await box(dialog.getByText(/^For: /));
  expect(audience.y - (title.y + title.height), 'a gap between the title and "For:"').toBeGreaterThanOrEqual(8);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Home in Spanish, where "mar, 8 dic" and "Ver todas las noticias" used to break anywhere.
  await page.evaluate(() => window.localStorage.setItem('locale', 'es'));
  await page.goto('/app');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const upcoming = page.locator('.upcoming-events');
  await expect(upcoming.locator('.upcoming-item').first()).toBeVisible({ timeout: appStart });
  await expectHeadOnItsLines(page, upcoming.locator('.upcoming-head'));
  await expectHeadOnItsLines(page, page.locator('.latest-news-head'));

  const dates = upcoming.locator('.upcoming-date');
  const count = await dates.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const date = dates.nth(i);
    const parts = date.locator('span');
    // "Hoy" and "Mañana" are one word; any other day is its weekday over its day and month.
    if ((await parts.count()) === 0) {
      expect(await linesOf(date)).toBe(1);
      continue;
    }
    const [weekday, dayMonth] = [parts.nth(0), parts.nth(1)];
    expect(await linesOf(weekday)).toBe(1);
    expect(await linesOf(dayMonth)).toBe(1);
    expect((await box(dayMonth)).y).toBeGreaterThanOrEqual((await box(weekday)).y + (await box(weekday)).height - 1);
  }
});

test('the members list’s filter boxes show their whole choice, on a phone and on a desktop', async ({ page, signIn, device }) => {
  const admin = await signIn.stored('', 'admin@colinas.test');
  await page.goto('/app');
  await page.evaluate(() => window.localStorage.setItem('locale', 'es'));
  await page.goto('/users');
  await device.waitForSync(localDbName(admin.id));
  await expect(page.locator('main .member-item').first()).toBeVisible({ timeout: appStart });
  for (const width of [360, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    // The chosen option's text, measured in the box's font, against the room the box gives it (its arrow aside).
    const cut = await page.locator('.member-filter-row select').evaluateAll((selects) =>
      (selects as HTMLSelectElement[]).flatMap((select) => {
        const style = getComputedStyle(select);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = select.selectedOptions[0]?.textContent ?? '';
        const room = select.clientWidth - Number.parseFloat(style.paddingInlineStart) - Number.parseFloat(style.paddingInlineEnd);
        return context.measureText(text).width > room ? [`${text} (${Math.round(context.measureText(text).width)} > ${Math.round(room)})`] : [];
      }),
    );
    expect(cut, `at ${width} px`).toEqual([]);
    await expect(page.getByRole('combobox', { name: 'Sede' })).toBeVisible();
  }
});

test('a delivery report’s figures keep their counts on one line, level across each row of tiles', async ({ page, signIn, postsApi }) => {
  const admin = await postsApi.signIn('admin@colinas.test');
  const reference = await postsApi.reference(admin);
  const post = await postsApi.create(admin, {
    title: uniqueTitle('Salida pedagógica'),
    content: '<p>El jueves salimos a las 9:00.</p>',
    category_id: reference.categories[0]!.id,
    scope: 'guardians',
    ...postsApi.everywhere(reference),
  });
  await signIn.stored('', 'admin@colinas.test');
  await page.goto('/app');
  await page.evaluate(() => window.localStorage.setItem('locale', 'es'));
  await page.goto(`/blog/post/${post.id}`);
  const tiles = page.locator('.delivery-figures .delivery-figure');
  await expect(tiles.first()).toBeVisible({ timeout: appStart });
  for (const width of [320, 360, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    // Spanish terms take two or three lines beside each other ("No enviado: no hay servidor de correo configurado").
    const rows = await tiles.evaluateAll((elements) => {
      const byRow = new Map<number, { count: number; lines: number }[]>();
      for (const tile of elements) {
        const count = tile.querySelector('dd')!;
        const style = getComputedStyle(count);
        const top = Math.round(tile.getBoundingClientRect().top);
        const box = count.getBoundingClientRect();
        byRow.set(top, [...(byRow.get(top) ?? []), { count: Math.round(box.top), lines: Math.round(box.height / Number.parseFloat(style.lineHeight)) }]);
      }
      return [...byRow.values()];
    });
    expect(rows.length, `at ${width} px`).toBeGreaterThan(0);
    for (const row of rows) {
      expect(new Set(row.map((tile) => tile.count)).size, `counts level at ${width} px`).toBe(1);
      expect(
        row.every((tile) => tile.lines === 1),
        `each count on one line at ${width} px`,
      ).toBe(true);
    }
  }
});
