import { AppShell, appStart, expect, test } from './fixtures';

/**
 * An invitation (docs/features/invitations.md): an administrator of Las Colinas invites a member
 * just added, who never signed in, through the API; the link of the mail (read from the
 * college's mail outbox, as an administrator sees it) lets them choose a password and lands
 * them signed in; the link then stops working. Las Colinas, because no story gives it a mail
 * server: saving one sends recorded invitations again with new links.
 */
test('an invited member chooses a password from the mail’s link and lands signed in, and the link then says it cannot be used', async ({
  page,
  request,
  baseURL,
  adminApi,
  devices,
}) => {
  const origin = new URL(baseURL!).origin;
  const admin = { Authorization: `Bearer ${await adminApi.token()}` };
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const firstName = 'Agustín';
  const email = `agustin.${tag}@correo.test`;
  const created = await request.post('/api/v1/admin/members', {
    headers: admin,
    data: { name: firstName, first_lastname: `Espinoza${tag}`, email, role: 'guardian', status: 'active' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const answer = await request.post('/api/v1/admin/members/invitations', { headers: admin, data: { member_ids: [id] } });
  expect(answer.status()).toBe(200);
  let link = '';
  await expect
    .poll(async () => {
      const outbox = await request.get('/api/v1/admin/mail-outbox', { headers: admin });
      const mail = ((await outbox.json()) as { data: { to: string; text: string }[] }).data.find((m) => m.to === email);
      link = /https?:\/\/\S*\/auth\/invitation\?token=[\w-]+/.exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  expect(new URL(link).origin).toBe(origin);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: `Welcome, ${firstName}`, level: 1 })).toBeVisible({ timeout: appStart });
  await expect(page.getByText(`Colegio Las Colinas invited you. Choose a password for ${email}.`)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('my-first-password');
  await page.getByLabel('Confirm new password').fill('my-first-password');
  await page.getByRole('button', { name: 'Save password and sign in' }).click();
  await new AppShell(page).expectHomeOf(firstName);

  // The same link again, on another browser: used, it says so and where to turn.
  const other = await devices.open();
  await other.page.goto(link);
  await expect(other.page.getByRole('heading', { name: 'This invitation cannot be used', level: 1 })).toBeVisible({ timeout: appStart });
  await expect(other.page.getByRole('alert')).toContainText('Ask the school for a new one.');
  await expect(other.page.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
});
