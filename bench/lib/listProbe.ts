/**
 * In-page timing of a list screen after a tap: from the click (or submit) event's own
 * timestamp to the first animation frame in which the News list shows a new set of cards
 * (at least `count`, laid out), and to the end of that frame's paint. Also the main
 * thread's long tasks in between, and the frame intervals while a page scrolls.
 */
import type { Page } from '@playwright/test';

export interface ListProbe {
  /** Page ms (performance.now) of the click or submit that started it. */
  start?: number;
  /** Page ms of the animation frame in which the new cards were first in the DOM, laid out. */
  frame?: number;
  /** Page ms of the first task after that frame's rendering (its paint is done). */
  painted?: number;
  /** The titles shown then. */
  titles: string[];
  /** Long tasks (start, duration) seen while waiting. */
  longTasks: [number, number][];
  /** With `trace`: what happened in between (page ms): history changes, IndexedDB transactions, DOM changes in main. */
  events: [number, string][];
}

interface ProbeWindow {
  benchProbe: ListProbe;
  benchProbeDone: Promise<ListProbe>;
  benchFrames: number[];
}

const cardTitles = 'section[aria-label="Publications"] ol.post-list > li .post-card-title';

/** The titles of the News list's cards now. */
export function listTitles(page: Page): Promise<string[]> {
  return page.evaluate((selector) => [...document.querySelectorAll(selector)].map((el) => el.textContent ?? ''), cardTitles);
}

/**
 * Arms the probe: the next click or submit starts it; it ends in the first frame where at
 * least `count` cards are shown and their titles differ from those shown now (a list kept
 * while the next one is read is not the next one). Bounded by `timeoutMs`.
 */
export async function armListProbe(page: Page, count: number, timeoutMs: number, trace = false): Promise<void> {
  await page.evaluate(
    ({ selector, count, timeoutMs, trace }) => {
      const win = window as unknown as ProbeWindow;
      const titles = () => [...document.querySelectorAll(selector)].map((el) => el.textContent ?? '');
      const before = titles().join('\n');
      const probe: ListProbe = { titles: [], longTasks: [], events: [] };
      win.benchProbe = probe;
      const note = (what: string) => {
        if (probe.start !== undefined && probe.painted === undefined && probe.events.length < 200) probe.events.push([performance.now(), what]);
      };
      if (trace) {
        const patched = window as unknown as { benchTracePatched?: boolean; benchNote: (what: string) => void };
        patched.benchNote = note;
        if (!patched.benchTracePatched) {
          patched.benchTracePatched = true;
          /* eslint-disable @typescript-eslint/unbound-method -- called below with their own `this` */
          const transaction = IDBDatabase.prototype.transaction;
          const pushState = History.prototype.pushState;
          const replaceState = History.prototype.replaceState;
          /* eslint-enable @typescript-eslint/unbound-method */
          IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
            const tx = transaction.apply(this, args);
            const stores = [...tx.objectStoreNames].join(',');
            patched.benchNote(`tx ${stores}`);
            tx.addEventListener('complete', () => patched.benchNote(`tx done ${stores}`));
            return tx;
          };
          History.prototype.pushState = function (this: History, ...args: Parameters<History['pushState']>) {
            patched.benchNote('pushState');
            pushState.apply(this, args);
          };
          History.prototype.replaceState = function (this: History, ...args: Parameters<History['replaceState']>) {
            patched.benchNote('replaceState');
            replaceState.apply(this, args);
          };
          new MutationObserver((records) => patched.benchNote(`DOM ${records.length} changes`)).observe(document.querySelector('main') ?? document, {
            childList: true,
            subtree: true,
            characterData: true,
          });
          const frame = () => {
            patched.benchNote('frame');
            requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        }
      }
      const onStart = (event: Event) => {
        probe.start ??= event.timeStamp;
      };
      document.addEventListener('click', onStart, { capture: true, once: true });
      document.addEventListener('submit', onStart, { capture: true, once: true });
      let observer: PerformanceObserver | null = null;
      try {
        observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) probe.longTasks.push([entry.startTime, entry.duration]);
        });
        observer.observe({ type: 'longtask' });
      } catch {
        observer = null;
      }
      const deadline = performance.now() + timeoutMs;
      win.benchProbeDone = new Promise<ListProbe>((resolve) => {
        const done = () => {
          observer?.disconnect();
          resolve(probe);
        };
        const tick = () => {
          if (probe.start !== undefined) {
            const shown = titles();
            if (shown.length >= count && shown.join('\n') !== before) {
              // Reading the last card's box makes sure it is laid out in this frame.
              const cards = document.querySelectorAll(selector);
              cards[cards.length - 1]?.getBoundingClientRect();
              probe.frame = performance.now();
              probe.titles = shown;
              // A message posted in a frame's callback runs once that frame is rendered.
              const channel = new MessageChannel();
              channel.port1.onmessage = () => {
                probe.painted = performance.now();
                done();
              };
              channel.port2.postMessage(null);
              return;
            }
          }
          if (performance.now() > deadline) done();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
    },
    { selector: cardTitles, count, timeoutMs, trace },
  );
}

export function readListProbe(page: Page): Promise<ListProbe> {
  return page.evaluate(() => (window as unknown as ProbeWindow).benchProbeDone);
}

/** Starts recording animation frame times (page ms) until `stopFrames`. */
export async function startFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const win = window as unknown as ProbeWindow & { benchFramesOn: boolean };
    win.benchFrames = [];
    win.benchFramesOn = true;
    const tick = (time: number) => {
      win.benchFrames.push(time);
      if (win.benchFramesOn && win.benchFrames.length < 10_000) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/** Stops recording and answers the intervals between frames (ms). */
export async function stopFrames(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const win = window as unknown as ProbeWindow & { benchFramesOn: boolean };
    win.benchFramesOn = false;
    return win.benchFrames.slice(1).map((time, i) => time - win.benchFrames[i]!);
  });
}
