import type { Page } from '@playwright/test';
import { AppShell, PostsPage, baseUrlOf, expect, localDbName, test, uniqueTitle } from './fixtures';

/** Counts the pulls a tab (its page and its sync worker) makes from now on. */
/** The sync requests (pulls and pushes) a tab's worker makes. */
function countSyncs(page: Page): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (['/api/v1/sync/pull', '/api/v1/sync/push'].includes(new URL(request.url()).pathname)) counter.count++;
  });
  return counter;
}

test('with two tabs open only one syncs, both show a post written in either, and the other takes over when it closes', async ({
  page,
  context,
  baseURL,
  signIn,
  postsApi: defaultCollege,
  device,
}) => {
  // Several app starts, syncs and reloads on a machine that may be busy (fixtures: appStart).
  test.slow();
  // At St. George's, so the people of the default college stay to the other stories.
  const british = baseUrlOf('british.localhost', baseURL);
  const postsApi = defaultCollege.at(british);
  const daniel = await postsApi.signIn('staff@british.test');
  const admin = await postsApi.signIn('admin@british.test');
  const reference = await postsApi.reference(admin);

  const firstSyncs = countSyncs(page);
  await signIn.at(british, 'staff@british.test', 'Daniel');
  await device.waitForSync(localDbName(daniel.id, 'british'));
  const postsPage = new PostsPage(page, british);
  await postsPage.goto();
  await expect.poll(() => firstSyncs.count).toBeGreaterThan(0);

  // A second tab of the same person: it shows the same data but does not sync.
  const second = await context.newPage();
  const secondSyncs = countSyncs(second);
  const secondPosts = new PostsPage(second, british);
  await secondPosts.goto();
  await expect(secondPosts.card('Nuevos libros en la biblioteca')).toBeVisible();
  await expect
    .poll(() => second.evaluate(async () => (await navigator.locks.query()).held?.filter((lock) => lock.name?.startsWith('patio-sync-')).length))
    .toBe(1);
  expect(await second.evaluate(async () => (await navigator.locks.query()).pending?.filter((lock) => lock.name?.startsWith('patio-sync-')).length)).toBe(1);

  // Written in the second tab, sent by the first tab's worker, shown in both without reloading.
  const before = firstSyncs.count;
  const title = uniqueTitle('Cambio de sala del taller de robótica');
  await secondPosts.write({ title, text: 'El taller de robótica se traslada al laboratorio de ciencias.' });
  await new AppShell(second).newsLink.click();
  await expect(secondPosts.card(title)).toBeVisible();
  await expect(postsPage.card(title)).toBeVisible();
  await expect(secondPosts.card(title).getByText('Not sent', { exact: true })).toHaveCount(0);
  await expect(postsPage.card(title).getByText('Not sent', { exact: true })).toHaveCount(0);
  await expect.poll(async () => (await postsApi.titled(daniel, title)).length).toBe(1);
  await expect.poll(() => firstSyncs.count).toBeGreaterThan(before);
  expect(secondSyncs.count).toBe(0);

  // The leading tab closes: the second takes over (its worker opens the stream) and still
  // receives what the server gets.
  const firstStream = await device.streamUp();
  await page.close();
  const secondStream = await device.streamUp(firstStream);
  const fromServer = uniqueTitle('Simulacro de evacuación');
  await postsApi.create(admin, {
    title: fromServer,
    content: '<p>El jueves a las 11:00 haremos un simulacro de evacuación.</p>',
    category_id: reference.categories[0]!.id,
    scope: 'everyone',
    ...postsApi.everywhere(reference),
  });
  await expect(secondPosts.card(fromServer)).toBeVisible();
  device.expectStreamKept(secondStream);
  expect(secondSyncs.count).toBeGreaterThan(0);
  await new AppShell(second).reload();
  await expect(secondPosts.card(fromServer)).toBeVisible();
  await expect(secondPosts.card(title)).toBeVisible();
});
