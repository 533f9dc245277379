/**
 * A feed of 10,000 posts: a tap → the first 20 post cards painted (goal ≤ 50 ms),
 * and whether scrolling a page of them stays smooth.
 *
 *   npm run bench:feed        (= node --import tsx bench/feed.ts)
 *
 * Seeds 10,000 realistic posts (bench/lib/seedPosts.ts) into a fresh embedded database
 * under .tmp/bench-feed, builds the app if dist/ is missing, starts the real server on
 * 127.0.0.1:8495, and in Debian's Chromium signs in as staff@colinas.test on a fresh
 * context, waits until every post is in IndexedDB and indexed for search, then, BENCH_RUNS
 * times (default 5) in turn, times four client-side navigations inside the page (from the
 * click or submit event's timestamp to the animation frame in which 20 new cards are in the
 * DOM and laid out, and to the end of that frame's paint, bench/lib/listProbe.ts):
 *   1. "News" in the app's navigation, from Home → page 1 of every category;
 *   2. from News page 1, "Go to page" 200 (201, 202… one page more each run, so no run
 *      finds its excerpts already made);
 *   3. from News page 1, a category tab (a different one each run);
 *   4. from News page 1, a search (a different word or two each run), submitted at once.
 * Then the frame intervals while News page 1 (20 cards) scrolls down and up with the
 * mouse wheel. Prints every run and min/median/max; the goal is judged on the median.
 * Env: BENCH_RUNS (1–20, default 5), BENCH_POSTS (default 10000); BENCH_REFERENCE=<a built
 * checkout> runs that checkout's server and build too (port 8497, its own data folder and
 * browser context, the same seeded posts) and alternates every tap between the two, so a
 * busy machine weighs on both alike; BENCH_TRACE=1 prints what
 * happened in each tap (history changes, IndexedDB transactions, DOM changes, frames);
 * BENCH_PROFILE=1 a sampled CPU profile of it (idle, GC, the functions with most self time).
 * Everything it starts (server, Chromium) is stopped by pid at the end, also on failure.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { databaseName } from '../src/db/database';
import {
  ensureBuilt,
  figures,
  freshDataDir,
  launchChromium,
  ms,
  percentile,
  runBench,
  showFigures,
  sleep,
  startPatioServer,
  type Cleanup,
} from './lib/harness';
import { startCpuProfile, stopCpuProfile } from './lib/cpuProfile';
import { armListProbe, listTitles, readListProbe, startFrames, stopFrames, type ListProbe } from './lib/listProbe';
import { newContext, signIn, waitForCount } from './lib/patioSync';
import { seedPosts } from './lib/seedPosts';

const port = 8495;
const referencePort = 8497;
const reference = process.env.BENCH_REFERENCE;
const runs = Math.min(Math.max(Number(process.env.BENCH_RUNS ?? 5), 1), 20);
const postCount = Number(process.env.BENCH_POSTS ?? 10_000);
const trace = process.env.BENCH_TRACE === '1';
const goalMs = 50;
const shownCards = 20;
const categoryNames = ['Noticias', 'Comunicados', 'Deportes', 'Cultura', 'Académico', 'Comunidad'];
const searches = ['feria', 'torneo', 'apoderados cal', 'biblioteca', 'simulacro', 'feria científica', 'vacunación', 'teatro invita'];

interface Scenario {
  name: string;
  /** Brings the page to where the tap starts (not timed). */
  prepare: (page: Page, run: number) => Promise<void>;
  /** The tap (timed from its event). */
  act: (page: Page, run: number) => Promise<void>;
  /** Whether the page then shows what was asked. */
  check: (page: Page, run: number) => boolean | Promise<boolean>;
}

const topNav = (page: Page, name: string) => page.locator('nav.topnav').getByRole('link', { name, exact: true });

/** Waits until the list shows at least `count` cards, unchanged for 400 ms (bounded). */
async function settledTitles(page: Page, count: number): Promise<string[]> {
  let last = '';
  let since = performance.now();
  for (let i = 0; i < 300; i++) {
    const titles = await listTitles(page);
    const key = titles.join('\n');
    if (key !== last) {
      last = key;
      since = performance.now();
    } else if (titles.length >= count && performance.now() - since >= 400) return titles;
    await sleep(50);
  }
  throw new Error(`the list did not settle with ${count} cards (${page.url()})`);
}

async function toHome(page: Page): Promise<void> {
  await topNav(page, 'Home').click();
  await page.getByRole('heading', { name: /^Welcome/, level: 1 }).waitFor({ timeout: 30_000 });
}

async function toNewsPageOne(page: Page): Promise<void> {
  await toHome(page);
  await topNav(page, 'News').click();
  await page.waitForURL((url) => url.pathname === '/blog/all' && url.search === '', { timeout: 30_000 });
  await settledTitles(page, shownCards);
}

const pageOf = (run: number) => 200 + run;

const scenarios: Scenario[] = [
  {
    name: 'Home → "News" (page 1)',
    prepare: toHome,
    act: (page) => topNav(page, 'News').click(),
    check: (page) => new URL(page.url()).pathname === '/blog/all',
  },
  {
    name: 'News → "Go to page" 200+',
    prepare: async (page, run) => {
      await toNewsPageOne(page);
      await page.getByLabel('Go to page').fill(String(pageOf(run)));
    },
    act: (page) => page.getByRole('button', { name: 'Go', exact: true }).click(),
    check: (page, run) => new URL(page.url()).searchParams.get('page') === String(pageOf(run)),
  },
  {
    name: 'News → a category tab',
    prepare: toNewsPageOne,
    act: (page, run) =>
      page
        .locator('nav[aria-label="Categories"]')
        .getByRole('link', { name: categoryNames[run % categoryNames.length]!, exact: true })
        .click(),
    check: async (page, run) => (await page.locator('main h1').first().textContent())?.trim() === categoryNames[run % categoryNames.length],
  },
  {
    name: 'News → a search (submitted)',
    prepare: toNewsPageOne,
    // Typed and submitted at once: the box's own 250 ms pause must not start it first.
    act: (page, run) =>
      page.evaluate(
        async (text) => {
          const input = document.querySelector<HTMLInputElement>('form[role="search"] input')!;
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
          input.dispatchEvent(new Event('input', { bubbles: true }));
          await new Promise((resolve) => setTimeout(resolve, 0));
          input.form!.requestSubmit();
        },
        searches[run % searches.length]!,
      ),
    check: (page, run) => new URL(page.url()).searchParams.get('q') === searches[run % searches.length],
  },
];

interface Measured {
  painted: number;
  frame: number;
  longTaskMs: number;
}

async function measure(page: Page, scenario: Scenario, run: number): Promise<Measured> {
  await scenario.prepare(page, run);
  await sleep(300);
  const profiling = process.env.BENCH_PROFILE === '1' ? await startCpuProfile(page) : null;
  await armListProbe(page, shownCards, 15_000, trace);
  await scenario.act(page, run);
  const probe: ListProbe = await readListProbe(page);
  if (trace) console.log(`        ${probe.events.map(([at, what]) => `${(at - probe.start!).toFixed(1)} ${what}`).join(' | ')}`);
  if (profiling) {
    const cpu = await stopCpuProfile(profiling);
    console.log(
      `        CPU profile (arm → painted, ${ms(cpu.totalMs)}): idle ${ms(cpu.idleMs)} · GC ${ms(cpu.gcMs)} · ${cpu.top.map((f) => `${f.name} ${f.ms.toFixed(1)}`).join(' · ')}`,
    );
  }
  if (probe.start === undefined || probe.frame === undefined || probe.painted === undefined)
    throw new Error(`${scenario.name}: no cards seen (${JSON.stringify(probe)})`);
  if (!(await scenario.check(page, run))) throw new Error(`${scenario.name}: the page shows something else (${page.url()})`);
  const after = await settledTitles(page, shownCards);
  if (after.join('\n') !== probe.titles.join('\n')) throw new Error(`${scenario.name}: the cards changed after the measured frame`);
  const longTaskMs = probe.longTasks.filter(([at]) => at >= probe.start! && at < probe.frame!).reduce((sum, [, duration]) => sum + duration, 0);
  return { painted: probe.painted - probe.start, frame: probe.frame - probe.start, longTaskMs };
}

async function scrollFrames(page: Page): Promise<number[]> {
  await toNewsPageOne(page);
  await page.mouse.move(640, 400);
  await startFrames(page);
  for (const direction of [1, -1]) {
    for (let step = 0; step < 30; step++) {
      await page.mouse.wheel(0, direction * 240);
      await sleep(40);
    }
  }
  await sleep(200);
  return stopFrames(page);
}

interface Device {
  name: string;
  page: Page;
  results: Map<string, Measured[]>;
}

/** A server (this checkout's, or `checkout`'s) with its own seeded posts, and a signed-in, synced page on it. */
async function prepareDevice(cleanup: Cleanup, browser: Browser, name: string, checkout?: string): Promise<Device> {
  const dataDir = resolve(freshDataDir(cleanup, checkout ? 'bench-feed-reference' : 'bench-feed'));
  let started = performance.now();
  const seeded = await seedPosts(dataDir, postCount);
  console.log(`${name}: seeded ${postCount} posts (${seeded.totalPosts} in the college) in ${ms(performance.now() - started)}`);
  const { origin } = await startPatioServer(cleanup, checkout ? referencePort : port, dataDir, checkout ? resolve(checkout) : undefined);
  const context = await newContext(browser);
  const page = await context.newPage();
  started = performance.now();
  await signIn(page, origin, 'staff@colinas.test');
  const database = databaseName(seeded.collegeSlug, seeded.staffUserId);
  await waitForCount(page, database, 'posts', seeded.totalPosts, 300_000, 100);
  await waitForCount(page, database, 'postWords', seeded.totalPosts, 300_000, 100);
  console.log(`${name}: ${origin} · signed in, ${seeded.totalPosts} posts synced and indexed in ${ms(performance.now() - started)}`);
  return { name, page, results: new Map(scenarios.map((s) => [s.name, []])) };
}

function report(device: Device, intervals: number[]): void {
  console.log('');
  console.log(`${device.name}: tap → first ${shownCards} cards painted (goal ≤ ${goalMs} ms, on the median)`);
  for (const [label, values] of device.results) {
    console.log(
      showFigures(
        `  ${label}`,
        values.map((v) => v.painted),
      ),
    );
    console.log(
      showFigures(
        '      frame with the cards laid out',
        values.map((v) => v.frame),
      ),
    );
    const median = figures(values.map((v) => v.painted)).median;
    console.log(`      ${median <= goalMs ? 'meets' : `misses by ${ms(median - goalMs)}`}`);
  }
  const slow = intervals.filter((v) => v > 50).length;
  console.log(
    `  scrolling News page 1 (${shownCards} cards, 60 wheel steps): ${intervals.length} frames, interval median ${figures(intervals).median.toFixed(1)} ms · p95 ${percentile(intervals, 95).toFixed(1)} ms · max ${figures(intervals).max.toFixed(1)} ms · ${slow} over 50 ms`,
  );
}

runBench('feed', 30 * 60_000, async (cleanup) => {
  ensureBuilt();
  if (reference && !existsSync(join(reference, 'dist', 'index.html'))) throw new Error(`${reference}/dist is missing: build the reference checkout first`);
  const browser = await launchChromium(cleanup);
  console.log(`Chromium ${browser.version()} · ${runs} runs${reference ? ` · alternating with the reference (${reference})` : ''}`);
  const devices = [await prepareDevice(cleanup, browser, 'this checkout')];
  if (reference) devices.push(await prepareDevice(cleanup, browser, 'reference', reference));
  await sleep(1000);

  // One unmeasured pass: every screen's code loaded, as on a device in use.
  for (const device of devices) for (const scenario of scenarios) await measure(device.page, scenario, runs);

  for (let run = 0; run < runs; run++) {
    for (const scenario of scenarios) {
      const order = run % 2 === 0 ? devices : [...devices].reverse();
      for (const device of order) {
        const result = await measure(device.page, scenario, run);
        device.results.get(scenario.name)!.push(result);
        console.log(
          `run ${run + 1} · ${device.name} · ${scenario.name}: painted ${ms(result.painted)} (frame ${ms(result.frame)}; long tasks ${ms(result.longTaskMs)})`,
        );
      }
    }
  }
  for (const device of devices) report(device, await scrollFrames(device.page));
  if (devices.length === 2) {
    console.log('');
    console.log('this checkout / reference, medians of "painted":');
    for (const scenario of scenarios) {
      const [mine, theirs] = devices.map((d) => figures(d.results.get(scenario.name)!.map((v) => v.painted)).median) as [number, number];
      console.log(`  ${scenario.name}: ${ms(mine)} vs ${ms(theirs)} (${(mine / theirs).toFixed(2)}×)`);
    }
  }
});
