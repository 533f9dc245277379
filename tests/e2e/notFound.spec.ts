import { expect, test } from './fixtures';

test('shows the page-not-found screen for an unknown path, and its button goes back', async ({ page, loginPage }) => {
  await loginPage.goto();
  await page.goto('/no/such/page');

  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  await expect(page.getByText('The page could not be found.')).toBeVisible();
  await expect(page).toHaveTitle(/^Page not found/);

  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(loginPage.heading).toBeVisible();
});
