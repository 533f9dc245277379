import { expect, installedApp, localDbName, syncDone, test, toast, type Reference, uniqueTitle } from './fixtures';

// Each story signs in, waits for the initial download, reloads or goes offline and back, on a
// machine that may be busy (fixtures: appStart).
test.slow();

interface StoredPost {
  id: string;
  title: string;
}

test('a student never receives a post addressed only to staff or to another section, but does receive one for their own section', async ({
  page,
  signIn,
  shell,
  postsPage,
  postsApi,
  device,
}) => {
  const admin = await postsApi.signIn('admin@colinas.test');
  const isidora = await postsApi.signIn('isidora.valenzuela@colinas.test');
  const reference: Reference = await postsApi.reference(admin);
  const tag = uniqueTitle('privacidad').split(' ')[1]!;
  const base = { content: '<p>Solo para quien corresponde.</p>', category_id: reference.categories[0]!.id };
  const staffOnly = `Consejo de profesores ${tag}`;
  const otherSection = `Prueba de 5° Básico A ${tag}`;
  const ownSection = `Prueba de 5° Básico B ${tag}`;
  await postsApi.create(admin, { ...base, title: staffOnly, scope: 'staff', ...postsApi.everywhere(reference) });
  await postsApi.create(admin, { ...base, title: otherSection, scope: 'students', ...postsApi.sectionAudience(reference, '5° Básico', 'A') });
  await postsApi.create(admin, { ...base, title: ownSection, scope: 'students', ...postsApi.sectionAudience(reference, '5° Básico', 'B') });

  // Isidora is a student of 5° Básico B.
  await signIn.as('isidora.valenzuela@colinas.test', 'Isidora');
  const db = localDbName(isidora.id);
  await device.waitForSync(db);
  const titles = async () => ((await device.rows<StoredPost>(db, 'posts')) ?? []).map((p) => p.title);
  expect(await titles()).toContain(ownSection);
  expect(await titles()).not.toContain(staffOnly);
  expect(await titles()).not.toContain(otherSection);
  expect(await titles()).toContain('Nuevos libros en la biblioteca');
  expect(await titles()).not.toContain('Capacitación docente en evaluación formativa');

  await postsPage.goto();
  await expect(postsPage.card(ownSection)).toBeVisible();
  await expect(postsPage.card(staffOnly)).toHaveCount(0);
  await expect(postsPage.card(otherSection)).toHaveCount(0);
  await page.getByRole('searchbox').fill(tag);
  await expect(page.getByText('1 result', { exact: true })).toBeVisible();
  await expect(postsPage.card(ownSection)).toBeVisible();

  // While she is online, the server's stream brings her what is hers, and nothing else.
  const stream = await device.streamUp();
  const laterStaff = `Turnos de patio ${tag}`;
  const laterOwn = `Salida a terreno de 5° Básico B ${tag}`;
  await postsApi.create(admin, { ...base, title: laterStaff, scope: 'staff', ...postsApi.sectionAudience(reference, '5° Básico', 'B') });
  await postsApi.create(admin, { ...base, title: laterOwn, scope: 'everyone', ...postsApi.sectionAudience(reference, '5° Básico', 'B') });
  await shell.newsLink.click();
  await expect(postsPage.card(laterOwn)).toBeVisible();
  device.expectStreamKept(stream);
  await shell.reload();
  await expect(postsPage.card(laterOwn)).toBeVisible();
  await expect(postsPage.card(ownSection)).toBeVisible();
  await expect(postsPage.card(laterStaff)).toHaveCount(0);
  await expect(postsPage.card(staffOnly)).toHaveCount(0);
  expect(await titles()).toEqual(expect.arrayContaining([ownSection, laterOwn]));
  expect(await titles()).not.toEqual(expect.arrayContaining([laterStaff]));
  expect(await titles()).not.toEqual(expect.arrayContaining([staffOnly]));
  expect(await titles()).not.toEqual(expect.arrayContaining([otherSection]));
});

test.describe('on an installed app', () => {
  test.use(installedApp);
  test('reading offline is no unsent change; signing out with a change not sent yet warns and offers to wait; signing out deletes the local database', async ({
    page,
    signIn,
    shell,
    postsPage,
    postsApi,
    device,
  }) => {
    const patricia = await postsApi.signIn('admin@colinas.test');
    const db = localDbName(patricia.id);
    // A post of her school to read: the newest, so on the list's first page whatever other stories wrote.
    const reference = await postsApi.reference(patricia);
    const reading = uniqueTitle('Nuevos libros en la biblioteca');
    await postsApi.create(patricia, {
      title: reading,
      content: '<p>Llegaron 40 títulos nuevos.</p>',
      category_id: reference.categories[0]!.id,
      scope: 'everyone',
      ...postsApi.everywhere(reference),
    });
    await signIn.as('admin@colinas.test', 'Patricia');
    await device.waitForServiceWorker();
    await device.waitForSync(db);
    expect(await device.databases()).toContain(db);

    // Reading a post offline is not a change of hers: nothing "not sent".
    await postsPage.goto();
    await device.goOffline();
    await postsPage.card(reading).getByRole('link').click();
    await expect(postsPage.heading(reading)).toBeVisible();
    await expect(shell.anyUnsent).toHaveCount(0);

    // A publication written offline is.
    await postsPage.goto();
    const title = `Sin conexión ${Date.now()}`;
    await postsPage.write({ title, text: 'Escrito sin conexión.' });
    await expect(shell.unsent(1)).toBeVisible();

    await shell.signOutButton.click();
    const warning = page.getByRole('dialog', { name: 'Sign out?' });
    await expect(warning).toContainText('You have 1 change not sent yet.');
    await warning.getByRole('button', { name: 'Wait' }).click();
    await expect(warning).toHaveCount(0);
    await expect(postsPage.heading(title)).toBeVisible();
    expect(await device.databases()).toContain(db);

    // Back online the publication is sent, and a second toast says so (src/sync/outcomeToasts.ts); signing out
    // still asks, since it deletes her offline copy, and then deletes her data.
    await device.goOnline();
    await expect(toast(page, 'Publication created successfully')).toBeVisible({ timeout: syncDone });
    await expect(shell.anyUnsent).toHaveCount(0);
    await expect.poll(async () => (await postsApi.titled(patricia, title)).length, { timeout: 30_000 }).toBe(1);
    await shell.signOut();
    await expect(page.getByRole('alertdialog', { name: 'Sign out?' })).toHaveCount(0);
    await expect.poll(() => device.databases()).not.toContain(db);
    await page.reload();
    await expect(page).toHaveURL(/\/auth\/login/);
    expect(await device.databases()).not.toContain(db);
  });
});

test.describe('on an installed app', () => {
  test.use(installedApp);
  test('signing out anyway deletes the local database with the changes not sent', async ({ page, signIn, shell, postsPage, postsApi, device }) => {
    const matias = await postsApi.signIn('matias.silva@colinas.test');
    const db = localDbName(matias.id);
    await signIn.as('matias.silva@colinas.test', 'Matías');
    await device.waitForServiceWorker();
    await device.waitForSync(db);
    await postsPage.goto();
    await device.goOffline();
    const title = `Nunca enviado ${Date.now()}`;
    await postsPage.write({ title, text: 'Escrito sin conexión.' });
    await expect(shell.unsent(1)).toBeVisible();

    await shell.signOutButton.click();
    await page.getByRole('dialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out anyway' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect.poll(() => device.databases()).not.toContain(db);
    await device.goOnline();
    expect(await postsApi.titled(matias, title)).toEqual([]);
  });
});
