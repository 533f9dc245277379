import { createHash } from 'node:crypto';
import { expect, installedApp, localDbName, PostsPage, syncDone, test } from './fixtures';

test.use(installedApp);

/**
 * News kept on the device (docs/features/documents.md, attachments): a member keeps a
 * news category; the photos and files of its posts are downloaded with them, and after a
 * reload with no network the cover shows, the post shows its photo, and the photo opens from
 * the device's copy. The
 * original file is sent `no-cache` (its audience is checked each time), so offline it can only
 * come from what the member kept.
 */
test('keeps a news category’s photos on the device: offline after a reload, the cover shows and the photo opens', async ({
  page,
  signIn,
  shell,
  postsApi,
  device,
}) => {
  test.slow();
  const title = 'Nuevos libros en la biblioteca';
  const member = await postsApi.signIn('staff@colinas.test');
  const [post] = await postsApi.titled(member, title);
  const photo = post!.attachments![0]!;
  const original = await page.request.get(`/api/v1/attachments/${photo.id}/file?inline=1`, { headers: { Authorization: `Bearer ${member.token}` } });
  expect(original.status()).toBe(200);
  const sha256 = createHash('sha256')
    .update(await original.body())
    .digest('hex');

  await signIn.as('staff@colinas.test', 'Daniel');
  await device.waitForServiceWorker();
  await device.waitForSync(localDbName(member.id));
  await page.goto('/blog/noticias');
  await expect(page.getByRole('heading', { name: 'Noticias', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /^Keep photos and files on this device/ }).click();
  await expect(page.getByText('On this device', { exact: true })).toBeVisible({ timeout: syncDone });
  await expect(page.getByText(/^(\d+) of \1 files? on this device/)).toBeVisible();

  await device.goOffline();
  await shell.reload();
  await expect(shell.offline).toBeVisible();
  const card = new PostsPage(page).card(title);
  const cover = card.locator('img.post-card-cover');
  await expect(cover).toBeVisible();
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  // The post itself shows its photo too: its page asks for a wider variant than the list
  // keeps, and the service worker answers with the widest one kept.
  await card.getByRole('link', { name: title }).click();
  const inline = page.locator('.image-gallery img');
  await expect(inline).toBeVisible();
  await expect.poll(() => inline.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await page.goBack();
  await expect(cover).toBeVisible();

  // The link that opens the photo, fetched as the browser would with no network.
  const bytes = await page.evaluate(async (href) => {
    const response = await fetch(href);
    return Array.from(new Uint8Array(await response.arrayBuffer()));
  }, `/api/v1/attachments/${photo.id}/file?inline=1`);
  expect(createHash('sha256').update(Buffer.from(bytes)).digest('hex')).toBe(sha256);

  // Stopping frees them: offline, the photo can no longer be opened.
  await page.getByRole('button', { name: /^Stop keeping this category/ }).click();
  await expect(page.getByRole('button', { name: /^Keep photos and files on this device/ })).toBeVisible();
  const failed = await page.evaluate(async (href) => {
    try {
      return (await fetch(href)).ok ? 'opened' : 'refused';
    } catch {
      return 'failed';
    }
  }, `/api/v1/attachments/${photo.id}/file?inline=1`);
  expect(failed).toBe('failed');
});
