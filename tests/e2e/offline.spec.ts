import { expect, installedApp, test } from './fixtures';

test.use(installedApp);

test('opens the app for a signed-in user who reloads with the network off', async ({ page, device, signIn, shell }) => {
  await signIn.as('matias.silva@colinas.test', 'Matías');

  // Wait until the service worker controls this page (it claims open pages on install).
  await device.waitForServiceWorker();

  await device.goOffline();
  await page.reload();
  await shell.expectHomeOf('Matías');
  await expect(page.getByRole('heading', { name: 'Colegio Las Colinas' })).toBeVisible();

  // Moving inside the app works offline too, and the user is still signed in.
  await shell.profileLink.click();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await device.goOnline();
});
