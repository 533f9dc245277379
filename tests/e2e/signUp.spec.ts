import { baseUrlOf, expect, test } from './fixtures';

test.describe('signing up', () => {
  test('shows every sign-up message, creates nothing while invalid, and leaves a valid account waiting for approval', async ({
    page,
    request,
    signupPage,
    loginPage,
  }) => {
    const run = Date.now().toString(36);
    const neverCreated = `never.${run}@example.com`;
    const newcomer = `newcomer.${run}@example.com`;
    let signupRequests = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/signup-mobile')) signupRequests++;
    });

    await signupPage.goto();
    await signupPage.submit.click();
    await expect(signupPage.name).toHaveAccessibleDescription(/Your name is required/);
    await expect(signupPage.confirmation).toHaveAccessibleDescription(/Please confirm your password/);

    await signupPage.fill({ name: 'Ana Newcomer', email: 'not-an-email', password: 'short', confirmation: '' });
    await signupPage.submit.click();
    await expect(signupPage.name).not.toHaveAttribute('aria-invalid', 'true');
    await expect(signupPage.email).toHaveAccessibleDescription(/Please enter a valid email address/);
    await expect(signupPage.password).toHaveAccessibleDescription(/Password must be at least 8 characters long/);
    await expect(signupPage.confirmation).toHaveAccessibleDescription(/Please confirm your password/);

    await signupPage.fill({ name: 'Ana Newcomer', email: neverCreated, password: 'long-enough-1', confirmation: 'long-enough-2' });
    await signupPage.submit.click();
    await expect(signupPage.confirmation).toHaveAccessibleDescription(/Password does not match/);
    await expect(signupPage.email).not.toHaveAttribute('aria-invalid', 'true');
    await expect(signupPage.password).not.toHaveAttribute('aria-invalid', 'true');

    // Nothing went to the server, and no account exists for the invalid attempt.
    expect(signupRequests).toBe(0);
    const probe = await request.post('/api/login-mobile', { data: { email: neverCreated, password: 'long-enough-1' } });
    expect(probe.status()).toBe(422);
    expect(JSON.stringify(await probe.json())).toContain('These credentials do not match our records.');

    await signupPage.fill({ name: 'Ana Newcomer', email: newcomer, password: 'long-enough-1', confirmation: 'long-enough-1' });
    await signupPage.submit.click();
    await expect(page.getByText('Your account is waiting for approval by the school.')).toBeVisible();
    expect(signupRequests).toBe(1);

    // The account exists (after a fresh load) but cannot sign in until approved.
    await loginPage.goto();
    await loginPage.signIn(newcomer, 'long-enough-1');
    await expect(loginPage.identifier).toHaveAccessibleDescription(/Your account is waiting for approval by the school\./);
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('tells visitors of a school without self sign-up to contact the school', async ({ page, baseURL }) => {
    await page.goto(`${baseUrlOf('british.localhost', baseURL)}/auth/signup-no`);
    await expect(page.getByRole('heading', { name: 'Join us now', level: 1 })).toBeVisible();
    await expect(page.getByText('Please contact the school to get yours.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create account' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
  });
});
