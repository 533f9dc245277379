import { appStart, expect, installedApp, localDbName, test } from './fixtures';

test.use(installedApp);

/*
 * The first visit precaches what an offline start needs, not the whole build
 * (docs/offline-start.md): after "App ready to work offline" every screen a member reads
 * offline opens with the network really cut (the service worker's fetches included), and a
 * screen whose code was never on the device says so plainly instead of failing.
 */
test('after "ready to work offline", every screen staff read opens offline; one never opened says it needs a connection', async ({
  page,
  device,
  signIn,
  shell,
}) => {
  const staff = await signIn.as('staff@colinas.test', 'Daniel');
  // The app's own signals: the worker is installed and has kept this device's language and
  // images, and the first download is done.
  await expect(page.getByRole('alert').getByText('App ready to work offline')).toBeVisible({ timeout: appStart });
  await device.waitForSync(localDbName(staff.id));

  await device.goOffline();
  await page.reload();
  await shell.expectHomeOf('Daniel');
  await expect(page.getByRole('heading', { name: 'Colegio Las Colinas' })).toBeVisible();

  // Each screen of the main navigation, by a tap as a member moves: its code comes from the device.
  const nav = page.getByRole('navigation', { name: 'Main' }).first();
  for (const [link, heading] of [
    [/^News$/, 'News'],
    [/^Events$/, 'Events'],
    [/^Messages\b/, 'Messages'],
    [/^Notifications\b/, 'Notifications'],
    [/^Documents$/, 'Documents'],
    [/^Contacts$/, 'Contacts'],
  ] as const) {
    await nav.getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible({ timeout: appStart });
  }

  // A post opened from the list, a conversation, the profile and the outbox.
  await nav.getByRole('link', { name: /^News$/ }).click();
  const firstPost = page.getByRole('main').getByRole('article').first().getByRole('link').first();
  await firstPost.click();
  await expect(page).toHaveURL(/\/blog\/post\//);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible({ timeout: appStart });

  await nav.getByRole('link', { name: /^Messages\b/ }).click();
  await page.getByRole('list', { name: 'Conversations' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/messenger\/[^/]+$/);
  await expect(page.getByRole('textbox').first()).toBeVisible({ timeout: appStart });

  await shell.profileLink.click();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible({ timeout: appStart });
  await page.goto('/app/outbox');
  await expect(page.getByRole('heading', { name: 'Changes not sent', level: 1 })).toBeVisible({ timeout: appStart });

  // Statistics (computed by the server, so neither precached nor kept) were never opened here: said plainly, inside the app.
  await nav.getByRole('link', { name: /^Statistics$/ }).click();
  await expect(page.getByRole('heading', { name: 'This screen has not been opened on this device yet', level: 1 })).toBeVisible();
  await expect(page.getByText('You are offline. Try again when you are connected.')).toBeVisible();
  await expect(shell.appBar).toBeVisible();

  // Back online, "Try again" opens it.
  await device.goOnline();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Statistics', level: 1 })).toBeVisible({ timeout: appStart });
  await expect(page).toHaveURL(/\/statistics$/);
  await expect(page.getByRole('heading', { name: 'This screen has not been opened on this device yet' })).toHaveCount(0);
});
