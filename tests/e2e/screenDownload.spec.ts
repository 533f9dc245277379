import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { appStart, expect, test } from './fixtures';

/**
 * A screen's code and styles are lazy chunks, downloaded when the screen is first opened. On a
 * busy or weak network one download of many fails now and then: the app tries it once more
 * (src/ui/lazyScreen.ts) before it shows "Something went wrong".
 */

/** The files the build made of a source module (dist/.vite/manifest.json): its chunk and stylesheets. */
function builtFrom(source: string): { chunk: string; styles: string[] } {
  const manifest = JSON.parse(readFileSync(new URL('../../dist/.vite/manifest.json', import.meta.url), 'utf8')) as Record<
    string,
    { file: string; css?: string[] }
  >;
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is not in the build's manifest`);
  return { chunk: `/${entry.file}`, styles: (entry.css ?? []).map((file) => `/${file}`) };
}

/**
 * Every download of `path` fails, as a dropped connection does, until the app has seen one
 * fail (Vite's `vite:preloadError`, which the page records): the downloads of the first
 * attempt (a chunk's modulepreload and its `import()` may be one request or two) fail, the
 * app's second attempt goes through. Returns how many failed and how many went through.
 */
async function failTheFirstAttempt(page: Page, path: string): Promise<() => { failed: number; through: number }> {
  const counts = { failed: 0, through: 0 };
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const seenFailing = await page.evaluate(
        (path) => (window as { e2eFailedDownloads?: string[] }).e2eFailedDownloads?.some((message) => message.includes(path)) ?? false,
        path,
      );
      if (seenFailing) {
        counts.through += 1;
        await route.continue();
      } else {
        counts.failed += 1;
        await route.abort('connectionreset');
      }
    },
  );
  return () => ({ ...counts });
}

/** Follows the app's visible link to `path`. */
async function openFromTheApp(page: Page, path: string): Promise<void> {
  await page.locator(`a[href="${path}"]:visible`).first().click();
  await expect(page).toHaveURL((url) => url.pathname === path);
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    const failed: string[] = [];
    (window as { e2eFailedDownloads?: string[] }).e2eFailedDownloads = failed;
    window.addEventListener('vite:preloadError', (event) => failed.push(String((event as Event & { payload?: unknown }).payload)));
  });
});

test('a screen whose code or styles fail to download once opens on the second try, with its styles', async ({ page, signIn }) => {
  const contacts = builtFrom('src/features/contacts/readRoutes.ts');
  const documents = builtFrom('src/features/documents/readRoutes.ts');
  expect(documents.styles.length, 'the documents screen has a stylesheet of its own').toBeGreaterThan(0);
  await signIn.as('staff@colinas.test', 'Daniel');
  const somethingWrong = page.getByRole('heading', { name: 'Something went wrong' });

  const contactsDownloads = await failTheFirstAttempt(page, contacts.chunk);
  await openFromTheApp(page, '/admin/contacts');
  const contactsHeading = page.getByRole('heading', { name: 'Contacts', level: 1 });
  await expect(contactsHeading.or(somethingWrong)).toBeVisible({ timeout: appStart });
  await expect(contactsHeading).toBeVisible();
  expect(contactsDownloads(), "the contacts screen's code: downloads that failed, then one that worked").toEqual({ failed: expect.any(Number), through: 1 });
  expect(contactsDownloads().failed).toBeGreaterThan(0);
  await expect(somethingWrong).toHaveCount(0);

  const stylesDownloads = await failTheFirstAttempt(page, documents.styles[0]!);
  await openFromTheApp(page, '/documentos');
  const documentsHeading = page.getByRole('heading', { name: 'Documents', level: 1 });
  await expect(documentsHeading.or(somethingWrong)).toBeVisible({ timeout: appStart });
  await expect(documentsHeading).toBeVisible();
  expect(stylesDownloads(), "the documents screen's styles: the download that failed, then the one that worked").toEqual({ failed: 1, through: 1 });
  // Its own stylesheet lays the header out in a row.
  await expect(page.locator('main .documents-header')).toHaveCSS('display', 'flex');
  await expect(somethingWrong).toHaveCount(0);
});
