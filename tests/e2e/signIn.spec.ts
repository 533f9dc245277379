import { expect, password, test } from './fixtures';

test.describe('signing in on localhost (Colegio Las Colinas)', () => {
  test('signs in by email, lands on home with the name, and stays signed in after a reload', async ({ page, loginPage, shell }) => {
    await loginPage.goto();
    await loginPage.signIn('staff@colinas.test', password);
    await shell.expectHomeOf('Daniel');

    await page.reload();
    await shell.expectHomeOf('Daniel');
  });

  test('signs in by rut written with dots and dash, and without them', async ({ page, loginPage, shell }) => {
    await loginPage.goto();
    await loginPage.signIn('12.345.678-5', password);
    await shell.expectHomeOf('Patricia');
    await page.reload();
    await shell.expectHomeOf('Patricia');

    await shell.signOut();
    await loginPage.signIn('123456785', password);
    await shell.expectHomeOf('Patricia');
  });

  test('sends a signed-out visitor of the profile to the sign-in and back to the profile afterwards', async ({ page, loginPage }) => {
    await page.goto('/app/profile');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fapp%2Fprofile$/);
    await expect(loginPage.heading).toBeVisible();

    await loginPage.signIn('student@colinas.test', password);
    await expect(page).toHaveURL(/\/app\/profile$/);
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  });

  test('takes a signed-in user who opens the landing page or the sign-in to home', async ({ page, signIn, shell }) => {
    await signIn.as('guardian@colinas.test', 'Luis');

    await page.goto('/');
    await shell.expectHomeOf('Luis');
    await page.goto('/auth/login');
    await shell.expectHomeOf('Luis');
  });
});

test.describe('a sign-in that fails', () => {
  test('shows a wrong password next to the field and stays on the sign-in', async ({ page, loginPage }) => {
    await loginPage.goto();
    await loginPage.signIn('benjamin.fuentes@colinas.test', 'not-the-password');

    await expect(loginPage.identifier).toHaveAttribute('aria-invalid', 'true');
    await expect(loginPage.identifier).toHaveAccessibleDescription(/These credentials do not match our records\./);
    await expect(page).toHaveURL(/\/auth\/login$/);

    await page.reload();
    await expect(loginPage.heading).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('says "Please enter a valid RUT" for a rut whose check digit is wrong', async ({ page, loginPage }) => {
    await loginPage.goto();
    await loginPage.signIn('12.345.678-9', password);

    await expect(loginPage.identifier).toHaveAccessibleDescription(/Please enter a valid RUT/);
    await expect(page.getByText('Please enter a valid RUT')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});
