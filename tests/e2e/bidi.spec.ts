import type { Locator, Page } from '@playwright/test';
import { appStart, expect, syncDone, test, uniqueTitle, type PostsApi } from './fixtures';

/**
 * Right to left done right (docs/features/app-shell.md): values written left to right keep their order in
 * Arabic, and what people write lines up by its own direction whatever the interface's.
 * These read the layout Chromium made (where each character and each line ends up), not
 * only the attributes.
 */

/** The characters of `text` inside the element, in the order they stand on screen from left to right. */
async function onScreenLeftToRight(element: Locator, text: string): Promise<string | null> {
  return element.evaluate((root, wanted) => {
    const chars: { node: Text; offset: number }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const textNode = node as Text;
      for (let offset = 0; offset < textNode.data.length; offset++) chars.push({ node: textNode, offset });
    }
    const start = chars
      .map(({ node, offset }) => node.data[offset])
      .join('')
      .indexOf(wanted);
    if (start < 0) return null;
    return chars
      .slice(start, start + wanted.length)
      .map(({ node, offset }) => {
        const range = document.createRange();
        range.setStart(node, offset);
        range.setEnd(node, offset + 1);
        return { char: node.data[offset], x: range.getBoundingClientRect().left };
      })
      .sort((a, b) => a.x - b.x)
      .map(({ char }) => char)
      .join('');
  }, text);
}

/**
 * The element's direction and how far its first line of text stands from the left and
 * right edges of its content box: a left-aligned line has no gap on the left.
 */
async function firstLine(element: Locator): Promise<{ direction: string; fromLeft: number; fromRight: number }> {
  return element.evaluate((el) => {
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    const left = box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
    const right = box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
    const range = document.createRange();
    range.selectNodeContents(el);
    // A line of mixed scripts is several boxes: the first line is all those at its height.
    const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
    const top = Math.min(...rects.map((rect) => rect.top));
    const line = rects.filter((rect) => rect.top - top < 4);
    const lineLeft = Math.min(...line.map((rect) => rect.left));
    const lineRight = Math.max(...line.map((rect) => rect.right));
    return { direction: style.direction, fromLeft: Math.round(lineLeft - left), fromRight: Math.round(right - lineRight) };
  });
}

async function expectLinedUp(element: Locator, direction: 'ltr' | 'rtl'): Promise<void> {
  const line = await firstLine(element);
  expect(line.direction).toBe(direction);
  // The text starts at its own side and leaves room at the other (short texts, wide screen).
  if (direction === 'ltr') {
    expect(line.fromLeft).toBeLessThanOrEqual(1);
    expect(line.fromRight).toBeGreaterThan(100);
  } else {
    expect(line.fromRight).toBeLessThanOrEqual(1);
    expect(line.fromLeft).toBeGreaterThan(100);
  }
}

/** A post for the whole school, made on the server by the administrator; returns its id. */
async function publish(postsApi: PostsApi, title: string, text: string): Promise<string> {
  const admin = await postsApi.signIn('admin@colinas.test');
  const reference = await postsApi.reference(admin);
  const post = await postsApi.create(admin, {
    title,
    content: `<p>${text}</p>`,
    category_id: reference.categories[0]!.id,
    scope: 'everyone',
    ...postsApi.everywhere(reference),
  });
  return post.id;
}

/**
 * The language the next screens open in, stored as the language menu stores it (that
 * menu has its own story in preferences.spec.ts).
 */
async function chooseLanguage(page: Page, locale: 'ar' | 'es'): Promise<void> {
  await page.evaluate((chosen) => window.localStorage.setItem('locale', chosen), locale);
}

function card(page: Page, title: string): Locator {
  return page.getByRole('article').filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

test.describe('in the Arabic interface', () => {
  test('the sign-in shows the RUT and email examples in their own order, in a field written left to right', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('locale', 'ar'));
    await page.goto('/auth/login');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl', { timeout: appStart });
    const identifier = page.locator('input[name="identifier"]');
    await expect(identifier).toBeVisible({ timeout: appStart });
    await expect(identifier).toHaveAttribute('dir', 'ltr');
    // Lined up with the other fields, on the start (right) side of the form.
    await expect(identifier).toHaveCSS('text-align', 'right');

    // The examples are what the field announces as its description.
    const hint = page.locator(`[id="${await identifier.getAttribute('aria-describedby')}"]`);
    await expect(hint).toContainText('12.345.678-5');
    await expect(hint.getByText('12.345.678-5', { exact: true })).toHaveAttribute('dir', 'ltr');
    expect(await onScreenLeftToRight(hint, '12.345.678-5')).toBe('12.345.678-5');
    expect(await onScreenLeftToRight(hint, 'name@example.com')).toBe('name@example.com');
  });

  test('an English post lines up on the left, and the profile keeps RUT, email and phone left to right', async ({ page, postsApi, signIn }) => {
    test.slow();
    const title = uniqueTitle('Field trip');
    const text = 'Bring a jacket and lunch.';
    const id = await publish(postsApi, title, text);

    // Signed in (in English: the fixtures' page objects use its names), then in Arabic.
    await signIn.as('staff@colinas.test', 'Daniel');
    await chooseLanguage(page, 'ar');

    await page.goto('/blog/all');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const post = card(page, title);
    await expect(post).toBeVisible({ timeout: syncDone });
    await expectLinedUp(post.getByText(text), 'ltr');
    await expectLinedUp(post.getByRole('heading'), 'ltr');

    await page.goto(`/blog/post/${id}`);
    await expectLinedUp(page.getByRole('heading', { name: title, level: 1 }), 'ltr');
    await expectLinedUp(page.getByText(text), 'ltr');

    await page.goto('/app/profile');
    for (const name of ['email', 'rut', 'phone']) {
      const field = page.locator(`input[name="${name}"]`);
      await expect(field).toHaveAttribute('dir', 'ltr', { timeout: appStart });
      await expect(field).toHaveCSS('text-align', 'right');
    }
  });
});

test('an Arabic post lines up on the right in the Spanish interface', async ({ page, postsApi, signIn }) => {
  test.slow();
  const tag = uniqueTitle('x').split(' ')[1]!;
  const title = `رحلة إلى المتحف ${tag}`;
  const text = 'أحضروا الغداء وسترة.';
  const id = await publish(postsApi, title, text);

  await signIn.as('staff@colinas.test', 'Daniel');
  await chooseLanguage(page, 'es');

  await page.goto('/blog/all');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const post = card(page, title);
  await expect(post).toBeVisible({ timeout: syncDone });
  await expectLinedUp(post.getByText(text), 'rtl');
  await expectLinedUp(post.getByRole('heading'), 'rtl');

  await page.goto(`/blog/post/${id}`);
  await expectLinedUp(page.getByRole('heading', { name: title, level: 1 }), 'rtl');
  await expectLinedUp(page.getByText(text), 'rtl');
});
