import { randomUUID } from 'node:crypto';
import { expect, password, test } from './fixtures';

/**
 * Two-step sign-in in Chromium with a virtual authenticator (the DevTools protocol's WebAuthn
 * domain, which signs with automatic presence): an administrator adds a passkey on the
 * profile, signs in with the password and the passkey, then with a recovery code, which a
 * second sign-in refuses. The administrator is made for the story (colinas mails no one, so a
 * reset answers a temporary password): the demo ones sign other stories in.
 */
test('an administrator adds a passkey, signs in with it, and a recovery code works once', async ({ page, request, signIn, shell, profilePage, loginPage }) => {
  const admin = await request.post('/api/login-mobile', { data: { email: 'admin@colinas.test', password } });
  const authorization = { Authorization: `Bearer ${((await admin.json()) as { token: string }).token}` };
  const email = `two-step-${randomUUID().slice(0, 8)}@colinas.test`;
  const made = await request.post('/api/v1/admin/members', { headers: authorization, data: { name: 'Ximena', first_lastname: 'Araya', email, role: 'admin' } });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  const reset = await request.post(`/api/v1/admin/members/${id}/reset-password`, { headers: authorization });
  const secret = ((await reset.json()) as { temporary_password: string }).temporary_password;

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await signIn.as(email, 'Ximena', secret);
  await profilePage.goto();
  const card = page.getByRole('region', { name: 'Two-step sign-in' });
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  const codes = page.getByRole('region', { name: 'Your recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  const [first] = await codes.getByRole('listitem').allTextContents();
  await codes.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByRole('list', { name: 'Your sign-in steps' }).getByRole('listitem')).toHaveCount(1);
  await shell.signOut();

  const twoStep = page.getByRole('heading', { name: 'Two-step sign-in', level: 1 });
  await loginPage.signIn(email, secret);
  await expect(twoStep).toBeVisible();
  await page.getByRole('button', { name: 'Use your passkey' }).click();
  await shell.expectHomeOf('Ximena');
  await shell.signOut();

  const withRecoveryCode = async () => {
    await loginPage.signIn(email, secret);
    await expect(twoStep).toBeVisible();
    await page.getByLabel('Recovery code').fill(first!);
    await page.getByRole('button', { name: 'Confirm' }).click();
  };
  await withRecoveryCode();
  await shell.expectHomeOf('Ximena');
  await shell.signOut();
  await withRecoveryCode();
  await expect(page.getByText('This code is not right, or was already used. Try again.')).toBeVisible();
  await expect(twoStep).toBeVisible();
});
