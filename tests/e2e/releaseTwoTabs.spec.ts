import { appStart, expect, installedApp, localDbName, OutboxPage, PostsPage, test, uniqueTitle } from './fixtures';

test.use(installedApp);

/*
 * A new release while two tabs of the old one are open (docs/offline-start.md): both offer it,
 * Reload in one takes both to the new worker (the other loads again by itself), and a change
 * written offline in either before the update is still there and is sent once.
 */
test('a new version offered in two open tabs: one Reload takes both, and a change written before it is sent once', async ({
  page,
  context,
  device,
  signIn,
  network,
  postsApi,
}) => {
  test.slow();
  const staff = await signIn.as('staff@colinas.test', 'Daniel');
  await expect(page.getByRole('alert').getByText('App ready to work offline')).toBeVisible({ timeout: appStart });
  await device.waitForSync(localDbName(staff.id));
  await page.getByRole('alert').getByRole('button', { name: 'Close' }).click();
  const second = await context.newPage();
  await second.goto('/app');
  await expect(second.getByRole('heading', { level: 1 })).toBeVisible({ timeout: appStart });
  const oldWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
  expect(oldWorker).not.toBeNull();

  // A post written offline in the second tab waits in the outbox.
  await device.goOffline();
  const title = uniqueTitle('Antes de la actualización');
  const posts = new PostsPage(second);
  await posts.goto();
  await posts.write({ title, text: 'Escrito sin conexión, antes de la nueva versión.' });
  await new OutboxPage(second).goto();
  await expect(second.getByText(title)).toBeVisible();
  await device.goOnline();

  // The next release's worker: the same one with other bytes, as a build with any change makes.
  const release = await (await page.request.get('/sw.js')).text();
  network.serve('/sw.js', 'text/javascript', `${release}\n// the next release\n`);
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  for (const tab of [page, second]) await expect(tab.getByText('New version available')).toBeVisible({ timeout: appStart });

  // Reload in the first tab; the second one loads again by itself.
  const secondLoads = second.waitForEvent('load');
  await page.getByRole('button', { name: 'Reload' }).click();
  await secondLoads;
  for (const tab of [page, second]) {
    await expect(tab.getByText('New version available')).toHaveCount(0);
    await expect.poll(() => tab.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: appStart }).toBe('activated');
  }
  // The change written before the update reaches the server once.
  await expect.poll(async () => (await postsApi.titled(await postsApi.signIn('staff@colinas.test'), title)).length, { timeout: appStart }).toBe(1);
});
