import type { Page } from '@playwright/test';
import { csvOf, manifest, zipOf } from '../server/rosterFiles';
import { appStart, expect, installedApp, localDbName, test, toast } from './fixtures';

/**
 * Administrators manage members (docs/features/members.md): the list at /users reads the members synced to
 * the admin's device; changes go through the outbox; the import is checked by the server
 * before anything is written.
 */

const run = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** A valid rut made from a number, with its check digit (contract/rut.ts's rule). */
function rutOf(body: number): string {
  let sum = 0;
  let factor = 2;
  for (const digit of String(body).split('').reverse()) {
    sum += Number(digit) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const rest = 11 - (sum % 11);
  return `${body}-${rest === 11 ? '0' : rest === 10 ? 'K' : String(rest)}`;
}

async function openMembers(page: Page): Promise<void> {
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'User Roles', level: 1 })).toBeVisible({ timeout: appStart });
}

test.describe('members', () => {
  test('a visitor signs up, the administrator sees the sign-up on home, approves it, and the new member signs in', async ({
    page,
    signupPage,
    signIn,
    shell,
    device,
    postsApi,
    devices,
  }) => {
    test.slow();
    const email = `nueva.${run()}@correo.test`;
    await signupPage.goto();
    await signupPage.fill({ name: 'Renata Quiroga', email, password: 'long-enough-1', confirmation: 'long-enough-1' });
    await signupPage.submit.click();
    await expect(page.getByText('Your account is waiting for approval by the school.')).toBeVisible();

    const admin = await postsApi.signIn('admin@colinas.test');
    await signIn.as('admin@colinas.test', 'Patricia');
    await device.waitForSync(localDbName(admin.id));
    const waiting = page.getByRole('link', { name: /^\d+ sign-ups? waiting for approval$/ });
    await expect(waiting).toBeVisible({ timeout: appStart });
    await waiting.click();
    await expect(page).toHaveURL(/\/users\?status=pending$/);
    const row = page.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: email });
    await expect(row.getByText('Pending approval')).toBeVisible();
    await row.getByRole('button', { name: 'Approve Renata Quiroga' }).click();
    await expect(toast(page, 'Sign-up approved')).toBeVisible({ timeout: appStart });
    await expect(shell.anyUnsent).toHaveCount(0);

    const phone = await devices.open();
    await phone.signIn.as(email, 'Renata', 'long-enough-1');
  });

  test('an import with errors shows them row by row and writes nothing; the fixed file imports every member', async ({ page, signIn, device, postsApi }) => {
    test.slow();
    const tag = run();
    const admin = await postsApi.signIn('admin@colinas.test');
    await signIn.as('admin@colinas.test', 'Patricia');
    await device.waitForSync(localDbName(admin.id));
    const base = 40_000_000 + Math.floor(Math.random() * 9_000_000);
    const header = 'Nombre;Apellido paterno;Correo;RUT;Rol;Curso\n';
    const good = [
      `Julieta;Araya;julieta.${tag}@correo.test;${rutOf(base)};alumno;1° Básico A`,
      `Bruno;Araya;bruno.${tag}@correo.test;${rutOf(base + 1)};alumno;1° Básico B`,
    ];
    const withErrors = [
      ...good,
      `Elena;Mora;elena.${tag}@correo.test;12.345.678-9;alumno;1° Básico A`,
      `Pablo;Mora;student@colinas.test;${rutOf(base + 2)};alumno;1° Básico A`,
      `Lucía;Mora;lucia.${tag}@correo.test;${rutOf(base + 3)};alumno;9° Básico Z`,
    ];
    const fixed = [
      ...good,
      `Elena;Mora;elena.${tag}@correo.test;${rutOf(base + 4)};alumno;1° Básico A`,
      `Pablo;Mora;pablo.${tag}@correo.test;${rutOf(base + 2)};alumno;1° Básico A`,
      `Lucía;Mora;lucia.${tag}@correo.test;${rutOf(base + 3)};alumno;2° Básico A`,
    ];

    await page.goto('/users/import');
    await expect(page.getByRole('heading', { name: 'Import members', level: 1 })).toBeVisible({ timeout: appStart });
    await page
      .getByLabel('Choose a CSV file')
      .setInputFiles({ name: 'familias.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${header}${withErrors.join('\n')}\n`) });
    await expect(page.getByRole('status').filter({ hasText: /^2 rows ready to import, 3 rows with errors$/ })).toBeVisible({ timeout: appStart });
    const table = page.getByRole('table');
    // Columns and errors named in the person's language, the file's own header under each name.
    await expect(table.getByRole('row', { name: /^4 / })).toContainText('RUT: Please enter a valid RUT');
    await expect(table.getByRole('columnheader', { name: 'Sections sections' })).toBeVisible();
    await expect(table.getByRole('row', { name: /^5 / })).toContainText('This email is already registered.');
    await expect(table.getByRole('row', { name: /^6 / })).toContainText('No section has this name.');
    await expect(page.getByRole('button', { name: 'Import 2 members' })).toBeDisabled();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the rows with errors' }).click();
    expect((await download).suggestedFilename()).toBe('familias-errors.csv');
    const found = await page.request.get('/api/v1/admin/members', { headers: { Authorization: `Bearer ${admin.token}` }, params: { q: tag } });
    expect(((await found.json()) as { meta: { total: number } }).meta.total).toBe(0);

    await page.getByRole('button', { name: 'Choose another file' }).click();
    await page
      .getByLabel('Choose a CSV file')
      .setInputFiles({ name: 'familias.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}${fixed.join('\n')}\n`) });
    await expect(page.getByRole('status').filter({ hasText: /^5 rows ready to import, 0 rows with errors$/ })).toBeVisible({ timeout: appStart });
    await page.getByRole('button', { name: 'Import 5 members' }).click();
    await expect(page.getByText('5 members imported.')).toBeVisible({ timeout: appStart });
    await page.getByRole('link', { name: 'See the members' }).click();
    await page.getByPlaceholder('Search by name, email or RUT').fill(tag);
    await expect(page.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(5, { timeout: appStart });
    await expect(page.getByRole('list', { name: 'Members' })).toContainText('Lucía Mora');
  });

  test('a OneRoster zip from the school information system: refused rows listed with where they are, then the fixed file imported', async ({
    page,
    signIn,
    postsApi,
  }) => {
    const tag = run();
    const admin = await postsApi.signIn('admin@colinas.test');
    await signIn.as('admin@colinas.test', 'Patricia');
    // A district org stands for the college: the set adds members only, no place, course or section.
    const user = (id: string, role: string, email: string, agents = '') => ({
      sourcedId: `${tag}-${id}`,
      status: 'active',
      enabledUser: 'true',
      orgSourcedIds: `${tag}-district`,
      role,
      username: id,
      givenName: id === 'student' ? 'Tomás' : 'Inés',
      familyName: `Roster ${tag}`,
      email,
      agentSourcedIds: agents,
    });
    const setOf = (parentEmail: string) =>
      zipOf({
        'manifest.csv': manifest('delta', ['orgs', 'users']),
        'orgs.csv': csvOf('orgs', [{ sourcedId: `${tag}-district`, status: 'active', name: 'Distrito', type: 'district' }]),
        'users.csv': csvOf('users', [
          user('student', 'student', `tomas.${tag}@sis.test`, `${tag}-parent`),
          user('parent', 'parent', parentEmail, `${tag}-student`),
        ]),
      });

    await page.goto('/users/import');
    await expect(page.getByRole('heading', { name: 'From the student information system (OneRoster)' })).toBeVisible({ timeout: appStart });
    await page.getByLabel('Choose a OneRoster zip').setInputFiles({ name: 'roster.zip', mimeType: 'application/zip', buffer: await setOf('not-an-email') });
    await expect(page.getByRole('status').filter({ hasText: '1 row refused' })).toBeVisible({ timeout: appStart });
    await expect(page.locator('.roster-refusals li')).toHaveText(['users.csv · 3 · email Please enter a valid email address not-an-email']);
    await expect(page.getByRole('button', { name: 'Import the roster' })).toBeDisabled();

    await page.getByRole('button', { name: 'Choose another file' }).click();
    await page
      .getByLabel('Choose a OneRoster zip')
      .setInputFiles({ name: 'roster.zip', mimeType: 'application/zip', buffer: await setOf(`ines.${tag}@sis.test`) });
    await expect(page.getByRole('status').filter({ hasText: 'Ready to import' })).toBeVisible({ timeout: appStart });
    await expect(page.getByRole('row', { name: /^Members/ })).toHaveText(/Members\s*2\s*0\s*0\s*0/);
    await page.getByRole('button', { name: 'Import the roster' }).click();
    await expect(page.getByText('The roster was imported.')).toBeVisible({ timeout: appStart });
    const found = await page.request.get('/api/v1/admin/members', { headers: { Authorization: `Bearer ${admin.token}` }, params: { q: `Roster ${tag}` } });
    expect(((await found.json()) as { meta: { total: number } }).meta.total).toBe(2);
  });

  test.describe('on an installed app', () => {
    test.use(installedApp);
    test('a member edited offline is queued, listed in the outbox, and sent when back online', async ({
      page,
      signIn,
      shell,
      device,
      postsApi,
      outboxPage,
    }) => {
      test.slow();
      const admin = await postsApi.signIn('admin@colinas.test');
      await signIn.as('admin@colinas.test', 'Patricia');
      await device.waitForServiceWorker();
      await device.waitForSync(localDbName(admin.id));
      await openMembers(page);
      await page.getByPlaceholder('Search by name, email or RUT').fill('Rodrigo Rojas');
      await page
        .getByRole('list', { name: 'Members' })
        .getByRole('link', { name: /^Rodrigo Rojas/ })
        .click();
      await expect(page.getByRole('heading', { name: /^Rodrigo Rojas/, level: 1 })).toBeVisible();
      // The member's address, once the router has written it (the heading may paint first).
      await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}$/);
      const id = new URL(page.url()).pathname.split('/users/')[1]!;

      await device.goOffline();
      await expect(shell.offline).toBeVisible();
      await page.getByRole('link', { name: 'Edit', exact: true }).click();
      const phone = `+56 9 ${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
      await page.getByLabel('Phone').fill(phone);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByRole('heading', { name: /^Rodrigo Rojas/, level: 1 })).toBeVisible();
      await expect(page.locator('.member-detail .sync-badge')).toHaveText('Not sent');
      await expect(shell.unsent(1)).toBeVisible();
      await outboxPage.goto();
      await expect(outboxPage.entry(/^Edited member: Rodrigo Rojas/)).toBeVisible();

      await device.goOnline();
      await expect(shell.anyUnsent).toHaveCount(0, { timeout: appStart });
      await expect
        .poll(async () => {
          const reply = await page.request.get(`/api/v1/admin/members/${id}`, { headers: { Authorization: `Bearer ${admin.token}` } });
          return ((await reply.json()) as { phone?: string }).phone;
        })
        .toBe(phone);
    });
  });
});
