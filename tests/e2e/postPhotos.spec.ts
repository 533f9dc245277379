import sharp from 'sharp';
import type { APIRequestContext } from '@playwright/test';
import { appStart, expect, test, uniqueTitle, type ApiMember } from './fixtures';

/**
 * A post's photos in the post (docs/features/posts.md, "Photos in a post"): the seeded
 * "Nuevos libros en la biblioteca" shows its picture when opened, the viewer opens on it,
 * and Escape and the browser's Back close it without leaving the post; a post with two
 * photos goes from one to the other with the arrow keys and a swipe.
 */

/** A photo attached to a post through the tus endpoint, as the upload queue sends it. */
async function attachPhoto(request: APIRequestContext, member: ApiMember, postId: string, name: string, color: { r: number; g: number; b: number }) {
  const bytes = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  const metadata = Object.entries({ kind: 'attachment', owner: 'post', owner_id: postId, filename: name })
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
  const headers = { Authorization: `Bearer ${member.token}`, 'Tus-Resumable': '1.0.0' };
  const created = await request.post('/api/v1/uploads', { headers: { ...headers, 'Upload-Length': String(bytes.length), 'Upload-Metadata': metadata } });
  expect(created.status(), await created.text()).toBe(201);
  const sent = await request.patch(created.headers().location!, {
    headers: { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    data: bytes,
  });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
}

test('a post shows its photos in it; the viewer goes through them and closes with Escape and with Back', async ({ page, signIn, postsApi }) => {
  const staff = await postsApi.signIn('staff@colinas.test');
  const [library] = await postsApi.titled(staff, 'Nuevos libros en la biblioteca');
  const reference = await postsApi.reference(staff);
  const title = uniqueTitle('Muestra de arte');
  const pictured = await postsApi.create(staff, {
    title,
    content: '<p>Los trabajos del taller de pintura.</p>',
    category_id: reference.categories[0]!.id,
    scope: 'everyone',
    ...postsApi.everywhere(reference),
  });
  await attachPhoto(page.request, staff, pictured.id, 'rojo.jpg', { r: 200, g: 60, b: 40 });
  await attachPhoto(page.request, staff, pictured.id, 'azul.jpg', { r: 40, g: 80, b: 200 });
  await signIn.stored('', 'student@colinas.test');

  // The seeded post: its picture in it, not a link to a file.
  await page.goto(`/blog/post/${library!.id}`);
  await expect(page.getByRole('heading', { name: 'Nuevos libros en la biblioteca', level: 1 })).toBeVisible({ timeout: appStart });
  const picture = page.locator('.image-gallery img');
  await expect(picture).toHaveAttribute('alt', 'Nuevos libros en la biblioteca, photo');
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: 'biblioteca.jpg' })).toHaveCount(0);

  const viewer = page.getByRole('dialog', { name: 'Photo' });
  const thumbnail = page.getByRole('button', { name: 'Nuevos libros en la biblioteca, photo' });
  await thumbnail.click();
  await expect(viewer).toBeVisible();
  const shown = viewer.getByRole('img');
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await shown.dblclick();
  await expect(viewer.getByRole('button', { name: 'Zoom out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(thumbnail).toBeFocused();

  // Back closes the viewer and leaves the reader on the post.
  await thumbnail.click();
  await expect(viewer).toBeVisible();
  await page.goBack();
  await expect(viewer).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/blog/post/${library!.id}$`));
  await expect(page.getByRole('heading', { name: 'Nuevos libros en la biblioteca', level: 1 })).toBeVisible();

  // Two photos: a grid; the viewer goes from one to the other.
  await page.goto(`/blog/post/${pictured.id}`);
  await page.getByRole('button', { name: `${title}, photo 1 of 2` }).click({ timeout: appStart });
  await expect(page.getByRole('dialog', { name: 'Photo 1 of 2' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'Photo 2 of 2' })).toBeVisible();
  await page.getByRole('button', { name: 'Previous photo' }).click();
  const stage = page.locator('.image-viewer-stage');
  const box = (await stage.boundingBox())!;
  const y = box.y + box.height / 2;
  // A swipe to the left (here with the mouse; a finger's pointer events are the same): the next photo.
  await page.mouse.move(box.x + box.width * 0.8, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, y, { steps: 4 });
  await page.mouse.move(box.x + box.width * 0.2, y, { steps: 4 });
  await page.mouse.up();
  await expect(page.getByRole('dialog', { name: 'Photo 2 of 2' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('button', { name: `${title}, photo 2 of 2` })).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/blog/post/${pictured.id}$`));
});
