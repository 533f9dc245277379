import { AppShell, expect, installedApp, localDbName, PostsPage, test, uniqueTitle } from './fixtures';

test.describe('writing offline', () => {
  test.describe('on an installed app', () => {
    test.use(installedApp);
    test('keeps a post written offline marked "Not sent" across a reload, sends it once when back online, and another open browser gets it without reloading', async ({
      signIn,
      shell,
      postsPage,
      postsApi,
      device,
      devices,
    }) => {
      // Several app starts, syncs and reloads on a machine that may be busy (fixtures: appStart).
      test.slow();
      const title = uniqueTitle('Corte de agua el jueves');
      const matias = await postsApi.signIn('matias.silva@colinas.test');
      const josefa = await postsApi.signIn('josefa.herrera@colinas.test');

      // Josefa, a guardian, has Patio open on the news before the post is written.
      const phone = await devices.open();
      await phone.signIn.as('josefa.herrera@colinas.test', 'Josefa');
      const phonePosts = new PostsPage(phone.page);
      await phonePosts.goto();
      await phone.device.waitForSync(localDbName(josefa.id));
      await phone.device.markPage();
      const stream = await phone.device.streamUp();

      // Matías, a teacher, loses the network after Patio has been installed and synced.
      await signIn.as('matias.silva@colinas.test', 'Matías');
      await device.waitForServiceWorker();
      await device.waitForSync(localDbName(matias.id));
      await postsPage.goto();
      await device.goOffline();
      await expect(shell.offline).toBeVisible();

      await postsPage.write({ title, text: 'Mañana jueves no habrá agua entre las 10:00 y las 14:00.' });
      await expect(postsPage.detailBadge).toHaveText('Not sent');
      await shell.newsLink.click();
      await expect(postsPage.card(title).getByText('Not sent', { exact: true })).toBeVisible();
      await expect(shell.unsent(1)).toBeVisible();

      // Still offline: a reload keeps the post and its mark.
      await shell.reload();
      await expect(postsPage.card(title).getByText('Not sent', { exact: true })).toBeVisible();
      await expect(shell.unsent(1)).toBeVisible();
      await expect(shell.offline).toBeVisible();
      expect(await postsApi.titled(matias, title)).toHaveLength(0);

      // Back online: sent, unmarked, exactly one copy on the server.
      await device.goOnline();
      await expect(postsPage.card(title)).toBeVisible();
      await expect(postsPage.card(title).getByText('Not sent', { exact: true })).toHaveCount(0);
      await expect(shell.anyUnsent).toHaveCount(0);
      await expect.poll(async () => (await postsApi.titled(matias, title)).length).toBe(1);
      await shell.reload();
      await expect(postsPage.card(title)).toBeVisible();
      await expect(postsPage.card(title).getByText('Not sent', { exact: true })).toHaveCount(0);
      expect(await postsApi.titled(matias, title)).toHaveLength(1);

      // Josefa's open page shows it, pushed by the server: no reload, and her stream stayed up (no poll).
      await expect(phonePosts.card(title)).toBeVisible();
      await phone.device.expectSamePage();
      phone.device.expectStreamKept(stream);
      await new AppShell(phone.page).reload();
      await expect(phonePosts.card(title)).toBeVisible();
    });
  });
});
