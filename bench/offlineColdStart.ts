/**
 * Offline cold start of the installed app → the first post visible on News, beside a static
 * page served by the same service worker (goal ≤ 3× the static page).
 *
 *   npm run bench:offline-start        (= node --import tsx bench/offlineColdStart.ts)
 *
 * Seeds 10,000 realistic posts (bench/lib/seedPosts.ts) into a fresh embedded database
 * under .tmp/bench-offline-start, builds the app if dist/ is missing, starts the real server
 * on 127.0.0.1:8496, and runs Debian's Chromium on a persistent profile (a user-data folder
 * inside that data folder, as an installed app keeps its storage): signs in as
 * staff@colinas.test, waits until every post is in IndexedDB and indexed and the service
 * worker controls the page, opens News once (the list keeps the snapshot public/boot.js
 * paints from), closes the browser and stops the server. Then BENCH_RUNS times (default 5),
 * rotating which goes first, it relaunches the browser on that profile, offline
 * (`context.setOffline(true)`, and no server anyway), and opens as the first page:
 *   (a) the app at /blog/all: from the navigation's start to the paint of the frame in
 *       which the first post card is in the DOM — boot.js's copy of the last list or the
 *       app's own list, whichever comes first (a MutationObserver armed before the page
 *       loads; the frame's end by a message posted in its animation frame callback); the
 *       app's own list's first card is printed beside it;
 *   (c) the same without boot.js's copy (an init script hides the snapshot from that page
 *       only): the app's own first card, as before the copy existed, in the same session;
 *   (b) /bench-static.html, a static page precached by the same service worker (added for
 *       this reference: no other static HTML is precached): its first contentful paint.
 * Both in the page's own time (performance.now, from the navigation's start); the browser's
 * launch is not counted. Prints each run with where (a)'s time went, min/median/max, and the
 * ratio of the medians (goal ≤ 3×).
 * Env: BENCH_RUNS (1–10, default 5), BENCH_POSTS (default 10000); BENCH_TRACE=1 prints every
 * resource of each app load (start → end, page ms) and its long tasks.
 * Everything it starts (server, Chromium) is stopped by pid at the end, also on failure.
 */
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { databaseName } from '../src/db/database';
import {
  chromiumArgs,
  chromiumPath,
  ensureBuilt,
  figures,
  freshDataDir,
  ms,
  runBench,
  showFigures,
  sleep,
  startPatioServer,
  type Cleanup,
} from './lib/harness';
import { signIn, tsxNameHelper, waitForCount } from './lib/patioSync';
import { seedPosts } from './lib/seedPosts';

const port = 8496;
const runs = Math.min(Math.max(Number(process.env.BENCH_RUNS ?? 5), 1), 10);
const postCount = Number(process.env.BENCH_POSTS ?? 10_000);
const goalRatio = 3;
const trace = process.env.BENCH_TRACE === '1';

interface StartStamps {
  /** boot.js's copy of the last list: its first card in the DOM, that frame painted. */
  previewInDom?: number;
  previewPainted?: number;
  /** The app's own list: first post card in the DOM; its frame painted (page ms from the navigation's start). */
  cardInDom?: number;
  cardPainted?: number;
  /** With BENCH_TRACE: the root's first content, the News heading, long tasks [start, duration]. */
  rootFilled?: number;
  heading?: number;
  longTasks?: [number, number][];
}

/** Init script: stamps the first post card of the News list. */
function watchFirstCard(): void {
  const stamps: StartStamps = {};
  (window as unknown as { benchStart: StartStamps }).benchStart = stamps;
  stamps.longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) stamps.longTasks?.push([Math.round(entry.startTime), Math.round(entry.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // not supported
  }
  const afterPaint = (stamp: (at: number) => void) =>
    requestAnimationFrame(() => {
      // A message posted in a frame's callback runs once that frame is rendered.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => stamp(performance.now());
      channel.port2.postMessage(null);
    });
  const observer = new MutationObserver(() => {
    if (stamps.rootFilled === undefined && document.getElementById('root')?.firstChild) stamps.rootFilled = performance.now();
    if (stamps.heading === undefined && document.querySelector('#root main h1')) stamps.heading = performance.now();
    if (stamps.previewInDom === undefined && document.querySelector('#boot-preview article')) {
      stamps.previewInDom = performance.now();
      afterPaint((at) => (stamps.previewPainted = at));
    }
    if (stamps.cardInDom !== undefined || !document.querySelector('#root section[aria-label="Publications"] article')) return;
    stamps.cardInDom = performance.now();
    observer.disconnect();
    afterPaint((at) => (stamps.cardPainted = at));
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Init script for (c): boot.js finds no snapshot on this page (the stored one is kept). */
function hideSnapshot(): void {
  const prototype = Storage.prototype;
  const descriptor = Object.getOwnPropertyDescriptor(prototype, 'getItem');
  const getItem = descriptor?.value as (this: Storage, key: string) => string | null;
  prototype.getItem = function (this: Storage, key: string) {
    return key === 'newsPreview' ? null : getItem.call(this, key);
  };
}

type Kind = 'app' | 'app without copy' | 'static';

interface Load {
  /** (a): the first card painted (copy or app); (c): the app's first card; (b): first contentful paint. */
  shown: number;
  /** (a): the app's own list's first card painted. */
  appCard: number | null;
  fcp: number | null;
  controlled: boolean;
  steps: Record<string, number | null>;
}

async function launch(cleanup: Cleanup, profile: string): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: chromiumArgs,
    headless: true,
    serviceWorkers: 'allow',
  });
  cleanup.add('close chromium (persistent profile)', () => context.close());
  await context.addInitScript({ content: tsxNameHelper });
  await context.addInitScript(() => {
    if (!window.localStorage.getItem('locale')) window.localStorage.setItem('locale', 'en');
  });
  return context;
}

async function firstPage(context: BrowserContext): Promise<Page> {
  return context.pages()[0] ?? (await context.newPage());
}

async function coldLoad(cleanup: Cleanup, profile: string, url: string, kind: Kind): Promise<Load> {
  const app = kind !== 'static';
  const context = await launch(cleanup, profile);
  try {
    await context.setOffline(true);
    await context.addInitScript(watchFirstCard);
    if (kind === 'app without copy') await context.addInitScript(hideSnapshot);
    const page = await firstPage(context);
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    if (app) {
      await page.waitForFunction(() => (window as unknown as { benchStart: StartStamps }).benchStart.cardPainted !== undefined, undefined, {
        timeout: 60_000,
        polling: 50,
      });
    } else {
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 60_000, polling: 50 });
    }
    const read = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const lastScript = Math.max(0, ...resources.filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js')).map((r) => r.responseEnd));
      return {
        stamps: (window as unknown as { benchStart: StartStamps }).benchStart,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        controlled: navigator.serviceWorker?.controller !== null,
        workerStart: navigation?.workerStart ?? null,
        responseEnd: navigation?.responseEnd ?? null,
        domContentLoaded: navigation?.domContentLoadedEventEnd ?? null,
        lastScript: lastScript > 0 ? lastScript : null,
        resources: resources.map((r) => `${r.startTime.toFixed(0)}→${r.responseEnd.toFixed(0)} ${r.name.replace(location.origin, '')}`),
      };
    });
    if (trace && app) {
      for (const line of read.resources) console.log(`        ${line}`);
      const { rootFilled, heading, longTasks } = read.stamps;
      console.log(
        `        root filled ${ms(rootFilled ?? 0)} · News heading ${ms(heading ?? 0)} · long tasks ${(longTasks ?? []).map(([at, d]) => `${at}+${d}`).join(' ')}`,
      );
    }
    const { previewPainted, cardPainted } = read.stamps;
    const shown = !app ? read.fcp : kind === 'app' && previewPainted !== undefined ? Math.min(previewPainted, cardPainted ?? Infinity) : cardPainted;
    if (shown == null) throw new Error(`nothing shown at ${url}`);
    if (kind === 'app' && previewPainted === undefined) console.log('        (no copy of the last list was painted)');
    return {
      shown,
      appCard: cardPainted ?? null,
      fcp: read.fcp,
      controlled: read.controlled,
      steps: {
        'worker start': read.workerStart,
        'document answered': read.responseEnd,
        DOMContentLoaded: read.domContentLoaded,
        'first contentful paint': read.fcp,
        'last script answered': read.lastScript,
        'copy of the list in the DOM': read.stamps.previewInDom ?? null,
        'app’s first card in the DOM': read.stamps.cardInDom ?? null,
      },
    };
  } finally {
    await context.close();
  }
}

const showSteps = (steps: Record<string, number | null>) =>
  Object.entries(steps)
    .filter(([, at]) => at !== null)
    .map(([name, at]) => `${name} ${ms(at!)}`)
    .join(' · ');

runBench('offlineColdStart', 20 * 60_000, async (cleanup) => {
  ensureBuilt();
  const dataDir = freshDataDir(cleanup, 'bench-offline-start');
  const profile = `${dataDir}/profile`;
  let started = performance.now();
  const seeded = await seedPosts(dataDir, postCount);
  console.log(`seeded ${postCount} posts (${seeded.totalPosts} in the college) in ${ms(performance.now() - started)}`);
  const server = await startPatioServer(cleanup, port, dataDir);
  const origin = server.origin;

  // Installed and synced, online.
  started = performance.now();
  const context = await launch(cleanup, profile);
  const page = await firstPage(context);
  await signIn(page, origin, 'staff@colinas.test');
  const name = databaseName(seeded.collegeSlug, seeded.staffUserId);
  await waitForCount(page, name, 'posts', seeded.totalPosts, 300_000, 100);
  await waitForCount(page, name, 'postWords', seeded.totalPosts, 300_000, 100);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 60_000, polling: 100 });
  // News once, as its user would: the list keeps its snapshot when the page is idle.
  await page.goto(`${origin}/blog/all`);
  await page.waitForFunction(() => window.localStorage.getItem('newsPreview') !== null, undefined, { timeout: 60_000, polling: 100 });
  await sleep(1000);
  console.log(
    `Chromium ${context.browser()?.version() ?? ''} · signed in, ${seeded.totalPosts} posts synced and indexed, service worker in control, in ${ms(performance.now() - started)}`,
  );
  await context.close();
  // Offline for good: nothing below can reach the server.
  process.kill(server.pid, 'SIGTERM');
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(500) });
      await sleep(100);
    } catch {
      break;
    }
  }

  const loads: Record<Kind, Load[]> = { app: [], 'app without copy': [], static: [] };
  const kinds: Kind[] = ['app', 'static', 'app without copy'];
  const labels: Record<Kind, string> = {
    app: '(a) app, /blog/all → first card painted',
    'app without copy': '(c) app without the copy → its first card painted',
    static: '(b) static page, first contentful paint',
  };
  for (let run = 0; run < runs; run++) {
    for (let i = 0; i < kinds.length; i++) {
      const kind = kinds[(run + i) % kinds.length]!;
      const load = await coldLoad(cleanup, profile, kind === 'static' ? `${origin}/bench-static.html` : `${origin}/blog/all`, kind);
      if (!load.controlled) throw new Error(`${kind} was not served by the service worker`);
      loads[kind].push(load);
      const own = kind === 'app' && load.appCard !== null ? ` (the app's own list ${ms(load.appCard)})` : '';
      console.log(`run ${run + 1} · ${labels[kind]}: ${ms(load.shown)}${own}   ${showSteps(load.steps)}`);
    }
  }
  const appRuns = loads.app;
  const staticRuns = loads.static;

  const appFigures = figures(appRuns.map((r) => r.shown));
  const staticFigures = figures(staticRuns.map((r) => r.shown));
  const ratio = appFigures.median / staticFigures.median;
  console.log('');
  console.log(`Offline cold start (browser relaunched on the installed profile, ${seeded.totalPosts} posts on the device)`);
  console.log(
    showFigures(
      '  (a) the app, /blog/all → first post card painted',
      appRuns.map((r) => r.shown),
    ),
  );
  console.log(
    showFigures(
      '      of which its first contentful paint',
      appRuns.map((r) => r.fcp ?? 0),
    ),
  );
  console.log(
    showFigures(
      "      the app's own list, first card painted (same runs)",
      appRuns.map((r) => r.appCard ?? 0),
    ),
  );
  console.log(
    showFigures(
      '  (c) the app without the copy, first post card painted',
      loads['app without copy'].map((r) => r.shown),
    ),
  );
  console.log(
    showFigures(
      '  (b) static page from the same service worker, first contentful paint',
      staticRuns.map((r) => r.shown),
    ),
  );
  console.log(
    showFigures(
      '  ratio (a)/(b) per run pair',
      appRuns.map((r, i) => r.shown / staticRuns[i]!.shown),
      (v) => `${v.toFixed(2)}×`,
    ),
  );
  console.log(
    `  ratio of the medians ${ratio.toFixed(2)}× — goal ≤ ${goalRatio}×: ${ratio <= goalRatio ? 'meets' : `misses (by ${ms(appFigures.median - goalRatio * staticFigures.median)})`}`,
  );
});
