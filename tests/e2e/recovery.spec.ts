import { expect, password, test, toast } from './fixtures';

test.describe('recovering an account', () => {
  test('mails a reset link that sets a new password once, and the new password signs in', async ({ page, loginPage, shell, adminApi }) => {
    // Seven page loads and three sign-ins: on a busy 2-core machine more than the default minute.
    test.slow();
    const email = 'carolina.gonzalez@colinas.test';
    const newPassword = 'recovered-2026';

    await loginPage.goto();
    const dialog = await loginPage.requestPasswordReset(email);
    await expect(dialog.getByText(`If an account exists for ${email}, we have sent it a link`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    // The mail is in the college's outbox, as an administrator sees it.
    const link = await adminApi.resetLinkFor(email);
    expect(new URL(link).host).toBe(new URL(page.url()).host);

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a new password', level: 1 })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(toast(page, 'Password reset successfully')).toBeVisible();

    // The old password no longer works; the new one does, and the session survives a reload.
    await loginPage.signIn(email, password);
    await expect(loginPage.identifier).toHaveAccessibleDescription(/These credentials do not match our records\./);
    await loginPage.password.fill(newPassword);
    await loginPage.submit.click();
    await shell.expectHomeOf('Carolina');
    await page.reload();
    await shell.expectHomeOf('Carolina');
    await shell.signOut();

    // The same link cannot be used a second time.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('second-try-2026');
    await page.getByLabel('Confirm new password').fill('second-try-2026');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/reset-password\?/);

    await loginPage.goto();
    await loginPage.signIn(email, 'second-try-2026');
    await expect(loginPage.identifier).toHaveAccessibleDescription(/These credentials do not match our records\./);
  });
});
