/**
 * The pictures in docs/screenshots/photos/: a post with its photo, a post with two as a grid,
 * the full-screen viewer, and the form's files with their descriptions, on a phone and a desktop, light and dark, Spanish and Arabic.
 * Serves the built app with the real server on a fresh demo database in .tmp/.
 *
 *   npm run build && node --import tsx scripts/photoScreenshots.ts
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { demoImageBytes, demoImages } from '../server/attachments/demoImages';
import { apiSignIn, closeUpdatePrompt, newContext, root, runShots, shoot, waitLong, type Look, type Member } from './lib/screenshotKit';

const port = Number(process.env.PATIO_SHOTS_PORT ?? 8642);
const origin = `http://127.0.0.1:${port}`;
const outDir = join(root, 'docs', 'screenshots', 'photos');
const looks: Look[] = ['phone-light-es', 'phone-dark-ar', 'desktop-light-es', 'desktop-dark-ar'];

async function api(member: Member, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const reply = await fetch(`${origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${member.token}`, ...(body && !(body instanceof Blob) ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body instanceof Blob ? body : body ? JSON.stringify(body) : undefined,
  });
  if (!reply.ok) throw new Error(`${method} ${path} answered ${reply.status}: ${(await reply.text()).slice(0, 300)}`);
  return reply;
}

/** A photo attached to a post through the tus endpoint, with its description. */
async function attach(member: Member, postId: string, name: string, bytes: Buffer, alt: string): Promise<void> {
  const metadata = Object.entries({ kind: 'attachment', owner: 'post', owner_id: postId, filename: name, alt })
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
  const tus = { 'tus-resumable': '1.0.0' };
  const created = await api(member, 'POST', '/api/v1/uploads', undefined, { ...tus, 'upload-length': String(bytes.length), 'upload-metadata': metadata });
  await api(member, 'PATCH', new URL(created.headers.get('location')!, origin).pathname, new Blob([new Uint8Array(bytes)]), {
    ...tus,
    'upload-offset': '0',
    'content-type': 'application/offset+octet-stream',
  });
}

runShots({ port, dataDir: join(root, '.tmp', 'shots-photos') }, async (browser) => {
  mkdirSync(outDir, { recursive: true });
  const staff = await apiSignIn(origin, 'staff@colinas.test', 'patio-demo-2026');
  const posts = ((await (await api(staff, 'GET', '/api/v1/posts?per_page=100')).json()) as { data: Record<string, unknown>[] }).data;
  const library = posts.find((post) => post.title === 'Nuevos libros en la biblioteca')!;
  const { id: _id, attachments: _files, views: _views, published_at: _at, author_name: _author, ...audience } = library;
  const created = (await (
    await api(staff, 'POST', '/api/v1/posts', {
      ...audience,
      title: 'Semana del deporte y la lectura',
      content: '<p>Una semana de finales en el gimnasio y de cuentos en la biblioteca. Gracias a todas las familias que acompañaron.</p>',
    })
  ).json()) as { id: string };
  await attach(staff, created.id, 'biblioteca.jpg', await demoImageBytes(demoImages.library), 'Estantes de la biblioteca con los libros nuevos');
  await attach(staff, created.id, 'final-basquetbol.jpg', await demoImageBytes(demoImages.basketball), 'La final de básquetbol en el gimnasio');

  for (const look of looks) {
    const context = await newContext(browser, look, origin, staff);
    const page = await context.newPage();
    await page.goto(`${origin}/blog/post/${String(library.id)}`);
    await page.locator('.image-gallery img').first().waitFor({ timeout: waitLong });
    await closeUpdatePrompt(page);
    await shoot(page, outDir, 'post-photo', look);

    await page.goto(`${origin}/blog/post/${created.id}`);
    await page.locator('.image-gallery img').nth(1).waitFor({ timeout: waitLong });
    await shoot(page, outDir, 'post-gallery', look);
    await page.locator('.image-gallery-open').first().click();
    await page.locator('.image-viewer-image').waitFor();
    await shoot(page, outDir, 'viewer', look);
    await page.keyboard.press('Escape');

    // The form: what is attached beside the picker, and each photo's description.
    await page.goto(`${origin}/blog/post/${created.id}/edit`);
    await page.locator('.file-picker-status').waitFor({ timeout: waitLong });
    await page.locator('.attachments-field').scrollIntoViewIfNeeded();
    await shoot(page, outDir, 'post-form', look);
    await context.close();
  }
});
