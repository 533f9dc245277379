import { expect, installedApp, localDbName, syncDone, test, toast, uniqueTitle } from './fixtures';

test.use(installedApp);

test('says honestly that an edit made offline was saved and then refused, shows why, offers no fix for a deleted post, and discards it on request', async ({
  page,
  signIn,
  shell,
  postsPage,
  outboxPage,
  postsApi,
  device,
}) => {
  // Several app starts, syncs and reloads on a machine that may be busy (fixtures: appStart).
  test.slow();
  const patricia = await postsApi.signIn('admin@colinas.test');
  const daniel = await postsApi.signIn('staff@colinas.test');
  const reference = await postsApi.reference(patricia);
  const title = uniqueTitle('Horario de atención de secretaría');
  const post = await postsApi.create(patricia, {
    title,
    content: '<p>Secretaría atiende de 8:00 a 17:00.</p>',
    category_id: reference.categories[0]!.id,
    scope: 'everyone',
    ...postsApi.everywhere(reference),
  });

  await signIn.as('admin@colinas.test', 'Patricia');
  await device.waitForServiceWorker();
  await device.waitForSync(localDbName(patricia.id));
  await postsPage.goto();
  await postsPage.card(title).getByRole('link', { name: title }).click();
  await expect(postsPage.heading(title)).toBeVisible();

  // Patricia edits it offline…
  await device.goOffline();
  await expect(shell.offline).toBeVisible();
  const edited = `${title} (nuevo horario)`;
  const text = 'Desde el lunes secretaría atiende de 7:30 a 16:00, también en recreos.';
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByLabel('Title', { exact: true }).fill(edited);
  await page.getByRole('textbox', { name: 'Content' }).fill(text);
  await page.getByRole('button', { name: 'Save changes' }).click();
  // The toast says what really happened: kept on this device, not "edited successfully".
  await expect(toast(page, 'Saved on this device. It will be sent when you are back online.')).toBeVisible();
  await expect(toast(page, 'Publication edited successfully')).toHaveCount(0);
  await expect(postsPage.heading(edited)).toBeVisible();
  await expect(postsPage.detailBadge).toHaveText('Not sent');

  // …while a colleague deletes the post on the server. Back online, the edit is refused (404).
  await postsApi.remove(daniel, post.id);
  await device.goOnline();
  await expect(toast(page, 'The server did not accept this edit: This publication no longer exists.')).toBeVisible({ timeout: syncDone });
  await expect(toast(page, 'Publication edited successfully')).toHaveCount(0);
  await expect(postsPage.detailBadge).toHaveText('Needs attention');
  // Editing or deleting a post that no longer exists cannot work: only keeping the text can.
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Fix and resend' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Keep as a new publication' })).toBeVisible();
  const alert = page.getByRole('alert').filter({ hasText: 'This change was not accepted by the server' });
  await expect(alert).toContainText('This publication no longer exists.');
  await expect(postsPage.heading(edited)).toBeVisible();
  await expect(page.getByText(text)).toBeVisible();
  await expect(shell.attention(1)).toBeVisible();
  await expect(shell.anyUnsent).toHaveCount(0);

  // The outbox lists it with the reason; everything survives a reload.
  await shell.attention(1).click();
  const entry = outboxPage.entry(`Edited publication: ${edited}`);
  await expect(entry).toContainText('Needs attention');
  await expect(entry.getByRole('alert')).toContainText('This publication no longer exists.');
  await shell.reload();
  await expect(entry).toContainText('Needs attention');
  await expect(entry.getByRole('alert')).toContainText('This publication no longer exists.');
  // The outbox offers what can work: discard, or keep the text as a new publication.
  await expect(entry.getByRole('link', { name: 'Fix and resend' })).toHaveCount(0);
  await expect(entry.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(entry.getByRole('button', { name: 'Keep as a new publication' })).toBeVisible();

  // Discarding it puts things back as the server has them: the post is gone.
  await entry.getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('alertdialog', { name: 'Discard this change?' }).getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByText('Everything has been sent.')).toBeVisible();
  await expect(shell.attention(1)).toHaveCount(0);
  await postsPage.goto();
  await expect(postsPage.card(edited)).toHaveCount(0);
  await expect(postsPage.card(title)).toHaveCount(0);
  await shell.reload();
  // The list is read again (it shows posts), and neither version of this one is among them.
  await expect(postsPage.list.getByRole('article').first()).toBeVisible();
  await expect(postsPage.card(edited)).toHaveCount(0);
  expect(await postsApi.titled(patricia, title)).toHaveLength(0);
});
