import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { appStart, expect, fullBrowser, installedApp, syncDone, test } from './fixtures';

/**
 * Documents kept on the device (docs/features/documents.md): a member keeps a
 * category, the network goes, the app is reloaded, and the category's PDF opens from the
 * device's copy; the download is counted once the device is online again. A full device
 * (the quota error injected into Cache Storage) leaves no half-stored document.
 */

const category = 'Reglamentos';
const pdfTitle = 'Reglamento interno 2026.pdf';

/** Records what the app hands to the browser as object URLs (a file opened from the device is one). */
async function recordObjectUrls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const made = ((window as unknown as { madeBlobs: Blob[] }).madeBlobs = [] as Blob[]);
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (object: Blob | MediaSource) => {
      if (object instanceof Blob) made.push(object);
      return create(object);
    };
  });
}

// The PDF opens in the browser's viewer: the full browser has one (both stories, as a file is one worker).
test.use(fullBrowser);

test.describe('on an installed app', () => {
  test.use(installedApp);
  test('keeps a category on the device, and opens its PDF offline after a reload; the download is counted once back online', async ({
    page,
    device,
    signIn,
    shell,
    postsApi,
    request,
  }) => {
    await recordObjectUrls(page);
    await signIn.as('emilia.castro@colinas.test', 'Emilia');
    const member = await postsApi.signIn('emilia.castro@colinas.test');
    const listed = async () => {
      const reply = await request.get(`/api/v1/documents?q=${encodeURIComponent('Reglamento interno')}`, {
        headers: { Authorization: `Bearer ${member.token}` },
      });
      expect(reply.status()).toBe(200);
      return ((await reply.json()) as { data: { title: string; sha256: string; downloads: number }[] }).data.find((row) => row.title === pdfTitle)!;
    };
    const before = await listed();
    await device.waitForServiceWorker();

    await page.goto('/documentos');
    await page
      .getByRole('navigation', { name: 'Categories' })
      // The whole word: longContent.spec.ts adds a category whose name starts with this one's.
      .getByRole('link', { name: new RegExp(`^${category}\\b`) })
      .click();
    await expect(page.getByRole('heading', { name: category, level: 1 })).toBeVisible({ timeout: appStart });
    await page.getByRole('button', { name: /^Keep this category on this device/ }).click();
    const item = page.getByRole('article', { name: pdfTitle });
    await expect(item.getByText('On this device', { exact: true })).toBeVisible({ timeout: syncDone });
    await expect(item.getByText('Kept with its category')).toBeVisible();

    await device.goOffline();
    await shell.reload();
    await expect(page.getByRole('heading', { name: category, level: 1 })).toBeVisible();
    await expect(item.getByText('On this device', { exact: true })).toBeVisible();

    const opened = page.waitForEvent('popup');
    await item.getByRole('button', { name: pdfTitle, exact: true }).click();
    const tab = await opened;
    await expect.poll(() => tab.url(), { timeout: appStart }).toMatch(/^blob:/);
    // The bytes handed to the tab are the document's, offline: from the device's copy.
    const bytes = await page.evaluate(async () => {
      const blobs = (window as unknown as { madeBlobs: Blob[] }).madeBlobs;
      return Array.from(new Uint8Array(await blobs.at(-1)!.arrayBuffer()));
    });
    expect(createHash('sha256').update(Buffer.from(bytes)).digest('hex')).toBe(before.sha256);
    expect(Buffer.from(bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-');
    await tab.close();

    // Opened offline, counted once online (through the outbox, as a background change).
    await device.goOnline();
    await expect.poll(async () => (await listed()).downloads, { timeout: syncDone }).toBe(before.downloads + 1);
  });
});

test('a full device stores nothing of a document it could not keep, and says so', async ({ page, context, signIn, shell }) => {
  // Every write to Cache Storage fails as on a full phone.
  await context.addInitScript(() => {
    Cache.prototype.put = () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
  });
  await signIn.as('tomas.vargas@colinas.test', 'Tomás');
  await page.goto('/documentos');
  const item = page.getByRole('article', { name: pdfTitle });
  await item.getByRole('button', { name: /^Keep on this device/ }).click();
  await expect(item.getByRole('alert')).toHaveText('This device is full. Remove kept files, or free space on the device, then try again.', {
    timeout: syncDone,
  });
  await expect(item.getByText('On this device', { exact: true })).toHaveCount(0);

  // Nothing half-stored: no bytes in any cache of files, and after a reload the document is not "on this device".
  const stored = await page.evaluate(async () => {
    let entries = 0;
    for (const name of await caches.keys()) if (name.endsWith('-files')) entries += (await (await caches.open(name)).keys()).length;
    return entries;
  });
  expect(stored).toBe(0);
  await shell.reload();
  await expect(item.getByRole('button', { name: /^Keep on this device/ })).toBeVisible();
  await expect(item.getByText('On this device', { exact: true })).toHaveCount(0);
});
