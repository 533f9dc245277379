/**
 * Lighthouse (npm `lighthouse`, mobile: its default Moto G Power emulation with simulated
 * slow 4G and 4× CPU) on the landing page, the sign-in screen and News signed in
 * (docs/features/app-shell.md, "The first paint"): the four category scores and the paint metrics, median of
 * BENCH_RUNS runs (default 3, 1–7) per page.
 *
 *   npm run bench:lighthouse        (= node --import tsx bench/lighthouse.ts)
 *
 * Starts the real server on 127.0.0.1:8487 with a fresh embedded database under
 * .tmp/bench-lighthouse (the demo colleges), builds the app if dist/ is missing, and
 * drives Debian's Chromium through puppeteer-core (Lighthouse's own driver):
 *   - landing `/` and `/auth/login`: a first visit (Lighthouse clears the origin's storage);
 *   - News `/blog/all`: signed in as staff@colinas.test, the way a teacher opens it every
 *     day: after one sign-in in the same profile (service worker installed, the offline copy
 *     downloaded) and two more visits (Chromium's code cache made), so Lighthouse keeps the
 *     storage (`disableStorageReset`).
 * Also prints Lighthouse's benchmark index of this machine (a CPU speed figure: Lighthouse's
 * own reference for how the host compares with its calibration machine), and the failed
 * audits of every category below 100. BENCH_REFERENCE=<another checkout, built> serves that
 * checkout too (its own server, port 8489) and alternates runs between the two, so both are
 * measured under the same load: on a shared machine only such side-by-side figures compare.
 * BENCH_JSON=path writes the medians as JSON;
 * BENCH_PAGES=news (or landing,login) measures only those pages;
 * BENCH_LHR_DIR=folder keeps each page's last full Lighthouse report (JSON) and its trace there.
 * BENCH_CPU_SLOWDOWN=N replaces the emulated phone's 4× CPU slowdown: Lighthouse's way to
 * calibrate a faster or slower host (e.g. 4 × this host's benchmark index ÷ another's
 * compares with figures taken on that other machine).
 * Everything it starts is stopped by pid at the end, also on failure.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { demoPassword } from '../server/db/demoData';
import { chromiumArgs, chromiumPath, ensureBuilt, freshDataDir, runBench, startPatioServer } from './lib/harness';

const port = 8487;
const referencePort = 8489;
const runs = Math.min(Math.max(Number(process.env.BENCH_RUNS ?? 3), 1), 7);
const cpuSlowdown = Number(process.env.BENCH_CPU_SLOWDOWN ?? '');
const cpuFlags: Flags = cpuSlowdown >= 1 && cpuSlowdown <= 20 ? { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown } } : {};
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const metrics = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'speed-index': 'SI',
  'cumulative-layout-shift': 'CLS',
} as const;

interface Sample {
  scores: Record<(typeof categories)[number], number>;
  metrics: Record<keyof typeof metrics, number>;
  benchmarkIndex: number;
  failing: string[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function sampleOf(result: RunnerResult | undefined): Sample {
  if (!result) throw new Error('Lighthouse returned no result');
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Sample['scores'];
  const values = Object.fromEntries(Object.keys(metrics).map((id) => [id, lhr.audits[id]?.numericValue ?? NaN])) as Sample['metrics'];
  const failing: string[] = [];
  for (const category of categories) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
      failing.push(`${category}: ${ref.id}`);
    }
  }
  return { scores, metrics: values, benchmarkIndex: lhr.environment.benchmarkIndex, failing };
}

async function signIn(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/auth/login`, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('input[autocomplete="username"], input[name="identifier"]', { timeout: 45_000 });
  const identifier = (await page.$('input[name="identifier"]')) ?? (await page.$('input[autocomplete="username"]'));
  await identifier!.type('staff@colinas.test');
  await page.type('input[type="password"]', demoPassword);
  await page.click('button[type="submit"]');
  // Home, then News with its first post card: the offline copy is there.
  await page.waitForFunction(() => location.pathname === '/app' && document.querySelector('main h1') !== null, { timeout: 60_000 });
  await page.goto(`${origin}/blog/all`, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('main article.post-card', { timeout: 60_000 });
  // The service worker controls the page (its precache is done).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 60_000 });
  // Opened again, as on any school day: Chromium keeps compiled code for a script only from
  // its second run from the cache on, and made that code cache during the first of these
  // loads (a 100–150 ms task on this machine), which only the first day after an update pays.
  for (let visit = 0; visit < 2; visit++) {
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.waitForSelector('main article.post-card', { timeout: 60_000 });
  }
}

async function audit(browser: Browser, url: string, flags: Flags, before?: (page: Page) => Promise<void>): Promise<Sample> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    if (before) await before(page);
    const result = await lighthouse(url, { logLevel: 'error', output: 'json', formFactor: 'mobile', ...cpuFlags, ...flags }, undefined, page);
    const keep = process.env.BENCH_LHR_DIR;
    if (keep && result) {
      const name = `${keep}/${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}`;
      writeFileSync(`${name}.json`, JSON.stringify(result.lhr));
      const trace = (result.artifacts as { Trace?: unknown }).Trace;
      if (trace) writeFileSync(`${name}.trace.json`, JSON.stringify(trace));
    }
    return sampleOf(result);
  } finally {
    await context.close();
  }
}

function show(label: string, samples: Sample[]): Record<string, number> {
  const row: Record<string, number> = {};
  for (const c of categories) row[c] = median(samples.map((s) => s.scores[c]));
  for (const id of Object.keys(metrics) as (keyof typeof metrics)[]) row[metrics[id]] = median(samples.map((s) => s.metrics[id]));
  row.benchmarkIndex = median(samples.map((s) => s.benchmarkIndex));
  const each = (c: (typeof categories)[number]) => samples.map((s) => s.scores[c]).join('/');
  console.log(
    `${label.padEnd(18)} perf ${String(row.performance).padStart(3)} (${each('performance')})  a11y ${row.accessibility}  best ${row['best-practices']}  seo ${row.seo}` +
      `  FCP ${(row.FCP! / 1000).toFixed(1)} s  LCP ${(row.LCP! / 1000).toFixed(1)} s  TBT ${Math.round(row.TBT!)} ms  SI ${(row.SI! / 1000).toFixed(1)} s  CLS ${row.CLS!.toFixed(3)}  (benchmark index ${Math.round(row.benchmarkIndex)})`,
  );
  // Each audit below 0.9 in any run, with how many runs it failed in.
  const failing = new Map<string, number>();
  for (const line of samples.flatMap((s) => s.failing)) failing.set(line, (failing.get(line) ?? 0) + 1);
  for (const [line, count] of failing) console.log(`    · ${line} (${count} of ${samples.length} runs)`);
  return row;
}

runBench('bench:lighthouse', 40 * 60_000, async (cleanup) => {
  ensureBuilt();
  const { origin } = await startPatioServer(cleanup, port, freshDataDir(cleanup, 'bench-lighthouse'));
  const targets = [{ name: 'patio', origin }];
  const reference = process.env.BENCH_REFERENCE;
  if (reference) {
    if (!existsSync(join(reference, 'dist', 'index.html'))) throw new Error(`${reference}/dist is missing: build the reference checkout first`);
    const dataDir = resolve(freshDataDir(cleanup, 'bench-lighthouse-reference'));
    targets.push({ name: 'reference', origin: (await startPatioServer(cleanup, referencePort, dataDir, resolve(reference))).origin });
  }
  const browser = await puppeteer.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
  cleanup.add('close chromium', () => browser.close());
  const version = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version;
  console.log(
    `Lighthouse ${version}, ${await browser.version()}, ${runs} runs per page, median${cpuFlags.throttling ? `, CPU slowdown ${cpuSlowdown}×` : ''}${reference ? `; runs alternate with the reference (${reference})` : ''}`,
  );

  const pages: { label: string; path: string; flags: Flags; signedIn?: boolean }[] = [
    { label: 'landing', path: '/', flags: {} },
    { label: 'login', path: '/auth/login', flags: {} },
    { label: 'news', path: '/blog/all', flags: { disableStorageReset: true }, signedIn: true },
  ];
  const only = process.env.BENCH_PAGES?.split(',').map((name) => name.trim());
  const out: Record<string, Record<string, number>> = {};
  for (const { label, path, flags, signedIn } of pages.filter((p) => !only || only.includes(p.label))) {
    const samples = new Map<string, Sample[]>(targets.map((t) => [t.name, []]));
    for (let run = 0; run < runs; run++) {
      for (const target of targets) {
        const before = signedIn ? (page: Page) => signIn(page, target.origin) : undefined;
        samples.get(target.name)!.push(await audit(browser, `${target.origin}${path}`, flags, before));
      }
    }
    for (const target of targets) out[`${label} ${target.name}`] = show(reference ? `${label} ${target.name}` : label, samples.get(target.name)!);
  }
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(out, null, 2));
});
