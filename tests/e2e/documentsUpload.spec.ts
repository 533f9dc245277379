import { appStart, baseUrlOf, expect, installedApp, localDbName, test } from './fixtures';
import { DocumentsApi, UploadsPage, pdfFile, sha256, throttleUploads, watchUploads } from './documentsUploadPages';

/**
 * Uploads that survive a weak network (docs/features/documents.md): a staff member's files go through the
 * device's upload queue with tus, resume after the network drops or the tab closes, and are
 * sent by one tab only. At the Alianza Francesa, so the other stories' documents stay as seeded.
 */

/** 4 Mbit/s up: a 5 MB file takes about ten seconds, time to cut it half-way. */
const slowUpload = 500_000;

test.describe('uploading documents', () => {
  test.slow();

  test.describe('on an installed app', () => {
    test.use(installedApp);
    test('a 5 MB file cut off half-way goes on when the network returns, and the stored file is the original', async ({
      page,
      context,
      baseURL,
      signIn,
      postsApi,
      device,
      request,
    }) => {
      const alianza = baseUrlOf('alianza.localhost', baseURL);
      const daniel = await postsApi.at(alianza).signIn('staff@alianza.test');
      await signIn.at(alianza, 'staff@alianza.test', 'Daniel');
      await device.waitForSync(localDbName(daniel.id, 'alianza'));
      await device.waitForServiceWorker();
      const uploads = new UploadsPage(page, alianza);
      await uploads.goto();
      const sent = watchUploads(context);
      await throttleUploads(context, page, slowUpload);

      const file = pdfFile('Reglamento interno 2026.pdf', 5 * 1024 * 1024);
      await uploads.queue(file);
      await uploads.waitForProgress(file.name, 50);

      await device.goOffline();
      await expect(uploads.item(file.name)).toContainText('Paused: you are offline. It will go on when you are back online.');
      const before = sent.patchOffsets().length;
      // The outbox lists it too, with the changes not sent: this device's work waiting for the network.
      await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Outbox' }).click();
      await expect(page.getByRole('heading', { name: 'Changes not sent', level: 1 })).toBeVisible();
      await expect(uploads.item(file.name)).toContainText('Paused: you are offline.');

      await device.goOnline();
      // Sent: it leaves the queue (the document comes with the sync).
      await expect(uploads.item(file.name)).toHaveCount(0, { timeout: 60_000 });
      expect(sent.creations()).toBe(1);
      // Resumed where the server's copy ends, not from the start.
      expect(sent.patchOffsets()[before]).toBeGreaterThan(0);

      const documentsApi = new DocumentsApi(request, new URL(alianza).host);
      const [stored] = await documentsApi.titled(daniel, file.name);
      expect(stored).toMatchObject({ size: file.buffer.length, mime_type: 'application/pdf' });
      expect(sha256(await documentsApi.file(daniel, stored!.id))).toBe(sha256(file.buffer));
    });
  });

  test('an upload left by a closed tab goes on from where it stopped when the app is opened again', async ({
    page,
    context,
    baseURL,
    signIn,
    postsApi,
    device,
    request,
  }) => {
    const alianza = baseUrlOf('alianza.localhost', baseURL);
    const daniel = await postsApi.at(alianza).signIn('staff@alianza.test');
    await signIn.at(alianza, 'staff@alianza.test', 'Daniel');
    await device.waitForSync(localDbName(daniel.id, 'alianza'));
    const uploads = new UploadsPage(page, alianza);
    await uploads.goto();
    const sent = watchUploads(context);
    await throttleUploads(context, page, slowUpload);

    const file = pdfFile('Horario de clases.pdf', 5 * 1024 * 1024);
    await uploads.queue(file);
    await uploads.waitForProgress(file.name, 30);
    await page.close();
    const before = sent.patchOffsets().length;

    const reopened = new UploadsPage(await context.newPage(), alianza);
    await reopened.goto();
    // It goes on (a PATCH of the reopened tab) before it can be gone from the queue: an empty
    // list alone could be one not drawn yet.
    await expect.poll(() => sent.patchOffsets().length, { timeout: 60_000 }).toBeGreaterThan(before);
    await expect(reopened.item(file.name)).toHaveCount(0, { timeout: 60_000 });
    expect(sent.creations()).toBe(1);
    expect(sent.patchOffsets()[before]).toBeGreaterThan(0);

    const documentsApi = new DocumentsApi(request, new URL(alianza).host);
    const [stored] = await documentsApi.titled(daniel, file.name);
    expect(sha256(await documentsApi.file(daniel, stored!.id))).toBe(sha256(file.buffer));
  });

  test('with two tabs open, one sends a file queued in either and both show its progress', async ({
    page,
    context,
    baseURL,
    signIn,
    postsApi,
    device,
    request,
  }) => {
    const alianza = baseUrlOf('alianza.localhost', baseURL);
    const daniel = await postsApi.at(alianza).signIn('staff@alianza.test');
    await signIn.at(alianza, 'staff@alianza.test', 'Daniel');
    await device.waitForSync(localDbName(daniel.id, 'alianza'));
    const first = new UploadsPage(page, alianza);
    await first.goto();
    const second = new UploadsPage(await context.newPage(), alianza);
    await second.goto();
    const uploadLocks = (which: 'held' | 'pending') =>
      second.page.evaluate(async (kind) => (await navigator.locks.query())[kind]?.filter((lock) => lock.name?.startsWith('patio-uploads-')).length, which);
    // One tab holds the queue's lock, the other waits for it.
    // (The runner is background work, started once each tab is idle.)
    await expect.poll(() => uploadLocks('held'), { timeout: appStart }).toBe(1);
    await expect.poll(() => uploadLocks('pending'), { timeout: appStart }).toBeGreaterThan(0);

    const sent = watchUploads(context);
    await throttleUploads(context, page, slowUpload);
    const file = pdfFile('Lista de útiles.pdf', 2 * 1024 * 1024);
    await second.queue(file);
    await second.waitForProgress(file.name, 10);
    await expect(first.progress(file.name)).toBeVisible();
    await expect(first.item(file.name)).toHaveCount(0, { timeout: 60_000 });
    await expect(second.item(file.name)).toHaveCount(0);

    // Sent once: one creation, and every part once, in order.
    expect(sent.creations()).toBe(1);
    const offsets = sent.patchOffsets();
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(new Set(offsets).size).toBe(offsets.length);
    expect(await new DocumentsApi(request, new URL(alianza).host).titled(daniel, file.name)).toHaveLength(1);
  });
});
