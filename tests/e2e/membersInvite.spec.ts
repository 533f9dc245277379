import { appStart, expect, localDbName, test, toast } from './fixtures';

/**
 * Invitations in the members list (docs/features/invitations.md): an administrator finds the
 * members who never signed in, invites one, and sees when they were invited.
 */
test('an administrator filters the members not yet signed in, invites one, and the list says when', async ({
  page,
  signIn,
  device,
  postsApi,
  adminApi,
  request,
}) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const token = await adminApi.token();
  const created = await request.post('/api/v1/admin/members', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: 'Inés', first_lastname: `Nunca${tag}`, email: `ines.${tag}@correo.test`, role: 'guardian', status: 'active' },
  });
  expect(created.status()).toBe(201);

  const admin = await postsApi.signIn('admin@colinas.test');
  await signIn.as('admin@colinas.test', 'Patricia');
  await device.waitForSync(localDbName(admin.id));
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'User Roles', level: 1 })).toBeVisible({ timeout: appStart });
  const list = page.getByRole('list', { name: 'Members' });
  // The list drawn from the local database first: a filter set while the screen still loads is redrawn.
  await expect(list.getByRole('listitem').first()).toBeVisible({ timeout: appStart });

  // The administrator signed in; the new member did not.
  // The filter lives in the address: the box shows it once the router has moved there.
  const notSignedIn = page.getByRole('checkbox', { name: 'Not yet signed in' });
  await notSignedIn.click();
  await expect(notSignedIn).toBeChecked();
  await expect(page).toHaveURL(/notsignedin=1/);
  await page.getByRole('searchbox').fill('admin@colinas.test');
  await expect(page.getByText('No members match this search.')).toBeVisible();
  await page.getByRole('searchbox').fill(`Nunca${tag}`);
  const row = list.getByRole('listitem').filter({ hasText: `ines.${tag}@correo.test` });
  await expect(row).toBeVisible();
  await expect(row.getByText(/^Invited on /)).toHaveCount(0);

  await row.getByRole('button', { name: `Invite Inés Nunca${tag}` }).click();
  await expect(toast(page, 'Invitation sent to 1 member')).toBeVisible({ timeout: appStart });
  // The server's stamp reaches the device through the sync: the badge, and sending again asks first.
  await expect(row.getByText(/^Invited on /)).toBeVisible({ timeout: appStart });
  await row.getByRole('button', { name: `Invite Inés Nunca${tag} again` }).click();
  await expect(page.getByRole('alertdialog', { name: `Send Inés Nunca${tag} a new invitation?` })).toContainText('stops working');
});
