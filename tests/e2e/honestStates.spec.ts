import type { Page } from '@playwright/test';
import { expect, installedApp, localDbName, test, uniqueTitle } from './fixtures';

/** Honest states: what the app says is what really happened. */

/** From the next page load on, remembers whether the page ever said "No publications yet", even for a moment. */
async function recordEmptyClaims(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = window as unknown as { saidEmpty: boolean };
    seen.saidEmpty = false;
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('No publications yet')) seen.saidEmpty = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const saidEmpty = (page: Page) => page.evaluate(() => (window as unknown as { saidEmpty: boolean }).saidEmpty);

test('a first sign-in says it is downloading, never "No publications yet", until the news has arrived', async ({
  page,
  context,
  signIn,
  postsApi,
  postsPage,
  device,
}) => {
  test.slow();
  const luis = await postsApi.signIn('guardian@colinas.test');
  await recordEmptyClaims(page);
  // A slow campus network: the first download is held until the story has seen home waiting for it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/api/v1/sync/pull*', async (route) => {
    await held;
    await route.continue();
  });
  await signIn.as('guardian@colinas.test', 'Luis');
  const latest = page.getByRole('region', { name: 'Latest news' });
  await expect(latest.getByText('Downloading the news…')).toBeVisible();
  expect(await saidEmpty(page)).toBe(false);
  release();
  await device.waitForSync(localDbName(luis.id));
  await expect(latest.getByRole('article').first()).toBeVisible();
  expect(await saidEmpty(page)).toBe(false);

  await postsPage.goto();
  await expect(postsPage.list.getByRole('article').first()).toBeVisible();
  expect(await saidEmpty(page)).toBe(false);
});

test('signing out with nothing unsent still asks, saying the offline copy is removed; Cancel keeps it', async ({ page, signIn, shell, postsApi, device }) => {
  const luis = await postsApi.signIn('guardian@colinas.test');
  const db = localDbName(luis.id);
  await signIn.as('guardian@colinas.test', 'Luis');
  await device.waitForSync(db);

  await shell.signOutButton.click();
  const confirmation = page.getByRole('alertdialog', { name: 'Sign out?' });
  await expect(confirmation).toContainText(
    "Signing out removes this device's offline copy of the school's data. It will be downloaded again the next time you sign in.",
  );
  await confirmation.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmation).toHaveCount(0);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  expect(await device.databases()).toContain(db);

  await shell.signOut();
  await expect.poll(() => device.databases()).not.toContain(db);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test.describe('on an installed app', () => {
    test.use(installedApp);
    test('a toast never covers the buttons of the sign-out warning', async ({ page, signIn, shell, postsApi, postsPage, device }) => {
      test.slow();
      const daniel = await postsApi.signIn('staff@colinas.test');
      await signIn.as('staff@colinas.test', 'Daniel');
      await device.waitForServiceWorker();
      await device.waitForSync(localDbName(daniel.id));
      await postsPage.goto();
      await device.goOffline();
      // Writing offline shows a toast ("Saved on this device…") at the bottom of the screen.
      await postsPage.write({ title: uniqueTitle('Aviso escrito en el teléfono'), text: 'Escrito sin conexión.' });

      await shell.signOutButton.click();
      const warning = page.getByRole('dialog', { name: 'Sign out?' });
      const wait = warning.getByRole('button', { name: 'Wait' });
      await expect(wait).toBeVisible();
      const waitBox = (await wait.boundingBox())!;
      // With the sheet open, toasts (this one, and any that comes) start at the top, far from its buttons.
      const toasts = (await page.locator('.toast-viewport').boundingBox())!;
      const roomForToasts = 160;
      expect(toasts.y + Math.max(toasts.height, roomForToasts)).toBeLessThan(waitBox.y);
      await wait.click();
      await expect(warning).toHaveCount(0);
    });
  });
});
