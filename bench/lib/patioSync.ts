/**
 * Patio's initial sync as a person gets it: a fresh browser context opens the sign-in
 * screen, signs in through the form, and the app's sync worker pulls everything into
 * IndexedDB. Timed in the page (performance.now) from the form's submit to the moment the
 * posts table of the user's database holds `expected` rows.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { demoPassword } from '../../server/db/demoData';
import { sleep } from './harness';

export interface PatioSyncRun {
  /** Submit of the sign-in form → all posts in IndexedDB. */
  totalMs: number;
  /** Submit → the sign-in answer (argon2 check and session), part of totalMs. */
  signInMs: number;
  context: BrowserContext;
  page: Page;
}

/**
 * tsx (esbuild, keepNames) wraps the named functions of the callbacks we hand to
 * page.evaluate in `__name(...)`, which pages do not define: define it as the identity.
 */
export const tsxNameHelper = 'globalThis.__name = globalThis.__name || ((fn) => fn);';

/** English UI, so the form is found by its accessible names. */
export async function newContext(browser: Browser, options: { bypassCSP?: boolean } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ bypassCSP: options.bypassCSP ?? false });
  await context.addInitScript({ content: tsxNameHelper });
  await context.addInitScript(() => {
    if (!window.localStorage.getItem('locale')) window.localStorage.setItem('locale', 'en');
  });
  return context;
}

/** Opens the sign-in screen, lets the service worker finish precaching, signs in. */
export async function signIn(page: Page, origin: string, email: string): Promise<void> {
  await page.goto(`${origin}/auth/login`);
  await page.getByLabel('Email or RUT').waitFor({ timeout: 30_000 });
  // A person takes a few seconds to type: the service worker's precache is done by then.
  await page.evaluate(() => Promise.race([navigator.serviceWorker?.ready, new Promise((resolve) => setTimeout(resolve, 10_000))]));
  await page.getByLabel('Email or RUT').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.evaluate(() => {
    const form = document.querySelector('form');
    form?.addEventListener('submit', () => ((window as unknown as { benchSubmitAt: number }).benchSubmitAt = performance.now()), { capture: true, once: true });
  });
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Polls, inside the page, the count of `table` in the IndexedDB database `name` until it
 * reaches `expected` (every `everyMs`, at most `timeoutMs`); returns the page's
 * performance.now() at that moment. Never creates the database: it waits until the app
 * has made it (opening an absent database would make an empty one under Dexie's feet).
 */
export function waitForCount(page: Page, name: string, table: string, expected: number, timeoutMs: number, everyMs = 10): Promise<number> {
  return page.evaluate(
    async ({ name, table, expected, timeoutMs, everyMs }) => {
      const deadline = performance.now() + timeoutMs;
      const pause = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));
      let db: IDBDatabase | null = null;
      try {
        while (performance.now() < deadline) {
          if (!db) {
            const names = (await indexedDB.databases()).map((d) => d.name);
            if (names.includes(name)) {
              db = await new Promise<IDBDatabase>((resolve, reject) => {
                const open = indexedDB.open(name);
                open.onsuccess = () => resolve(open.result);
                open.onerror = () => reject(open.error ?? new Error('open failed'));
              });
              db.onversionchange = () => {
                db?.close();
                db = null;
              };
            }
          }
          if (db?.objectStoreNames.contains(table)) {
            const opened = db;
            const count = await new Promise<number>((resolve, reject) => {
              const request = opened.transaction(table, 'readonly').objectStore(table).count();
              request.onsuccess = () => resolve(request.result);
              request.onerror = () => reject(request.error ?? new Error('count failed'));
            });
            if (count >= expected) return performance.now();
          }
          await pause(everyMs);
        }
        throw new Error(`${name}.${table} did not reach ${expected} rows in ${timeoutMs} ms`);
      } finally {
        db?.close();
      }
    },
    { name, table, expected, timeoutMs, everyMs },
  );
}

/** One initial sync in a fresh context (left open for the caller, who closes it). */
export async function measurePatioInitialSync(
  browser: Browser,
  origin: string,
  user: { email: string; databaseName: string },
  expected: number,
  options: { bypassCSP?: boolean } = {},
): Promise<PatioSyncRun> {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  await signIn(page, origin, user.email);
  const doneAt = await waitForCount(page, user.databaseName, 'posts', expected, 300_000);
  const { submitAt, signedInAt } = await page.evaluate(() => {
    const login = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/api/login-mobile')) as PerformanceResourceTiming | undefined;
    return { submitAt: (window as unknown as { benchSubmitAt?: number }).benchSubmitAt, signedInAt: login?.responseEnd };
  });
  if (submitAt === undefined) throw new Error('the sign-in form was not submitted (no submit event seen)');
  // Let the engine write its final status before anything else runs in the page.
  await sleep(300);
  return { totalMs: doneAt - submitAt, signInMs: (signedInAt ?? submitAt) - submitAt, context, page };
}
