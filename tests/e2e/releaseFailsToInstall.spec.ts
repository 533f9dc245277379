import { appStart, expect, installedApp, localDbName, test } from './fixtures';

test.use(installedApp);

/*
 * A new release whose service worker cannot install (here its install step fails, as one
 * whose precache names a file the server lost would): the browser drops it, and the worker
 * of the release the device has keeps serving. No "New version available" is offered for a
 * worker that never installed, and the app still starts offline.
 */
test('a new worker that fails to install leaves the old one serving, and the app still starts offline', async ({ page, device, signIn, shell, network }) => {
  const staff = await signIn.as('staff@colinas.test', 'Daniel');
  await expect(page.getByRole('alert').getByText('App ready to work offline')).toBeVisible({ timeout: appStart });
  await device.waitForSync(localDbName(staff.id));
  const before = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null);
  expect(before).not.toBeNull();

  // The server now answers the worker's address with a release whose install fails.
  network.serve(
    '/sw.js',
    'text/javascript',
    "self.addEventListener('install', (event) => event.waitUntil(Promise.reject(new Error('this release cannot install'))));",
  );
  const outcome = await page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.getRegistration())!;
    const found = new Promise<ServiceWorker>((resolve) =>
      registration.addEventListener('updatefound', () => resolve(registration.installing!), { once: true }),
    );
    await registration.update();
    const installing = await found;
    // Its states until the browser gives up on it.
    const states: string[] = [installing.state];
    await new Promise<void>((resolve) => {
      installing.addEventListener('statechange', () => {
        states.push(installing.state);
        if (installing.state === 'redundant') resolve();
      });
      if (installing.state === 'redundant') resolve();
    });
    return { states, active: registration.active?.scriptURL ?? null, activeState: registration.active?.state ?? null, waiting: registration.waiting !== null };
  });
  expect(outcome.states.at(-1)).toBe('redundant');
  expect(outcome.states).not.toContain('installed');
  expect(outcome).toMatchObject({ active: before, activeState: 'activated', waiting: false });
  await expect(page.getByText('New version available')).toHaveCount(0);

  // The release the device has still starts it with the network really cut.
  await device.goOffline();
  await page.reload();
  await shell.expectHomeOf('Daniel');
  await page
    .getByRole('navigation', { name: 'Main' })
    .first()
    .getByRole('link', { name: /^News$/ })
    .click();
  await expect(page.getByRole('heading', { name: 'News', level: 1 })).toBeVisible({ timeout: appStart });
  await expect(page.locator('main article').first()).toBeVisible();
});
