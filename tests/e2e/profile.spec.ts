import { expect, makePng, password, test } from './fixtures';

test.describe('the profile', () => {
  test('keeps the edited name, phone, birthdate and photo after a reload', async ({ page, signIn, shell, profilePage }) => {
    await signIn.as('rodrigo.rojas@colinas.test', 'Rodrigo');
    await profilePage.goto();

    await profilePage.name.fill('Ramiro');
    await profilePage.phone.fill('+56 9 8765 4321');
    await profilePage.birthdate.fill('2001-04-15');
    await profilePage.avatarInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng() });
    // The chosen photo is previewed before saving.
    await expect(profilePage.avatarImage).toHaveAttribute('src', /^blob:/);
    await profilePage.save();

    const check = async () => {
      await expect(profilePage.name).toHaveValue('Ramiro');
      await expect(profilePage.phone).toHaveValue('+56 9 8765 4321');
      await expect(profilePage.birthdate).toHaveValue('2001-04-15');
      await expect(profilePage.avatarImage).toHaveAttribute('src', /\/uploads\/.+\.png$/);
      await expect.poll(() => profilePage.avatarImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(4);
    };
    await check();
    await page.reload();
    await check();

    await page.goto('/app');
    await shell.expectHomeOf('Ramiro');
  });

  test('changes the password: the new one signs in after signing out, the old one no longer does', async ({ page, signIn, shell, loginPage, profilePage }) => {
    const email = 'francisca.soto@colinas.test';
    const newPassword = 'francisca-new-2026';
    await signIn.as(email, 'Francisca');
    await profilePage.goto();
    await profilePage.changePassword(password, newPassword);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await shell.signOut();

    await loginPage.signIn(email, password);
    await expect(loginPage.identifier).toHaveAccessibleDescription(/These credentials do not match our records\./);
    await expect(page).toHaveURL(/\/auth\/login$/);

    await loginPage.password.fill(newPassword);
    await loginPage.submit.click();
    await shell.expectHomeOf('Francisca');
  });
});
