import { expect, test } from './fixtures';

test.describe('language and theme', () => {
  test('keeps the chosen language (Chinese) after a reload', async ({ page, loginPage, preferences }) => {
    await loginPage.goto();
    // Its own name, as the browser's Intl names it: "中文（中国）".
    const chinese = /^中文/;
    await preferences.chooseLanguage(chinese);

    const heading = page.getByRole('heading', { level: 1 });
    const check = async () => {
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
      await expect(heading).toHaveText(/[\u4e00-\u9fff]/);
      await preferences.open();
      await expect(preferences.menu.getByRole('menuitemradio', { name: chinese })).toHaveAttribute('aria-checked', 'true');
      await page.keyboard.press('Escape');
      await expect(preferences.menu).toBeHidden();
    };
    await check();
    await page.reload();
    await check();
  });

  test('writes right to left in Arabic, also after a reload', async ({ page, loginPage, preferences }) => {
    await loginPage.goto();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await preferences.chooseLanguage('العربية');

    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  });

  test.describe('on a phone in light mode', () => {
    test.use({ colorScheme: 'light', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('changes the theme and the language from the app bar, signed out and signed in, and says which are on', async ({
      page,
      loginPage,
      signIn,
      preferences,
    }) => {
      test.slow();
      await loginPage.goto();
      await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
      // The button says which language and which theme are on.
      await expect(preferences.button).toHaveAccessibleName('Language: English. Theme: Same as the device');

      await preferences.chooseTheme('Dark');
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      await expect(preferences.button).toHaveAccessibleName('Language: English. Theme: Dark');
      await preferences.open();
      await expect(preferences.menu.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
      await expect(preferences.menu.getByRole('menuitemradio', { name: 'Light' })).toHaveAttribute('aria-checked', 'false');
      await page.keyboard.press('Escape');

      await page.reload();
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      await expect(preferences.button).toHaveAccessibleName('Language: English. Theme: Dark');

      // Signed in, the same button is in the app bar of every screen.
      await signIn.as('guardian@colinas.test', 'Luis');
      await expect(preferences.button).toBeVisible();
      await preferences.chooseTheme('Light');
      await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
      await preferences.chooseLanguage('Français');
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(page.getByRole('heading', { name: 'Bienvenue, Luis', level: 1 })).toBeVisible();
      await expect(preferences.button).toHaveAccessibleName('Langue : Français. Thème : Clair');

      // The profile's preferences show the same choices.
      await page.goto('/app/profile');
      await expect(page.getByRole('radio', { name: 'Clair' })).toBeChecked({ timeout: 45_000 });
      await expect(page.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
      await page.getByRole('radio', { name: 'Sombre' }).check();
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      await expect(preferences.button).toHaveAccessibleName('Langue : Français. Thème : Sombre');
    });
  });
});
