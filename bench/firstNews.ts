/**
 * Sign-in → the first news screen on a fresh device, with the demo data.
 *
 *   npm run bench:first-news        (= node --import tsx bench/firstNews.ts)
 *
 * Starts the real server on 127.0.0.1:8485 with a fresh embedded database under
 * .tmp/bench-first-news (the demo colleges, seeded at first start: 26 posts in Colinas),
 * builds the app if dist/ is missing, and in Debian's Chromium, BENCH_RUNS times (default 5),
 * each in a fresh browser context (empty storage, no service worker: a fresh device):
 *   1. opens /blog/all, which sends a signed-out visitor to the sign-in screen; the time
 *      from the navigation's start to the "Sign in" heading is the reference figure (the
 *      app's cold start on the same machine, in the same run);
 *   2. fills the form as staff@colinas.test at once (as the end-to-end stories do, so the
 *      service worker may still be precaching on a busy machine) and presses "Sign in";
 *   3. times, in the page, from the form's submit to the News heading and to the first
 *      post card in the News list (a MutationObserver armed before the page loads).
 * Also, from Node, the raw first pull page (`GET /api/v1/sync/pull?limit=1000`, same user)
 * 5 times, for scale. Prints every run with its steps (sign-in answer, the signed-in and
 * news chunks, the sync worker's first pull) and min/median/max.
 * Env: BENCH_RUNS (1–10, default 5); BENCH_VIA_HOME=1 signs in at /auth/login, waits for
 * home, then opens /blog/all as a new document (what the end-to-end stories do);
 * BENCH_CPU_SLOWDOWN=N runs the page's main thread N× slower (Chromium's CPU throttling, a
 * slow phone; workers are not slowed); BENCH_NO_SW=1 blocks the service worker (to see what
 * its precaching costs); BENCH_TRACE=1 prints every request of each run.
 * Everything it starts (server, Chromium) is stopped by pid at the end, also on failure.
 */
import type { BrowserContext, Page, Request } from '@playwright/test';
import { demoPassword } from '../server/db/demoData';
import { epochNow, ensureBuilt, figures, freshDataDir, launchChromium, ms, runBench, showFigures, sleep, startPatioServer } from './lib/harness';
import { tsxNameHelper } from './lib/patioSync';

const port = 8485;
const runs = Math.min(Math.max(Number(process.env.BENCH_RUNS ?? 5), 1), 10);
const blockServiceWorker = process.env.BENCH_NO_SW === '1';
const trace = process.env.BENCH_TRACE === '1';
const viaHome = process.env.BENCH_VIA_HOME === '1';
const cpuSlowdown = Math.min(Math.max(Number(process.env.BENCH_CPU_SLOWDOWN ?? 1), 1), 20);
const email = 'staff@colinas.test';

/** Stamps (page epoch ms) of what the page shows, kept in `window.benchStamps`. */
function watchScreens(): void {
  const stamps: Record<string, number> = {};
  (window as unknown as { benchStamps: Record<string, number> }).benchStamps = stamps;
  const now = () => performance.timeOrigin + performance.now();
  const checks: [string, () => boolean][] = [
    ['signInHeading', () => [...document.querySelectorAll('h1')].some((h) => h.textContent?.trim() === 'Sign in')],
    ['newsHeading', () => [...document.querySelectorAll('main h1')].some((h) => h.textContent?.trim() === 'News')],
    ['home', () => [...document.querySelectorAll('main h1')].some((h) => h.textContent?.trim().startsWith('Welcome'))],
    ['firstCard', () => document.querySelector('section[aria-label="Publications"] article') !== null],
  ];
  const check = () => {
    for (const [name, test] of checks) if (stamps[name] === undefined && test()) stamps[name] = now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  document.addEventListener(
    'submit',
    () => {
      stamps.submit = now();
    },
    { capture: true },
  );
  navigator.serviceWorker?.addEventListener('controllerchange', () => {
    stamps.swControls ??= now();
  });
  // Diagnostics (BENCH_TRACE): long tasks of the page's main thread, its IndexedDB opens.
  const longTasks: [number, number][] = [];
  (window as unknown as { benchLongTasks: [number, number][] }).benchLongTasks = longTasks;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push([performance.timeOrigin + entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // not supported
  }
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with its own `this`
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (this: IDBFactory, ...args: Parameters<IDBFactory['open']>) {
    const request = open.apply(this, args);
    const name = `idbOpen ${String(args[0]).slice(0, 14)}`;
    stamps[`${name} asked`] ??= now();
    request.addEventListener('success', () => (stamps[`${name} open`] ??= now()));
    request.addEventListener('blocked', () => (stamps[`${name} blocked`] ??= now()));
    return request;
  };
  const path = () => {
    if (location.pathname.startsWith('/blog')) stamps.onBlogPath ??= now();
  };
  setInterval(path, 10);
}

interface RequestRecord {
  url: string;
  start: number;
  end: number | null;
}

interface Run {
  reference: number;
  total: number;
  heading: number;
  steps: Record<string, number | null>;
  swInstalledBeforeCard: boolean;
  stamps: Record<string, number>;
  longTasks: [number, number][];
  requests: RequestRecord[];
}

function record(context: BrowserContext): RequestRecord[] {
  const requests: RequestRecord[] = [];
  const byRequest = new Map<Request, RequestRecord>();
  context.on('request', (request) => {
    const entry: RequestRecord = { url: request.url(), start: epochNow(), end: null };
    byRequest.set(request, entry);
    requests.push(entry);
  });
  const finish = (request: Request) => {
    const entry = byRequest.get(request);
    if (!entry) return;
    const timing = request.timing();
    // Browser-side epoch times when Chromium reports them, Node's otherwise.
    if (timing.startTime > 0) entry.start = timing.startTime;
    entry.end = timing.responseEnd >= 0 ? timing.startTime + timing.responseEnd : epochNow();
  };
  context.on('requestfinished', finish);
  context.on('requestfailed', finish);
  return requests;
}

async function oneRun(context: BrowserContext, origin: string): Promise<Run> {
  const requests = record(context);
  await context.addInitScript({ content: tsxNameHelper });
  await context.addInitScript(() => {
    if (!window.localStorage.getItem('locale')) window.localStorage.setItem('locale', 'en');
  });
  await context.addInitScript(watchScreens);
  const page = await context.newPage();
  if (cpuSlowdown > 1) {
    // A slow phone: Chromium runs the page's main thread this many times slower.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  }
  await page.goto(viaHome ? `${origin}/auth/login` : `${origin}/blog/all`);
  await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor({ timeout: 120_000 });
  const navigationStart = await page.evaluate(() => performance.timeOrigin);
  await page.getByLabel('Email or RUT').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const readStamps = () => page.evaluate(() => (window as unknown as { benchStamps: Record<string, number> }).benchStamps);
  let before: Record<string, number> = {};
  if (viaHome) {
    // What the end-to-end stories do: home first, then a new document for /blog/all.
    await page.getByRole('heading', { name: /^Welcome/, level: 1 }).waitFor({ timeout: 180_000 });
    before = await readStamps();
    await page.goto(`${origin}/blog/all`);
  }
  await page.waitForFunction(() => (window as unknown as { benchStamps: Record<string, number> }).benchStamps.firstCard !== undefined, undefined, {
    timeout: 180_000,
    polling: 50,
  });
  const stamps = { ...before, ...(await readStamps()) };
  if (viaHome) stamps.reloaded = await page.evaluate(() => performance.timeOrigin);
  const longTasks = await page.evaluate(() => (window as unknown as { benchLongTasks: [number, number][] }).benchLongTasks);
  const swInstalled = await serviceWorkerInstalledAt(page);
  // Let the worker finish writing before the context closes.
  await sleep(300);
  const submit = stamps.submit;
  if (submit === undefined || stamps.firstCard === undefined || stamps.signInHeading === undefined) throw new Error(`missing stamps ${JSON.stringify(stamps)}`);
  const since = (at: number | null | undefined) => (at == null ? null : at - submit);
  const first = (part: string, which: 'start' | 'end') => {
    const found = requests.find((r) => r.url.includes(part) && r.start >= submit - 5);
    return found ? since(found[which]) : null;
  };
  return {
    reference: stamps.signInHeading - navigationStart,
    total: stamps.firstCard - submit,
    heading: (stamps.newsHeading ?? stamps.firstCard) - submit,
    steps: {
      'sign-in answer': first('/api/login-mobile', 'end'),
      'signed-in chunk': first('/assets/SignedInArea-', 'end'),
      'news chunk': first('/assets/routes-', 'end'),
      'worker script': first('/assets/sync.worker-', 'end'),
      'first pull asked': first('/api/v1/sync/pull', 'start'),
      'first pull answered': first('/api/v1/sync/pull', 'end'),
      'News heading': since(stamps.newsHeading),
      'first card': since(stamps.firstCard),
      'service worker controls': since(stamps.swControls ?? swInstalled),
    },
    swInstalledBeforeCard: stamps.swControls !== undefined && stamps.swControls <= stamps.firstCard,
    stamps: Object.fromEntries(Object.entries(stamps).map(([k, v]) => [k, v - submit])),
    longTasks: longTasks.map(([at, d]) => [at - submit, d] as [number, number]),
    requests: requests.map((r) => ({ url: r.url.replace(origin, ''), start: r.start - submit, end: r.end === null ? null : r.end - submit })),
  };
}

/** When the page was first controlled by the service worker, if it was (page epoch ms). */
async function serviceWorkerInstalledAt(page: Page): Promise<number | null> {
  return page.evaluate(() =>
    navigator.serviceWorker?.controller ? ((window as unknown as { benchStamps: Record<string, number> }).benchStamps.swControls ?? null) : null,
  );
}

async function rawPull(apiOrigin: string): Promise<number> {
  const login = await fetch(`${apiOrigin}/api/login-mobile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: demoPassword }),
  });
  if (!login.ok) throw new Error(`login-mobile answered ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const started = performance.now();
  const reply = await fetch(`${apiOrigin}/api/v1/sync/pull?limit=1000`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await reply.json()) as { changes: unknown[] };
  if (!reply.ok || body.changes.length === 0) throw new Error(`pull answered ${reply.status} with ${body.changes.length} changes`);
  return performance.now() - started;
}

runBench('firstNews', 20 * 60_000, async (cleanup) => {
  ensureBuilt();
  const dataDir = freshDataDir(cleanup, 'bench-first-news');
  const started = performance.now();
  const { origin } = await startPatioServer(cleanup, port, dataDir);
  console.log(`server up at ${origin} in ${ms(performance.now() - started)} (fresh PGlite, demo data)`);
  const browser = await launchChromium(cleanup);
  console.log(
    `Chromium ${browser.version()} · ${runs} runs · service worker ${blockServiceWorker ? 'BLOCKED' : 'on'} · ${viaHome ? 'home, then /blog/all reloaded' : '/blog/all → sign-in → back'}${cpuSlowdown > 1 ? ` · page CPU ${cpuSlowdown}× slower` : ''}`,
  );

  const results: Run[] = [];
  for (let run = 1; run <= runs; run++) {
    const context = await browser.newContext({ serviceWorkers: blockServiceWorker ? 'block' : 'allow' });
    try {
      const result = await oneRun(context, origin);
      results.push(result);
      const steps = Object.entries(result.steps)
        .map(([name, at]) => `${name} ${at === null ? '—' : ms(at)}`)
        .join(' · ');
      console.log(
        `run ${run}: sign-in → first news ${ms(result.total)} (heading ${ms(result.heading)}) · reference: sign-in screen cold ${ms(result.reference)} · ratio ${(result.total / result.reference).toFixed(2)}×`,
      );
      console.log(`        ${steps}`);
      if (trace)
        console.log(
          `        stamps: ${Object.entries(result.stamps)
            .map(([k, v]) => `${k} ${ms(v)}`)
            .join(' · ')}`,
        );
      if (trace) console.log(`        long tasks: ${result.longTasks.map(([at, d]) => `${ms(at)}+${d.toFixed(0)}`).join(' ')}`);
      if (trace)
        for (const r of result.requests) console.log(`        ${ms(r.start).padStart(8)} → ${r.end === null ? '   —' : ms(r.end).padStart(8)}  ${r.url}`);
    } finally {
      await context.close();
    }
  }

  const raw: number[] = [];
  for (let i = 0; i < 5; i++) raw.push(await rawPull(`http://127.0.0.1:${port}`));

  const total = results.map((r) => r.total);
  const reference = results.map((r) => r.reference);
  console.log('');
  console.log(showFigures('sign-in → first news screen with posts', total));
  console.log(
    showFigures(
      'sign-in → News heading',
      results.map((r) => r.heading),
    ),
  );
  console.log(showFigures('reference: fresh context, /blog/all → sign-in screen', reference));
  console.log(
    showFigures(
      'ratio first news / sign-in screen (per run)',
      results.map((r) => r.total / r.reference),
      (v) => `${v.toFixed(2)}×`,
    ),
  );
  console.log(showFigures('reference: raw first pull page from Node (limit 1000)', raw));
  const median = figures(total).median;
  console.log(`\nmedian ${ms(median)} = ${(median / figures(raw).median).toFixed(0)}× the raw first pull page`);
});
