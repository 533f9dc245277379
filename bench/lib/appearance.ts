/**
 * What the latency benches share (bench/pokeLatency.ts, bench/notificationLatency.ts): a
 * writer's REST token, a reader whose first sync is done, a probe stamping when a text first
 * appears on the reader's screen, and the clock offset that turns the page's stamps into
 * Node's time.
 */
import type { Page } from '@playwright/test';
import { demoPassword } from '../../server/db/demoData';
import { epochNow } from './harness';

/** Node's epoch ms minus the page's, from the round trip with the smallest time. */
export async function clockOffset(page: Page): Promise<{ offset: number; uncertainty: number }> {
  let best = { offset: 0, uncertainty: Infinity };
  for (let i = 0; i < 7; i++) {
    const before = epochNow();
    const pageNow = await page.evaluate(() => performance.timeOrigin + performance.now());
    const after = epochNow();
    const half = (after - before) / 2;
    if (half < best.uncertainty) best = { offset: before + half - pageNow, uncertainty: half };
  }
  return best;
}

/** A demo member's bearer token (`POST /api/login-mobile`) on the college of `host`. */
export async function loginMobile(apiOrigin: string, host: string, email: string): Promise<string> {
  const reply = await fetch(`${apiOrigin}/api/login-mobile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', host },
    body: JSON.stringify({ email, password: demoPassword }),
  });
  if (!reply.ok) throw new Error(`login-mobile answered ${reply.status}`);
  return ((await reply.json()) as { token: string }).token;
}

/** Waits until the page's local database `name` exists and its sync status says idle (first sync done). */
export async function waitForIdleSync(page: Page, name: string, timeoutMs = 300_000): Promise<void> {
  await page.waitForFunction(
    async (name) => {
      if (!(await indexedDB.databases()).some((d) => d.name === name)) return false;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('open failed'));
      });
      try {
        if (!db.objectStoreNames.contains('meta')) return false;
        const status = await new Promise<unknown>((resolve, reject) => {
          const get = db.transaction('meta', 'readonly').objectStore('meta').get('syncStatus');
          get.onsuccess = () => resolve(get.result);
          get.onerror = () => reject(get.error ?? new Error('get failed'));
        });
        return (status as { value?: { phase?: string } } | undefined)?.value?.phase === 'idle';
      } finally {
        db.close();
      }
    },
    name,
    { timeout: timeoutMs, polling: 200 },
  );
}

interface TextStamps {
  domAt: number;
  frameAt: number;
}

/** Arms a MutationObserver in the page: the first DOM change containing `text`, and the next animation frame (the frame that shows it). */
export async function armTextProbe(page: Page, text: string): Promise<void> {
  await page.evaluate((wanted) => {
    const state = { domAt: 0, frameAt: 0 };
    (window as unknown as { benchText: typeof state }).benchText = state;
    const seen = () => document.body.textContent?.includes(wanted) ?? false;
    const observer = new MutationObserver(() => {
      if (state.domAt || !seen()) return;
      state.domAt = performance.timeOrigin + performance.now();
      observer.disconnect();
      requestAnimationFrame(() => (state.frameAt = performance.timeOrigin + performance.now()));
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    setTimeout(() => observer.disconnect(), 30_000);
  }, text);
}

/** The probe's stamps (page epoch ms) once the text is on screen; bounded at 30 s. */
export async function readTextProbe(page: Page): Promise<TextStamps> {
  const stamps = await page.waitForFunction(
    () => {
      const state = (window as unknown as { benchText: TextStamps }).benchText;
      return state.frameAt ? state : null;
    },
    undefined,
    { timeout: 30_000, polling: 'raf' },
  );
  return (await stamps.jsonValue()) as TextStamps;
}
