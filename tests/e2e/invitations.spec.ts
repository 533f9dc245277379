import { AppShell, appStart, baseUrlOf, expect, password, test } from './fixtures';

/** Seeded members of the British school no other story signs in: the first who may still be invited is (a retry finds the next). */
const candidates = ['agustin.espinoza@british.test', 'florencia.reyes@british.test', 'vicente.torres@british.test'];

/**
 * An invitation (docs/features/invitations.md): an administrator invites a seeded member who
 * never signed in, through the API; the link of the mail (read from the college's mail outbox,
 * as an administrator sees it) lets them choose a password and lands them signed in; the link
 * then stops working.
 */
test('an invited member chooses a password from the mail’s link and lands signed in, and the link then says it cannot be used', async ({
  page,
  request,
  baseURL,
  devices,
}) => {
  const origin = baseUrlOf('british.localhost', baseURL);
  const host = { Host: new URL(origin).host };
  const signedIn = await request.post('/api/login-mobile', { headers: host, data: { email: 'admin@british.test', password } });
  const admin = { ...host, Authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}` };
  const listed = await request.get('/api/v1/admin/members', { headers: admin, params: { role: 'student', per_page: 200 } });
  const students = ((await listed.json()) as { data: { id: string; email: string; name: string }[] }).data;

  let invited: { id: string; email: string; name: string } | undefined;
  for (const candidate of candidates) {
    const student = students.find((row) => row.email === candidate);
    const answer = await request.post('/api/v1/admin/members/invitations', { headers: admin, data: { member_ids: [student?.id] } });
    if (answer.status() === 200) {
      invited = student;
      break;
    }
  }
  expect(invited, 'a seeded student who never signed in').toBeDefined();
  const { email, name: firstName } = invited!;
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
  await expect(page.getByText(`St. George's British School invited you. Choose a password for ${email}.`)).toBeVisible();
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
