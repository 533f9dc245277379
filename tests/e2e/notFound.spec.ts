import { expect, test } from './fixtures';

test('shows the page-not-found screen for an unknown path, and its button goes back', async ({ page, loginPage }) => {
  await loginPage.goto();
  await page.goto('/no/such/page');

  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  await expect(page.getByText('The page could not be found.')).toBeVisible();
  await expect(page).toHaveTitle(/^Page not found/);
  // Signed out: the public layout (brand, language and theme), no app navigation.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(loginPage.heading).toBeVisible();
});

test('keeps the app bar and the navigation around an unknown address when signed in', async ({ page, signIn, shell }) => {
  await signIn.as('guardian@colinas.test', 'Luis');

  for (const path of ['/app/nope', '/blog/nope/deeper', '/nope']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible({ timeout: 45_000 });
    await expect(shell.signOutButton).toBeVisible();
    await expect(shell.newsLink).toBeVisible();
  }

  // From there the navigation works as anywhere in the app.
  await shell.newsLink.click();
  await expect(page).toHaveURL(/\/blog\/all$/);
  await expect(page.getByRole('heading', { name: 'News', level: 1 })).toBeVisible();
});

test('gives an unknown publication address a heading', async ({ page, signIn, shell }) => {
  await signIn.as('guardian@colinas.test', 'Luis');

  await page.goto('/blog/post/01890000-0000-7000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'This publication no longer exists.', level: 1 })).toBeVisible({ timeout: 45_000 });
  await expect(shell.newsLink).toBeVisible();
  await page.getByRole('link', { name: 'Back to news' }).click();
  await expect(page.getByRole('heading', { name: 'News', level: 1 })).toBeVisible();
});
