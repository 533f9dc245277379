/**
 * What a page shows and holds during a first sync, stamped in the page (epoch ms, in
 * `window.benchStamps`): the sign-in heading, the form's submit, the News heading, the first
 * post card of the News list (a MutationObserver armed before the page loads), the service
 * worker taking control; and, once `benchWatchPosts` is called, the count of the posts table
 * of the user's IndexedDB database (`window.benchCount`) with the moments it reached half
 * and all of the expected rows. Each change of the title of the list's top card is logged
 * (`window.benchTopCards`): the last entry once the sync is done is when the newest post
 * reached the top of the list, where it stayed.
 */
import type { Page } from '@playwright/test';

export interface SyncStamps {
  signInHeading?: number;
  submit?: number;
  newsHeading?: number;
  firstCard?: number;
  swControls?: number;
  half?: number;
  done?: number;
}

interface BenchWindow {
  benchStamps: SyncStamps;
  benchTopCards: { at: number; title: string }[];
  benchCount: number;
  benchWatchPosts: (name: string, expected: number, everyMs: number) => void;
}

/** Init script: add with `context.addInitScript(watchSync)`. */
export function watchSync(): void {
  const win = window as unknown as BenchWindow;
  const stamps: SyncStamps = {};
  win.benchStamps = stamps;
  win.benchTopCards = [];
  win.benchCount = 0;
  const now = () => performance.timeOrigin + performance.now();
  const checks: [keyof SyncStamps, () => boolean][] = [
    ['signInHeading', () => [...document.querySelectorAll('h1')].some((h) => h.textContent?.trim() === 'Sign in')],
    ['newsHeading', () => [...document.querySelectorAll('main h1')].some((h) => h.textContent?.trim() === 'News')],
    ['firstCard', () => document.querySelector('section[aria-label="Publications"] article') !== null],
  ];
  const check = () => {
    for (const [name, test] of checks) if (stamps[name] === undefined && test()) stamps[name] = now();
    const top = document.querySelector('section[aria-label="Publications"] article :is(h2, h3)')?.textContent?.trim();
    if (top !== undefined && top !== win.benchTopCards.at(-1)?.title) win.benchTopCards.push({ at: now(), title: top });
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  document.addEventListener('submit', () => (stamps.submit ??= now()), { capture: true });
  navigator.serviceWorker?.addEventListener('controllerchange', () => (stamps.swControls ??= now()));

  // Polls the count without ever creating the database (the app makes it; opening an absent
  // one would make an empty one under Dexie's feet).
  win.benchWatchPosts = (name, expected, everyMs) => {
    const pause = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));
    const count = (db: IDBDatabase) =>
      new Promise<number>((resolve, reject) => {
        const request = db.transaction('posts', 'readonly').objectStore('posts').count();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('count failed'));
      });
    void (async () => {
      let db: IDBDatabase | null = null;
      while (stamps.done === undefined) {
        try {
          if (!db && (await indexedDB.databases()).some((d) => d.name === name)) {
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
          if (db?.objectStoreNames.contains('posts')) {
            win.benchCount = await count(db);
            if (win.benchCount * 2 >= expected) stamps.half ??= now();
            if (win.benchCount >= expected) stamps.done = now();
          }
        } catch {
          // the database is being upgraded or closed: open it again at the next tick
          db?.close();
          db = null;
        }
        await pause(everyMs);
      }
      db?.close();
    })();
  };
}

export function readSync(page: Page): Promise<{ stamps: SyncStamps; count: number; topCards: { at: number; title: string }[] }> {
  return page.evaluate(() => {
    const win = window as unknown as BenchWindow;
    return { stamps: { ...win.benchStamps }, count: win.benchCount, topCards: [...win.benchTopCards] };
  });
}

export function startWatchingPosts(page: Page, name: string, expected: number, everyMs: number): Promise<void> {
  return page.evaluate(({ name, expected, everyMs }) => (window as unknown as BenchWindow).benchWatchPosts(name, expected, everyMs), {
    name,
    expected,
    everyMs,
  });
}
