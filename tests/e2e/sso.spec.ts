import type { APIRequestContext } from '@playwright/test';
import { startOidcProvider } from '../server/oidcProvider';
import { AppShell, appStart, baseUrlOf, expect, LoginPage, password, ProfilePage, test } from './fixtures';

/** An administrator's headers at `host` (the API chooses the college by the Host header). */
async function adminOf(request: APIRequestContext, host: { Host: string }, email: string) {
  const reply = await request.post('/api/login-mobile', { headers: host, data: { email, password } });
  expect(reply.status()).toBe(200);
  return { ...host, Authorization: `Bearer ${((await reply.json()) as { token: string }).token}` };
}

/**
 * Signing in with the school's own accounts (docs/features/sso.md), against a real OpenID
 * Connect provider on loopback (tests/server/oidcProvider.ts) whose login finishes at once for
 * the account the story names. The settings are saved through the API, as an administrator's
 * card would. The British school's single sign-on is this story's alone.
 */
test('a member signs in with the school’s provider, an unknown address is refused, a provider that is down says so, and the password still works', async ({
  page,
  request,
  baseURL,
  devices,
}) => {
  const origin = baseUrlOf('british.localhost', baseURL);
  const host = { Host: new URL(origin).host };
  const provider = await startOidcProvider(`${origin}/api/v1/sso/callback`);
  const admin = await adminOf(request, host, 'admin@british.test');
  const settings = { display_name: 'St George’s accounts', issuer: provider.issuer, client_id: provider.clientId, client_secret: provider.clientSecret };
  const save = async () => {
    const saved = await request.put('/api/v1/admin/integrations/sso', { headers: admin, data: settings });
    expect(saved.status(), await saved.text()).toBe(200);
  };
  try {
    await save();

    // Signed out, a member's page sends them to the sign-in, which offers the school's accounts;
    // they come back signed in where they were going, the one-time secret gone from the address.
    provider.account = { email: 'rodrigo.rojas@british.test', email_verified: true };
    await page.goto(`${origin}/app/profile`);
    await expect(new LoginPage(page).heading).toBeVisible({ timeout: appStart });
    await page.getByRole('link', { name: 'Sign in with St George’s accounts' }).click();
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible({ timeout: appStart });
    expect(new URL(page.url()).pathname).toBe('/app/profile');
    expect(page.url()).not.toContain('exchange');
    await expect(new ProfilePage(page).name).toHaveValue('Rodrigo');

    // Another browser, someone the provider knows and the school does not.
    const stranger = await devices.open();
    const login = new LoginPage(stranger.page);
    const button = stranger.page.getByRole('link', { name: 'Sign in with St George’s accounts' });
    provider.account = { email: 'nobody@british.test', email_verified: true };
    await login.goto(origin);
    await expect(button).toBeVisible();
    // Offline it cannot be used, and says why (the device keeps what the server said).
    await stranger.device.goOffline();
    const offline = stranger.page.getByRole('button', { name: 'Sign in with St George’s accounts' });
    await expect(offline).toBeDisabled();
    await expect(offline).toHaveAccessibleDescription('Signing in with St George’s accounts needs a connection.');
    await stranger.device.goOnline();
    await button.click();
    await expect(stranger.page).toHaveURL(/\/auth\/login\?sso_error=unknown$/, { timeout: appStart });
    await expect(stranger.page.getByRole('alert')).toHaveText('No member of this school has this email address. Ask the school to add you.');

    // The provider stops answering (saving the settings again discovers it anew, at once).
    await provider.stop();
    await save();
    await button.click();
    await expect(stranger.page).toHaveURL(/\/auth\/login\?sso_error=provider_down$/, { timeout: appStart });
    await expect(stranger.page.getByRole('alert')).toHaveText('The sign-in provider is not answering. Try again later, or sign in with your password.');

    // The password form beside it still signs in.
    await login.signIn('francisca.soto@british.test', password);
    await new AppShell(stranger.page).expectHomeOf('Francisca');
  } finally {
    await request.delete('/api/v1/admin/integrations/sso', { headers: admin });
    await provider.stop().catch(() => undefined);
  }
});
