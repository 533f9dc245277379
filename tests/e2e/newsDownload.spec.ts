import { expect, installedApp, test } from './fixtures';

test.use(installedApp);

/**
 * Reading the news loads only what reading needs (docs/features/app-shell.md): the
 * writing screens, the editor (Tiptap, a chunk of its own) and zod (the forms' contracts; the sync rows' are checked on
 * the sync worker) come when someone writes. Each cost the News screen a long task on a slow
 * phone. Offline, so that no answer from the server is being checked (the college's and the
 * user's background re-checks load zod for that, once the screen has settled).
 */
test('reading News and a post offline loads no writing code, no editor and no zod; writing a post does', async ({ page, device, signIn }) => {
  await signIn.as('staff@colinas.test', 'Daniel');
  await page.goto('/blog/all');
  await expect(page.locator('main article.post-card').first()).toBeVisible();
  await device.waitForServiceWorker();

  await device.goOffline();
  await page.reload();
  await expect(page.locator('main article.post-card').first()).toBeVisible();
  await page.locator('main article.post-card a').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.post-content')).toBeVisible();

  const scripts = () => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
  expect((await scripts()).filter((path) => /\/assets\/(zod|writeRoutes|TiptapEditor)-/.test(path))).toEqual([]);

  // Moving inside the app (the same page): the writing code arrives when asked for.
  await page.goBack();
  await page.getByRole('link', { name: 'New publication' }).click();
  await expect(page.getByRole('heading', { name: 'New publication', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Content' })).toBeVisible();
  expect((await scripts()).filter((path) => /\/assets\/(zod|writeRoutes|TiptapEditor)-.*\.js$/.test(path))).toHaveLength(3);
  await device.goOnline();
});
