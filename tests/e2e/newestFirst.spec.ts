import type { Route } from '@playwright/test';
import { expect, localDbName, test, uniqueTitle } from './fixtures';

/**
 * A new device shows the newest posts first (docs/sync.md, the head-first pull). Its first pull asks for the head (the
 * newest posts it may see, server/sync/pull.ts `pullHead`); the rest of the first download
 * follows in order. Here the rest is held back, as on a weak network where it takes a
 * while: News already shows today's post on top, and says the download goes on.
 */
test('a first sign-in shows the newest post on top while the rest of the news is still downloading', async ({
  page,
  context,
  signIn,
  postsApi,
  postsPage,
  device,
}) => {
  test.slow();
  const admin = await postsApi.signIn('admin@colinas.test');
  const reference = await postsApi.reference(admin);
  const title = uniqueTitle('Suspensión de clases');
  await postsApi.create(admin, {
    title,
    content: '<p>Mañana no hay clases.</p>',
    category_id: reference.categories[0]!.id,
    scope: 'everyone',
    ...postsApi.everywhere(reference),
  });

  const held: Route[] = [];
  let release = false;
  await context.route('**/api/v1/sync/pull*', async (route) => {
    const url = new URL(route.request().url());
    if (url.searchParams.get('head') === 'true' || release) await route.continue();
    else held.push(route);
  });
  const luis = await postsApi.signIn('guardian@colinas.test');
  await signIn.as('guardian@colinas.test', 'Luis');
  await postsPage.goto();
  await expect(postsPage.list.getByRole('article').first()).toContainText(title);
  // The rest is still on its way: the download is said, and the head is not all there is.
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await expect(page.getByText(/Downloading…/)).toBeVisible();

  release = true;
  for (const route of held.splice(0)) await route.continue();
  await device.waitForSync(localDbName(luis.id));
  await expect(page.getByText(/Downloading…/)).toBeHidden();
  await expect(postsPage.list.getByRole('article').first()).toContainText(title);
});
