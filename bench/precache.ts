/**
 * A fresh device's first visit until it is ready to work offline, on emulated networks, this
 * checkout beside the build before it.
 *
 *   npm run bench:precache        (= node --import tsx bench/precache.ts)
 *
 * Needs BENCH_REFERENCE=<another checkout, built> for the side by side (without it, this
 * checkout alone). Builds this checkout if dist/ is missing. Starts the real server of each
 * checkout on 127.0.0.1 (this one on 8618, the reference on 8619), each on a fresh embedded
 * database with the demo data, and, in Debian's Chromium at phone size (412×823), for each
 * network profile and BENCH_RUNS runs (default 2), alternating the two checkouts, in a fresh
 * browser context (empty storage, no service worker), with service workers allowed:
 *   - campus Wi-Fi: 4 Mbit/s down, 1 Mbit/s up, 150 ms latency;
 *   - weak: 1 Mbit/s down, 256 kbit/s up, 400 ms latency
 * (Chromium's `Network.emulateNetworkConditions` on the page, its workers and its service
 * worker: bench/lib/networkEmulation.ts). Each run opens /blog/all, is sent to the sign-in
 * screen, signs in at once as staff@colinas.test and waits for the app's two signals that it
 * works offline: "App ready to work offline" on screen (src/app/UpdatePrompt.tsx: the service
 * worker installed, and in this checkout also this device's language and images kept) and the
 * first download done (the sync status in the user's IndexedDB: idle, synced). Both are
 * stamped in the page (a MutationObserver and a 100 ms read of the status), as times from the
 * navigation's start; "ready offline" is the later of the two. Counted from the DevTools
 * protocol: the service worker's requests and bytes on the wire (its precache, and in this
 * checkout the files it keeps after the first start). Printed beside each checkout's precache
 * manifest (files, bytes as built, bytes brotli-compressed as the server sends them).
 * Each run is capped at BENCH_RUN_LIMIT_S seconds (default 240): a signal not seen by then is
 * printed as "not ready", not failed. BENCH_PROFILES=campus,weak picks profiles.
 * Traffic goes only to 127.0.0.1. Everything it starts (servers, Chromium) is stopped by pid
 * at the end, also on failure (bench/lib/harness.ts).
 */
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { demoPassword } from '../server/db/demoData';
import {
  ensureBuilt,
  figures,
  freshDataDir,
  launchChromium,
  medianOf,
  ms,
  ratioOfMedians,
  runBench,
  sleep,
  startPatioServer,
  type Cleanup,
} from './lib/harness';
import { chosenProfiles, emulatedPage, networkProfiles, onTheWire, type NetworkProfile } from './lib/networkEmulation';
import { tsxNameHelper } from './lib/patioSync';

const ports = { patio: 8618, reference: 8619 } as const;
const clamp = (value: number, low: number, high: number) => Math.min(Math.max(Number.isFinite(value) ? value : low, low), high);
const runs = clamp(Number(process.env.BENCH_RUNS ?? 2), 1, 5);
const runLimitMs = clamp(Number(process.env.BENCH_RUN_LIMIT_S ?? 240), 30, 600) * 1000;
const viewport = { width: 412, height: 823 };
const email = 'staff@colinas.test';
const goals: Record<string, number> = { campus: 5_000, weak: 15_000 };
const precacheGoalBytes = 1_000_000;

const profiles = chosenProfiles(['campus', 'weak']);

interface Target {
  name: 'patio' | 'reference';
  origin: string;
  precache: PrecacheManifest;
}

interface PrecacheManifest {
  files: number;
  bytes: number;
  brotli: number;
}

interface RunResult {
  /** From the navigation's start, ms; null when not seen within the run's limit. */
  signalMs: number | null;
  syncedMs: number | null;
  submitMs: number | null;
  workerRequests: number;
  workerBytes: number;
  /** The service worker's first request and last answer, from the page's first request, ms. */
  workerSpan: [number, number] | null;
}

const kb = (bytes: number) => (bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(2)} MB` : `${(bytes / 1000).toFixed(1)} KB`);

/** The precache manifest injected into a build's sw.js: its files, their sizes as built and compressed. */
function precacheManifest(dist: string): PrecacheManifest {
  const worker = readFileSync(join(dist, 'sw.js'), 'utf8');
  const urls = [...worker.matchAll(/\{"revision":(?:"[^"]*"|null),"url":"([^"]+)"\}/g)].map((match) => match[1]!);
  if (urls.length === 0) throw new Error(`no precache manifest found in ${dist}/sw.js`);
  let bytes = 0;
  let brotli = 0;
  for (const url of urls) {
    const file = join(dist, url);
    bytes += statSync(file).size;
    brotli += existsSync(`${file}.br`) ? statSync(`${file}.br`).size : brotliCompressSync(readFileSync(file)).length;
  }
  return { files: urls.length, bytes, brotli };
}

/** Init script: stamps the form's submit and "App ready to work offline", and reads the sync status every 100 ms. */
function watchReady(): void {
  const stamps: { submit?: number; signal?: number; synced?: number } = {};
  (window as unknown as { benchReady: typeof stamps }).benchReady = stamps;
  document.addEventListener('submit', () => (stamps.submit ??= performance.now()), true);
  const look = () => {
    if (stamps.signal === undefined && [...document.querySelectorAll('[role="alert"]')].some((n) => n.textContent?.includes('App ready to work offline')))
      stamps.signal = performance.now();
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
  const readStatus = async () => {
    const names = (await indexedDB.databases()).map((db) => db.name ?? '').filter((name) => /^patio-colinas-/.test(name));
    for (const name of names) {
      const synced = await new Promise<boolean>((done) => {
        const open = indexedDB.open(name);
        open.onerror = () => done(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('meta')) {
            db.close();
            return done(false);
          }
          const read = db.transaction('meta').objectStore('meta').get('syncStatus');
          read.onsuccess = () => {
            db.close();
            const status = (read.result as { value?: { phase?: string; lastSyncedAt?: string | null } } | undefined)?.value;
            done(status?.phase === 'idle' && Boolean(status.lastSyncedAt));
          };
          read.onerror = () => {
            db.close();
            done(false);
          };
        };
      });
      if (synced) stamps.synced ??= performance.now();
    }
  };
  const timer = setInterval(() => {
    if (stamps.synced !== undefined) return clearInterval(timer);
    if (stamps.submit !== undefined) void readStatus();
  }, 100);
}

async function oneRun(browser: Browser, target: Target, profile: NetworkProfile): Promise<RunResult> {
  const context = await browser.newContext({ viewport, serviceWorkers: 'allow', locale: 'en-US' });
  try {
    // tsx names the init script's inner functions with a helper the page does not have.
    await context.addInitScript({ content: tsxNameHelper });
    await context.addInitScript(() => {
      if (!window.localStorage.getItem('locale')) window.localStorage.setItem('locale', 'en');
    });
    await context.addInitScript(watchReady);
    const { page, transfers } = await emulatedPage(context, profile);
    await page.goto(`${target.origin}/blog/all`, { waitUntil: 'commit', timeout: runLimitMs });
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor({ timeout: runLimitMs });
    await page.getByLabel('Email or RUT').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(demoPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const started = Date.now();
    type Stamps = { submit?: number; signal?: number; synced?: number };
    const read = () => page.evaluate(() => (window as unknown as { benchReady: Stamps }).benchReady);
    let stamps = await read();
    while ((stamps.signal === undefined || stamps.synced === undefined) && Date.now() - started < runLimitMs) {
      await sleep(200);
      stamps = await read();
    }
    if (stamps.signal === undefined || stamps.synced === undefined) {
      // What the screen showed instead, for a look afterwards.
      mkdirSync('.tmp', { recursive: true });
      await page.screenshot({ path: `.tmp/bench-precache-not-ready-${target.name}.png` });
      console.log(`        not ready: ${page.url()}, screenshot .tmp/bench-precache-not-ready-${target.name}.png, stamps ${JSON.stringify(stamps)}`);
    }
    const wire = onTheWire(transfers);
    const worker = wire.filter((t) => t.source === 'service worker');
    const zero = Math.min(...wire.filter((t) => t.source === 'page').map((t) => t.sentAt));
    const ends = worker.map((t) => t.endAt ?? t.sentAt);
    return {
      workerSpan: worker.length === 0 ? null : [(Math.min(...worker.map((t) => t.sentAt)) - zero) * 1000, (Math.max(...ends) - zero) * 1000],
      signalMs: stamps.signal ?? null,
      syncedMs: stamps.synced ?? null,
      submitMs: stamps.submit ?? null,
      workerRequests: worker.length,
      workerBytes: worker.reduce((sum, t) => sum + t.bytes, 0),
    };
  } finally {
    await context.close();
  }
}

const readyMs = (r: RunResult) => (r.signalMs === null || r.syncedMs === null ? null : Math.max(r.signalMs, r.syncedMs));
/** The same from the press on "Sign in" (the moment the problem was first described from). */
const readyAfterSignInMs = (r: RunResult) => {
  const ready = readyMs(r);
  return ready === null || r.submitMs === null ? null : ready - r.submitMs;
};
const time = (value: number | null) => (value === null ? `not ready in ${runLimitMs / 1000} s` : ms(value));

function summary(values: (number | null)[]): string {
  const seen = values.filter((v): v is number => v !== null);
  if (seen.length === 0) return time(null);
  const f = figures(seen);
  const text = seen.length === 1 ? ms(f.median) : `${ms(f.median)} (${ms(f.min)}–${ms(f.max)})`;
  return seen.length < values.length ? `${text}, ${values.length - seen.length} of ${values.length} not ready` : text;
}

async function startTarget(cleanup: Cleanup, name: Target['name'], checkout?: string): Promise<Target> {
  const dir = resolve(freshDataDir(cleanup, `bench-precache-${name}`));
  const { origin } = await startPatioServer(cleanup, ports[name], dir, checkout);
  return { name, origin, precache: precacheManifest(join(checkout ?? '.', 'dist')) };
}

runBench('bench:precache', 5 * 60_000 + runs * profiles.length * 2 * (runLimitMs + 60_000), async (cleanup) => {
  if (profiles.length === 0) throw new Error(`BENCH_PROFILES=${process.env.BENCH_PROFILES}: none of ${networkProfiles.map((p) => p.key).join(', ')}`);
  ensureBuilt();
  const targets: Target[] = [await startTarget(cleanup, 'patio')];
  const reference = process.env.BENCH_REFERENCE;
  if (reference) {
    if (!existsSync(join(reference, 'dist', 'sw.js'))) throw new Error(`${reference}/dist is missing: build the reference checkout first`);
    targets.push(await startTarget(cleanup, 'reference', resolve(reference)));
  }
  const browser = await launchChromium(cleanup);
  console.log(
    `Chromium ${browser.version()} · phone ${viewport.width}×${viewport.height} · ${runs} run(s) per profile and checkout, each capped at ${runLimitMs / 1000} s`,
  );
  for (const target of targets) {
    const p = target.precache;
    console.log(`precache manifest · ${target.name}: ${p.files} files, ${kb(p.bytes)} as built, ${kb(p.brotli)} brotli`);
  }

  const results = new Map<string, RunResult[]>();
  const key = (profile: NetworkProfile, target: Target) => `${profile.name}\u0000${target.name}`;
  for (let run = 1; run <= runs; run++) {
    for (const profile of profiles) {
      // Alternating which checkout goes first, so neither always gets the quieter moment.
      const order = run % 2 === 1 ? targets : [...targets].reverse();
      for (const target of order) {
        const r = await oneRun(browser, target, profile);
        results.set(key(profile, target), [...(results.get(key(profile, target)) ?? []), r]);
        console.log(
          `run ${run} · ${profile.name} · ${target.name}: "App ready to work offline" ${time(r.signalMs)}, first download done ${time(r.syncedMs)}, ready offline ${time(readyMs(r))} (${time(readyAfterSignInMs(r))} after sign-in) · sign-in pressed at ${time(r.submitMs)} · service worker ${r.workerRequests} requests, ${kb(r.workerBytes)} on the wire${r.workerSpan ? `, from ${ms(r.workerSpan[0])} to ${ms(r.workerSpan[1])} after the page's first request` : ''}`,
        );
      }
    }
  }

  console.log('');
  console.log(`First visit → ready to work offline (times from the navigation's start; median (min–max) of ${runs})`);
  for (const profile of profiles) {
    const goal = goals[(profile as { key?: string }).key ?? ''];
    console.log(`  ${profile.name}${goal ? ` (goal ≤ ${ms(goal)})` : ''}`);
    for (const target of targets) {
      const rows = results.get(key(profile, target)) ?? [];
      console.log(
        `    ${target.name.padEnd(9)} ready offline ${summary(rows.map(readyMs))}, after sign-in ${summary(rows.map(readyAfterSignInMs))} · "App ready to work offline" ${summary(rows.map((r) => r.signalMs))} · first download ${summary(rows.map((r) => r.syncedMs))} · service worker bytes ${kb(medianOf(rows.map((r) => r.workerBytes)) ?? 0)}`,
      );
    }
    if (targets.length > 1) {
      const [mine, theirs] = targets.map((t) => results.get(key(profile, t)) ?? []);
      const ratio = (pick: (r: RunResult) => number | null) => ratioOfMedians(mine!.map(pick), theirs!.map(pick));
      console.log(
        `    this / before: ready offline ${ratio(readyMs)} · after sign-in ${ratio(readyAfterSignInMs)} · signal ${ratio((r) => r.signalMs)} · service worker bytes ${ratio((r) => r.workerBytes)}`,
      );
    }
  }
  const mine = targets[0]!.precache;
  console.log(
    `precache goal ≤ ${kb(precacheGoalBytes)}: ${kb(mine.bytes)} as built (${mine.bytes <= precacheGoalBytes ? 'met' : 'missed'}), ${kb(mine.brotli)} brotli`,
  );
});
