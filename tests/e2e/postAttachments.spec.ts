import sharp from 'sharp';
import { expect, installedApp, localDbName, PostsPage, test, toast, uniqueTitle } from './fixtures';

/**
 * Attachments from the post form (docs/features/documents.md, attachments): a photo
 * picked for a post written offline waits on the device with its post; back online, the
 * post is sent, then the photo, and the news list shows it as the post's cover, resized by
 * the server and offered with `srcset`.
 */
test.describe('attachments on posts', () => {
  test.describe('on an installed app', () => {
    test.use(installedApp);
    test('a teacher writes a post with a photo offline; back online, the news list shows the photo as its cover', async ({
      page,
      signIn,
      shell,
      postsApi,
      device,
    }) => {
      // An app start, a sync, an offline write and the upload on a machine that may be busy.
      test.slow();
      const title = uniqueTitle('Acto del 18 de septiembre');
      const matias = await postsApi.signIn('matias.silva@colinas.test');
      const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 60, b: 40 } } })
        .jpeg({ quality: 80 })
        .toBuffer();

      await signIn.as('matias.silva@colinas.test', 'Matías');
      await device.waitForServiceWorker();
      await device.waitForSync(localDbName(matias.id));
      const postsPage = new PostsPage(page);
      await postsPage.goto();
      await device.goOffline();
      await expect(shell.offline).toBeVisible();

      await postsPage.newPostLink.click();
      await expect(page.getByRole('heading', { name: 'New publication', level: 1 })).toBeVisible();
      await page.getByLabel('Title', { exact: true }).fill(title);
      await page.getByRole('textbox', { name: 'Content' }).fill('Fotos del acto en el patio central.');
      await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Noticias' });
      await postsPage.audience.choose('Everyone in the school');
      await page.getByLabel('Attachments').setInputFiles({ name: 'acto.jpg', mimeType: 'image/jpeg', buffer: photo });
      await expect(page.getByRole('list', { name: 'Files' }).getByText('acto.jpg', { exact: true })).toBeVisible();
      await expect(page.getByText('1 file attached', { exact: true })).toBeVisible();
      // Its text alternative goes up with it.
      await page.getByLabel('Description of acto.jpg').fill('El escenario del acto, con banderas');
      await page.getByRole('button', { name: 'Publish' }).click();
      await expect(toast(page, 'Saved on this device. It will be sent when you are back online.')).toBeVisible();
      await expect(postsPage.heading(title)).toBeVisible();

      // Offline, the post is listed without a cover: its photo waits on the device with it.
      await shell.newsLink.click();
      const card = postsPage.card(title);
      await expect(card.getByText('Not sent', { exact: true })).toBeVisible();
      await expect(card.locator('img')).toHaveCount(0);

      // Back online: the post goes, then its photo, and the synced post lists it as its cover.
      await device.goOnline();
      const cover = card.locator('img.post-card-cover');
      await expect(cover).toBeVisible({ timeout: 60_000 });
      await expect(cover).toHaveAttribute('srcset', /\?w=320 320w, .*\?w=640 640w$/);
      await expect(cover).toHaveAttribute('width', '1200');
      await expect
        .poll(async () => (await postsApi.titled(matias, title))[0]?.attachments?.map((file) => [file.name, file.alt]))
        .toEqual([['acto.jpg', 'El escenario del acto, con banderas']]);
      // It loads: an <img> sends no Bearer header, the file route reads the session's cookie.
      await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await shell.reload();
      await expect(postsPage.card(title).locator('img.post-card-cover')).toBeVisible();
    });
  });
});
