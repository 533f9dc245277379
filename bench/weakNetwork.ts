/**
 * The first sync of a fresh device on an emulated weak network, beside the same
 * sync on loopback in the same run.
 *
 *   npm run bench:weak-network        (= node --import tsx bench/weakNetwork.ts)
 *
 * Seeds BENCH_POSTS realistic posts (default 10,000, ≈1 KB of HTML each, bench/lib/seedPosts.ts)
 * into a fresh embedded database under .tmp/bench-weak-network, builds the app if dist/ is
 * missing, starts the real server on 127.0.0.1:8490 and, in Debian's Chromium at phone size
 * (412×823), for each network profile, BENCH_RUNS times (default 1), in a fresh browser
 * context (a fresh device: empty storage, no service worker):
 *   - loopback: no emulation (the reference measured side by side);
 *   - campus Wi-Fi: 4 Mbit/s down, 1 Mbit/s up, 150 ms latency;
 *   - weak: 1 Mbit/s down, 256 kbit/s up, 400 ms latency
 * (1 Mbit = 1,000,000 bits; Chromium's DevTools emulation, `Network.emulateNetworkConditions`,
 * applied to the page, its sync worker and its service worker: bench/lib/networkEmulation.ts).
 * Each run opens /blog/all, is sent to the sign-in screen, waits for the service worker to be
 * ready (at most 10 s: a person typing), signs in as staff@colinas.test (staff see every post)
 * and is taken back to News, like bench/firstNews.ts. Timed in the page from the form's
 * submit: the News heading, the first post card in the News list, and every post in the
 * user's IndexedDB database (as bench/lib/patioSync.ts checks). Counted from the DevTools
 * protocol of every target: the bytes of every response on the wire (headers and encoded
 * body), split into the app shell (page), the service worker's precache, the sign-in and
 * other API calls, and the sync API. To prove the emulation applies, each target's download
 * rate over its large responses is printed and must not exceed the profile's (nor its first
 * byte come sooner than the profile's latency): otherwise the bench stops, unable to measure.
 * Loopback runs also time, after the sync and its search indexing, the raw Dexie bulkPut of
 * the same rows that bench:initial-sync uses as its reference (bench/lib/rawWrite.ts).
 * On "weak", the first run takes screenshots of the News screen during the sync into
 * .tmp/weak-network-shots/ (BENCH_SCREENSHOTS=0: none).
 * Each run is capped at BENCH_RUN_LIMIT_MIN minutes (default 15): a sync not done by then is
 * printed as "not done after N min, X of Y posts", not failed.
 * BENCH_REFERENCE=<another checkout, built> seeds and serves that checkout too (its own
 * server on port 8491) and alternates runs with it, so a change is measured side by side with
 * the code before it. BENCH_PROFILES=loopback,campus,weak picks profiles; BENCH_TRACE=1 prints
 * every request of each run (sent, headers, end, bytes, target).
 * Everything it starts (servers, seeders, Chromium) is stopped by pid at the end, also on failure.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import { demoPassword } from '../server/db/demoData';
import { databaseName } from '../src/db/database';
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
  startChild,
  startPatioServer,
  type Cleanup,
} from './lib/harness';
import {
  downloadRate,
  emulatedPage,
  kindOf,
  networkProfiles,
  chosenProfiles,
  onTheWire,
  shortestFirstByte,
  type Kind,
  type NetworkProfile,
  type Source,
  type Transfer,
} from './lib/networkEmulation';
import { tsxNameHelper, waitForCount } from './lib/patioSync';
import { dexieSource, rawWrites } from './lib/rawWrite';
import type { Seeded } from './lib/seedPosts';
import { readSync, startWatchingPosts, watchSync } from './lib/syncWatch';

const port = 8490;
const referencePort = 8491;
const clamp = (value: number, low: number, high: number) => Math.min(Math.max(Number.isFinite(value) ? value : low, low), high);
const postCount = clamp(Number(process.env.BENCH_POSTS ?? 10_000), 1, 100_000);
const runs = clamp(Number(process.env.BENCH_RUNS ?? 1), 1, 5);
const runLimitMs = clamp(Number(process.env.BENCH_RUN_LIMIT_MIN ?? 15), 1, 30) * 60_000;
const screenshotDir = '.tmp/weak-network-shots';
const trace = process.env.BENCH_TRACE === '1';
const viewport = { width: 412, height: 823 };
const email = 'staff@colinas.test';

const profiles = chosenProfiles(['loopback', 'campus', 'weak']);

interface Target {
  name: 'patio' | 'reference';
  origin: string;
  seeded: Seeded;
}

interface RunResult {
  signInScreenMs: number;
  newsHeadingMs: number | null;
  firstCardMs: number | null;
  /** The newest post at the top of the list (where it stays), from "Sign in". */
  newestCardMs: number | null;
  /** How many times the top card changed (1: the first card shown was already the newest). */
  topCardChanges: number;
  doneMs: number | null;
  count: number;
  swReadyAtSubmit: boolean;
  swControlsMs: number | null;
  bytes: Record<Kind, number>;
  unfinished: number;
  /** Sync API bytes over first request sent → last response done, bits/s. */
  syncWallBps: number | null;
  /** Per target: download rate over its responses ≥ 20 KB (null when none), shortest first byte. */
  rates: Partial<Record<Source, { bps: number | null; firstByteMs: number | null }>>;
  raw?: { bulkPutMs: number; ratio: number };
  /** Every post in the search index, after all posts were stored. */
  searchMs: number | null;
}

const kb = (bytes: number) => (bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(2)} MB` : `${(bytes / 1000).toFixed(1)} KB`);
const rate = (bps: number) => (bps >= 1_000_000 ? `${(bps / 1_000_000).toFixed(2)} Mbit/s` : `${(bps / 1000).toFixed(0)} kbit/s`);
const describe = (p: NetworkProfile) =>
  p.conditions
    ? `${p.name} (${rate(p.conditions.downKbps * 1000)} down, ${rate(p.conditions.upKbps * 1000)} up, ${p.conditions.latencyMs} ms)`
    : `${p.name} (no emulation)`;

/** Seeds `count` posts with the checkout's own seeder (its schema, its code), in a child process. */
async function seed(cleanup: Cleanup, dataDir: string, checkout?: string): Promise<Seeded> {
  const script = `const { seedPosts } = await import('./bench/lib/seedPosts.ts'); console.log('seeded ' + JSON.stringify(await seedPosts(${JSON.stringify(dataDir)}, ${postCount})));`;
  const { child, output } = startChild(
    cleanup,
    `seeder${checkout ? ' (reference)' : ''}`,
    ['--import', 'tsx', '--input-type=module', '--eval', script],
    {},
    checkout,
  );
  const code = await new Promise<number | null>((done) => (child.exitCode !== null ? done(child.exitCode) : child.once('exit', done)));
  const line = /^seeded (.*)$/m.exec(output());
  if (code !== 0 || !line) throw new Error(`seeding failed (${code}): ${output()}`);
  return JSON.parse(line[1]!) as Seeded;
}

/** Throws when a target downloaded faster than the profile, or got answers sooner than its latency. */
function checkEmulation(profile: NetworkProfile, wire: Transfer[]): RunResult['rates'] {
  const rates: RunResult['rates'] = {};
  for (const source of ['page', 'worker', 'service worker'] as const) {
    const mine = wire.filter((t) => t.source === source);
    const measured = downloadRate(mine);
    const firstByteMs = shortestFirstByte(mine);
    if (measured || firstByteMs !== null) rates[source] = { bps: measured?.bitsPerSecond ?? null, firstByteMs };
    const c = profile.conditions;
    if (!c) continue;
    if (measured && measured.bitsPerSecond > 1.25 * c.downKbps * 1000) {
      throw new Error(
        `emulation did not apply to the ${source}: ${kb(measured.bytes)} in ${measured.seconds.toFixed(2)} s = ${rate(measured.bitsPerSecond)} on a ${rate(c.downKbps * 1000)} profile`,
      );
    }
    if (source !== 'service worker' && firstByteMs !== null && firstByteMs < 0.9 * c.latencyMs) {
      throw new Error(`emulation did not apply to the ${source}: a first byte after ${firstByteMs.toFixed(0)} ms on a ${c.latencyMs} ms profile`);
    }
  }
  return rates;
}

async function oneRun(browser: Browser, target: Target, profile: NetworkProfile, run: number, screenshots: string | null): Promise<RunResult> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, isMobile: true, hasTouch: true, colorScheme: 'light' });
  try {
    await context.addInitScript({ content: tsxNameHelper });
    await context.addInitScript(() => {
      if (!window.localStorage.getItem('locale')) window.localStorage.setItem('locale', 'en');
    });
    await context.addInitScript(watchSync);
    const { page, cdp, transfers, attached } = await emulatedPage(context, profile);
    const signIn = { refused: 0 };
    page.on('response', (response) => {
      if (response.url().includes('/api/login-mobile') && response.status() >= 400) signIn.refused = response.status();
    });

    await page.goto(`${target.origin}/blog/all`, { waitUntil: 'commit', timeout: 180_000 });
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor({ timeout: 180_000 });
    const { stamps: before } = await readSync(page);
    const signInScreenMs = before.signInHeading! - (await page.evaluate(() => performance.timeOrigin));
    // A person takes a few seconds to type (as bench/lib/patioSync.ts): the precache may be done by then.
    const swReadyAtSubmit = await page.evaluate(() =>
      Promise.race([navigator.serviceWorker?.ready.then(() => true) ?? false, new Promise<boolean>((done) => setTimeout(() => done(false), 10_000))]),
    );
    await page.getByLabel('Email or RUT').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(demoPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const name = databaseName(target.seeded.collegeSlug, target.seeded.staffUserId);
    const expected = target.seeded.totalPosts;
    // Each count is a read transaction on the table the sync writes: every 20 ms on loopback
    // (bench:initial-sync polls every 10 ms), every 200 ms when a run lasts minutes.
    await startWatchingPosts(page, name, expected, profile.conditions ? 200 : 20);

    const started = Date.now();
    let nextNote = started + 60_000;
    const taken = new Set<string>();
    const shoot = async (file: string, count: number) => {
      if (!screenshots || taken.has(file)) return;
      taken.add(file);
      await page.screenshot({ path: join(screenshots, file) });
      console.log(`        screenshot ${file}: ${((Date.now() - started) / 1000).toFixed(1)} s after "Sign in", ${count} of ${expected} posts stored`);
    };
    let state = await readSync(page);
    // Until every post is stored and the News list shows a card (which can come later).
    while ((state.stamps.done === undefined || state.stamps.firstCard === undefined) && Date.now() - started < runLimitMs) {
      if (signIn.refused) throw new Error(`the sign-in was refused (${signIn.refused})`);
      if (state.stamps.newsHeading !== undefined && state.stamps.firstCard === undefined) await shoot('weak-1-news-before-first-cards.png', state.count);
      if (state.stamps.firstCard !== undefined) await shoot('weak-2-first-cards.png', state.count);
      if (state.stamps.half !== undefined) await shoot('weak-3-mid-sync.png', state.count);
      if (Date.now() >= nextNote) {
        console.log(`        … ${((Date.now() - started) / 60_000).toFixed(0)} min: ${state.count} of ${expected} posts`);
        nextNote += 60_000;
      }
      await sleep(250);
      state = await readSync(page);
    }
    const { stamps, count } = state;
    const since = (at: number | undefined) => (at === undefined || stamps.submit === undefined ? null : at - stamps.submit);
    if (stamps.submit === undefined) throw new Error('the sign-in form was not submitted (no submit event seen)');
    if (stamps.done === undefined) console.log(`        not done after ${runLimitMs / 60_000} min, ${count} of ${expected} posts`);
    if (stamps.firstCard === undefined) console.log(`        no post card on News after ${runLimitMs / 60_000} min`);

    let raw: RunResult['raw'];
    let searchMs: number | null = null;
    if (stamps.done !== undefined) {
      // Search is complete when every post has its words (postWords), on every profile.
      const indexedAt = await waitForCount(page, name, 'postWords', expected, 300_000, profile.conditions ? 100 : 50);
      // waitForCount answers in page time (performance.now), the stamps are page epoch ms.
      searchMs = (await page.evaluate(() => performance.timeOrigin)) + indexedAt - stamps.done;
    }
    if (!profile.conditions && stamps.done !== undefined) {
      // The initial-sync bench's reference, in this page: after the app's search indexing, so it does not compete.
      await cdp.send('Runtime.evaluate', { expression: dexieSource() });
      const writes = await rawWrites(page, name, run);
      if (writes.rows !== expected) throw new Error(`read back ${writes.rows} rows, expected ${expected}`);
      raw = { bulkPutMs: writes.sameStore, ratio: (stamps.done - stamps.submit) / writes.sameStore };
    }
    // Let the engine write its last status before the context closes.
    await sleep(300);
    // The top card now is the newest post: since when has it been there?
    const { topCards } = await readSync(page);
    const newestOnTop = stamps.done === undefined ? undefined : topCards.at(-1)?.at;

    const wire = onTheWire(transfers);
    const bytes: Record<Kind, number> = { shell: 0, precache: 0, api: 0, sync: 0 };
    for (const t of wire) bytes[kindOf(t)] += t.bytes;
    const sync = wire.filter((t) => kindOf(t) === 'sync' && t.url.includes('/sync/pull'));
    const lastEnd = Math.max(...sync.map((t) => t.endAt ?? 0));
    const syncBytes = sync.reduce((sum, t) => sum + t.bytes, 0);
    const syncWallBps = sync.length > 0 && lastEnd > sync[0]!.sentAt ? (syncBytes * 8) / (lastEnd - sync[0]!.sentAt) : null;
    if (run === 1 && target.name === 'patio') console.log(`        targets attached: ${attached.join(', ') || 'none'}`);
    if (trace) {
      const zero = Math.min(...wire.map((t) => t.sentAt));
      const at = (s: number | null) => (s === null ? '—' : ((s - zero) * 1000).toFixed(0)).padStart(7);
      for (const t of wire)
        console.log(
          `        ${at(t.sentAt)} ${at(t.headersAt)} ${at(t.endAt)} ms ${kb(t.bytes).padStart(9)} ${t.source.padEnd(14)} ${t.fromCache ? 'cache ' : ''}${new URL(t.url).pathname.slice(0, 70)}`,
        );
    }
    return {
      signInScreenMs,
      newsHeadingMs: since(stamps.newsHeading),
      firstCardMs: since(stamps.firstCard),
      newestCardMs: since(newestOnTop),
      searchMs,
      topCardChanges: topCards.length,
      doneMs: since(stamps.done),
      count,
      swReadyAtSubmit,
      swControlsMs: since(stamps.swControls),
      bytes,
      unfinished: wire.filter((t) => t.endAt === null).length,
      syncWallBps,
      rates: checkEmulation(profile, wire),
      raw,
    };
  } finally {
    await context.close();
  }
}

function showRun(label: string, r: RunResult, expected: number): void {
  const time = (value: number | null) => (value === null ? '—' : ms(value));
  const total = r.bytes.shell + r.bytes.precache + r.bytes.api + r.bytes.sync;
  console.log(
    `${label}: sign-in screen ${ms(r.signInScreenMs)} · from "Sign in": News heading ${time(r.newsHeadingMs)}, first post cards ${time(r.firstCardMs)}, newest post on top ${time(r.newestCardMs)} (top card changed ${r.topCardChanges}×), ` +
      (r.doneMs === null ? `all posts NOT DONE (${r.count} of ${expected})` : `all ${expected} posts ${ms(r.doneMs)}`) +
      ` · service worker ${r.swReadyAtSubmit ? 'ready at submit' : 'not ready at submit'}${r.swControlsMs === null ? '' : `, controls at ${ms(r.swControlsMs)}`}`,
  );
  console.log(
    `        bytes: ${kb(total)} = app shell ${kb(r.bytes.shell)} + service worker precache ${kb(r.bytes.precache)} + sign-in and other API ${kb(r.bytes.api)} + sync API ${kb(r.bytes.sync)}` +
      (r.unfinished > 0 ? ` (${r.unfinished} still open at the end, counted as far as received)` : ''),
  );
  const rates = Object.entries(r.rates)
    .map(
      ([source, { bps, firstByteMs }]) =>
        `${source} ${bps === null ? '— (no response ≥ 20 KB)' : rate(bps)}${firstByteMs === null ? '' : ` (first byte ≥ ${firstByteMs.toFixed(0)} ms)`}`,
    )
    .join(', ');
  console.log(
    `        download rate on the wire (responses ≥ 20 KB): ${rates || '—'} · sync pull, first request → last answer: ${r.syncWallBps === null ? '—' : rate(r.syncWallBps)}`,
  );
  if (r.searchMs !== null) console.log(`        search complete (every post's words stored) ${ms(r.searchMs)} after the last post`);
  if (r.raw) console.log(`        reference: raw Dexie bulkPut of the same rows ${ms(r.raw.bulkPutMs)} · sync / raw bulkPut ${r.raw.ratio.toFixed(2)}×`);
}

/** "median (min–max)" of the runs, or the one value; "not done" counts as missing. */
function summary(values: (number | null)[], format: (v: number) => string = ms): string {
  const done = values.filter((v): v is number => v !== null);
  const missing = values.length - done.length;
  if (done.length === 0) return `not reached in ${runLimitMs / 60_000} min`;
  const f = figures(done);
  const text = done.length === 1 ? format(f.median) : `${format(f.median)} (${format(f.min)}–${format(f.max)})`;
  return missing > 0 ? `${text}, ${missing} of ${values.length} runs not reached in ${runLimitMs / 60_000} min` : text;
}

runBench('bench:weak-network', 10 * 60_000 + runs * 2 * profiles.length * (runLimitMs + 3 * 60_000), async (cleanup) => {
  if (profiles.length === 0) throw new Error(`BENCH_PROFILES=${process.env.BENCH_PROFILES}: none of ${networkProfiles.map((p) => p.key).join(', ')}`);
  ensureBuilt();
  const started = performance.now();
  const ownDir = resolve(freshDataDir(cleanup, 'bench-weak-network'));
  const targets: Target[] = [];
  const seeded = await seed(cleanup, ownDir);
  targets.push({ name: 'patio', origin: (await startPatioServer(cleanup, port, ownDir)).origin, seeded });
  const reference = process.env.BENCH_REFERENCE;
  if (reference) {
    if (!existsSync(join(reference, 'dist', 'index.html'))) throw new Error(`${reference}/dist is missing: build the reference checkout first`);
    const dir = resolve(freshDataDir(cleanup, 'bench-weak-network-reference'));
    const referenceSeeded = await seed(cleanup, dir, resolve(reference));
    targets.push({ name: 'reference', origin: (await startPatioServer(cleanup, referencePort, dir, resolve(reference))).origin, seeded: referenceSeeded });
  }
  console.log(
    `seeded ${postCount} posts (${seeded.totalPosts} in the college with the demo posts) and started ${targets.length} server(s) in ${ms(performance.now() - started)}`,
  );
  const browser = await launchChromium(cleanup);
  console.log(
    `Chromium ${browser.version()} · phone ${viewport.width}×${viewport.height} · ${runs} run(s) per profile, each capped at ${runLimitMs / 60_000} min${reference ? ` · alternating with the reference (${reference})` : ''}`,
  );
  const screenshots = process.env.BENCH_SCREENSHOTS === '0' ? null : screenshotDir;
  if (screenshots) mkdirSync(screenshots, { recursive: true });

  const results = new Map<string, RunResult[]>();
  const key = (profile: NetworkProfile, target: Target) => `${profile.name}\u0000${target.name}`;
  for (let run = 1; run <= runs; run++) {
    for (const profile of profiles) {
      for (const target of targets) {
        const shots = run === 1 && target.name === 'patio' && profile.key === 'weak' ? screenshots : null;
        const result = await oneRun(browser, target, profile, run, shots);
        results.set(key(profile, target), [...(results.get(key(profile, target)) ?? []), result]);
        showRun(`run ${run} · ${profile.name} · ${target.name}`, result, target.seeded.totalPosts);
      }
    }
  }

  console.log('');
  console.log(`Weak network: ${seeded.totalPosts} posts, sign-in as ${email} on a fresh device, ${runs} run(s) per profile; times from pressing "Sign in"`);
  const loopback = profiles.find((p) => !p.conditions);
  for (const profile of profiles) {
    for (const target of targets) {
      const rows = results.get(key(profile, target)) ?? [];
      const home = loopback ? results.get(key(loopback, target)) : undefined;
      const times = (pick: (r: RunResult) => number | null) => rows.map(pick);
      const versus = (pick: (r: RunResult) => number | null) => {
        const mine = medianOf(times(pick));
        const base = home ? medianOf(home.map(pick)) : null;
        return profile.conditions && mine !== null && base !== null ? ` = ${(mine / base).toFixed(1)}× loopback` : '';
      };
      console.log(`  ${describe(profile)}${targets.length > 1 ? ` · ${target.name}` : ''}`);
      console.log(`    sign-in screen (cold, navigation → heading): ${summary(times((r) => r.signInScreenMs))}${versus((r) => r.signInScreenMs)}`);
      console.log(`    → first post cards on News: ${summary(times((r) => r.firstCardMs))}${versus((r) => r.firstCardMs)}`);
      console.log(`    → the newest post on top of News: ${summary(times((r) => r.newestCardMs))}${versus((r) => r.newestCardMs)}`);
      console.log(`    → search complete after the last post: ${summary(times((r) => r.searchMs))}`);
      console.log(`    → all posts in IndexedDB: ${summary(times((r) => r.doneMs))}${versus((r) => r.doneMs)}`);
      const total = (r: RunResult) => r.bytes.shell + r.bytes.precache + r.bytes.api + r.bytes.sync;
      console.log(
        `    bytes: ${summary(times(total), kb)} (app shell ${summary(
          times((r) => r.bytes.shell),
          kb,
        )}, precache ${summary(
          times((r) => r.bytes.precache),
          kb,
        )}, API ${summary(
          times((r) => r.bytes.api),
          kb,
        )}, sync API ${summary(
          times((r) => r.bytes.sync),
          kb,
        )})`,
      );
      console.log(
        `    sync download, on the wire: ${summary(
          times((r) => r.rates.worker?.bps ?? null),
          rate,
        )}; first pull → last answer: ${summary(
          times((r) => r.syncWallBps),
          rate,
        )}`,
      );
      if (!profile.conditions) {
        console.log(
          `    reference: raw Dexie bulkPut of the same rows ${summary(times((r) => r.raw?.bulkPutMs ?? null))} · sync / raw ${summary(
            times((r) => r.raw?.ratio ?? null),
            (v) => `${v.toFixed(2)}×`,
          )}`,
        );
      }
    }
  }
  if (targets.length > 1) {
    console.log('  this checkout / reference, medians:');
    for (const profile of profiles) {
      const [mine, theirs] = targets.map((t) => results.get(key(profile, t)) ?? []);
      const ratio = (pick: (r: RunResult) => number | null) => ratioOfMedians(mine!.map(pick), theirs!.map(pick));
      console.log(
        `    ${profile.name}: first post cards ${ratio((r) => r.firstCardMs)} · all posts ${ratio((r) => r.doneMs)} · bytes ${ratio((r) => r.bytes.shell + r.bytes.precache + r.bytes.api + r.bytes.sync)}`,
      );
    }
  }
});
