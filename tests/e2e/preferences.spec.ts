import { expect, test } from './fixtures';

test.describe('language and theme', () => {
  test('keeps the chosen language (简体中文) after a reload', async ({ page, loginPage }) => {
    await loginPage.goto();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');

    const heading = page.getByRole('heading', { level: 1 });
    const check = async () => {
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
      await expect(page.getByRole('combobox').first()).toHaveValue('zh-CN');
      await expect(heading).toHaveText(/[\u4e00-\u9fff]/);
    };
    await check();
    await page.reload();
    await check();
  });

  test('writes right to left in Arabic, also after a reload', async ({ page, loginPage }) => {
    await loginPage.goto();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');

    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  });

  test.describe('on a device in light mode', () => {
    test.use({ colorScheme: 'light' });

    test('keeps the dark theme after a reload', async ({ page, loginPage }) => {
      await loginPage.goto();
      await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);

      // The theme button cycles light → dark → auto; its name says the current choice.
      const themeButton = page.getByRole('button', { name: /^Theme:/ });
      for (let i = 0; i < 3; i++) {
        if ((await themeButton.getAttribute('aria-label')) === 'Theme: dark') break;
        await themeButton.click();
      }
      await expect(page.getByRole('button', { name: 'Theme: dark' })).toBeVisible();
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);

      await page.reload();
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      await expect(page.getByRole('button', { name: 'Theme: dark' })).toBeVisible();
    });
  });
});
