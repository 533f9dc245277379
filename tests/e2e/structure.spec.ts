import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, installedApp, localDbName, test, type PostsApi, uniqueTitle } from './fixtures';

/** The administrators' structure screen (`/admin/structure`). */
function structurePage(page: Page) {
  return {
    heading: page.getByRole('heading', { name: 'School structure', level: 1 }),
    row: (name: string) =>
      page
        .locator('.managed-row')
        .filter({ has: page.locator('.managed-row-name', { hasText: new RegExp(`^${name}$`) }) })
        .first(),
  };
}

async function categoryOptions(page: Page): Promise<string[]> {
  await page.goto('/blog/new-post');
  const select = page.getByLabel('Category');
  await expect(select).toBeVisible({ timeout: 45_000 });
  return select.locator('option').allTextContents();
}

async function categoryIdNamed(postsApi: PostsApi, name: string): Promise<string | undefined> {
  const staff = await postsApi.signIn('staff@colinas.test');
  return (await postsApi.reference(staff)).categories.find((category) => category.name === name)?.id;
}

test.describe('on an installed app', () => {
  test.use(installedApp);
  test('an administrator adds a section and a post category offline; once online a teacher can post in it, and archiving it hides it from the form but not from its post', async ({
    page,
    signIn,
    shell,
    device,
    devices,
    postsApi,
  }) => {
    test.slow();
    const sectionName = uniqueTitle('Sala').slice(0, 40);
    const categoryName = uniqueTitle('Talleres').slice(0, 40);
    const admin = await postsApi.signIn('admin@colinas.test');

    // Patricia, an administrator, opens the structure from the administration (teachers have no such entry).
    await signIn.as('admin@colinas.test', 'Patricia');
    await device.waitForServiceWorker();
    await device.waitForSync(localDbName(admin.id));
    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Administration' }).click();
    await page.getByRole('link', { name: /^Structure/ }).click();
    const structure = structurePage(page);
    await expect(structure.heading).toBeVisible();

    // Offline: a new section in 1° Básico and a new post category, both marked "Not sent".
    await device.goOffline();
    await expect(shell.offline).toBeVisible();
    await page.getByRole('button', { name: 'Add section to \u20681° Básico\u2069' }).click();
    const dialog = page.getByRole('dialog', { name: 'New section in \u20681° Básico\u2069' });
    await dialog.getByLabel('Name').fill(sectionName);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByLabel('New post category').fill(categoryName);
    await page.getByRole('button', { name: 'Add category' }).click();
    await expect(structure.row(sectionName).getByText('Not sent')).toBeVisible();
    await expect(structure.row(categoryName).getByText('Not sent')).toBeVisible();
    await expect(shell.unsent(2)).toBeVisible();

    // Online: both are sent; the server has them.
    await device.goOnline();
    await expect(shell.anyUnsent).toHaveCount(0, { timeout: 30_000 });
    await expect(structure.row(sectionName).getByText('Not sent')).toHaveCount(0);
    await expect.poll(() => categoryIdNamed(postsApi, categoryName)).toBeTruthy();

    // Daniel, a teacher, sees no administration, and his post form offers the new category.
    const teacher = await devices.open();
    await teacher.signIn.as('staff@colinas.test', 'Daniel');
    await expect(teacher.page.getByRole('link', { name: 'Administration' })).toHaveCount(0);
    await expect.poll(() => categoryOptions(teacher.page), { timeout: 60_000 }).toContain(categoryName);

    // He publishes in it (through the API, as another client would).
    const staff = await postsApi.signIn('staff@colinas.test');
    const reference = await postsApi.reference(staff);
    const title = uniqueTitle('Taller de ajedrez');
    const post = await postsApi.create(staff, {
      title,
      content: '<p>Los jueves en la biblioteca.</p>',
      category_id: (await categoryIdNamed(postsApi, categoryName))!,
      scope: 'college',
      course_ids: [],
      grade_ids: [],
      section_ids: [],
    });
    expect(reference.sections.some((section) => section.name === sectionName)).toBe(true);

    // Patricia archives the category: it is out of the list until "Show archived".
    await structure
      .row(categoryName)
      .getByRole('button', { name: `Archive ${categoryName}` })
      .click();
    await expect(structure.row(categoryName)).toHaveCount(0);
    await page.getByLabel('Show archived').check();
    await expect(structure.row(categoryName).getByText('Archived', { exact: true })).toBeVisible();
    await expect(shell.anyUnsent).toHaveCount(0, { timeout: 30_000 });

    // Daniel's form no longer offers it, and his post still shows its category's name.
    await expect.poll(() => categoryOptions(teacher.page), { timeout: 60_000 }).not.toContain(categoryName);
    await teacher.page.goto(`/blog/post/${post.id}`);
    await expect(teacher.page.getByRole('heading', { name: title })).toBeVisible({ timeout: 45_000 });
    await expect(teacher.page.getByText(categoryName, { exact: true }).first()).toBeVisible();
  });
});

test('the structure screen passes axe (WCAG 2.2 AA) with an archived item shown, light and dark, and fits a 320 px phone', async ({ page, signIn }) => {
  test.slow();
  await signIn.as('admin@colinas.test', 'Patricia');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/admin/structure?archived=1');
    await expect(structurePage(page).heading).toBeVisible({ timeout: 45_000 });
    await expect(page.getByRole('heading', { name: 'Post categories' })).toBeVisible();
    const row = structurePage(page).row('B').first();
    if ((await page.locator('.managed-row-archived').count()) === 0) await row.getByRole('button', { name: 'Archive B' }).first().click();
    await expect(page.locator('.managed-row-archived').first()).toBeVisible();
    // As the accessibility tour runs it: in the page (Patio has no frames), violations only.
    const { violations } = await new AxeBuilder({ page })
      .options({ resultTypes: ['violations'] })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .setLegacyMode()
      .analyze();
    expect(
      violations.flatMap((v) => v.nodes.map((node) => `${v.id} at ${node.target.join(' ')}`)),
      scheme,
    ).toEqual([]);
    const overflowing = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    expect(overflowing, 'sideways scroll at 320 px').toBe(false);
  }
});
