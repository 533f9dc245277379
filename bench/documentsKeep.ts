/**
 * Keeping a whole category on the device (docs/features/documents.md: a category of 100 documents
 * (200 MB) on campus Wi-Fi; time and peak memory of the page).
 *
 *   npm run bench:documents-keep        (= node --import tsx bench/documentsKeep.ts)
 *
 * Seeds a category of BENCH_DOCUMENTS documents (default 100) totalling BENCH_MB megabytes
 * (default 200; three large scans of 12, 8 and 6 % of it, the rest 0.3–3 MB) into the colinas
 * demo college of a fresh embedded database under .tmp/bench-documents-keep, through the
 * server's own `writeInCollege`, with their files in its data folder (bench/lib/seedDocuments.ts);
 * builds bench/pages/keepDocuments.html with Vite (the app's own keeping code: keptFiles.ts,
 * keepInStep.ts, the sync engine and the HTTP door, and nothing else); starts the real server
 * on 127.0.0.1:8480, and the page's origin on 127.0.0.1:8479 (bench/lib/shapedLink.ts: it
 * serves the page and passes the rest to the server). For each network profile
 * (BENCH_PROFILES, default `loopback,campus`; campus Wi-Fi is 4 Mbit/s down with 150 ms of
 * latency, emulated by that origin: one paced downlink shared by every answer), it starts
 * Debian's Chromium, headless, on a fresh profile folder (disk-backed storage and quota, as an
 * installed app has), at the page, which syncs staff@colinas.test's device, keeps the
 * category ("even on a slow network") and runs one `keepCategoriesInStep` pass: the files
 * one at a time, each streamed into Cache Storage. Printed: the pass's time (page clock), the
 * files and bytes kept, the effective rate; and memory while it runs, sampled every 250 ms:
 *   - the page's JavaScript heap: `performance.memory.usedJSHeapSize`, made precise with
 *     `--enable-precise-memory-info`, sampled in the page;
 *   - resident memory (VmRSS, /proc) of the page's renderer process (the largest renderer)
 *     and of all Chromium's processes together (the storage service writes Cache Storage),
 *     before the pass and at its peak.
 * No DevTools session is attached, so no DevTools protocol figures: Chromium's network agent
 * keeps what passes through an inspected page (measured here: reading the same 200 MB of
 * answers in a Playwright page took the renderer ~200 MiB higher than without it).
 * Then the SHA-256 check the keep makes of files up to 16 MiB: reading the largest such file
 * back from Cache Storage and hashing it, in the page.
 * A pass not done in BENCH_RUN_LIMIT_MIN minutes (default 20) is printed as such.
 * Everything it starts (the server, Chromium) is stopped by pid at the end, also on failure.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import babel from '@rolldown/plugin-babel';
import { build } from 'vite';
import { uuidv7 } from '../contract/ids';
import { demoPassword } from '../server/db/demoData';
import type { KeepFigures } from './pages/keepDocuments';
import { chromiumProcesses } from './lib/chromiumProcesses';
import { chromiumArgs, chromiumPath, freshDataDir, runBench, sleep, startPatioServer, type Cleanup } from './lib/harness';
import { rssKiB } from './lib/rssSampler';
import { seedDocuments } from './lib/seedDocuments';
import { startShapedLink, type LinkConditions } from './lib/shapedLink';

const port = 8480;
const pagePort = 8479;
const clamp = (value: number, low: number, high: number) => Math.min(Math.max(Number.isFinite(value) ? value : low, low), high);
const documentCount = clamp(Number(process.env.BENCH_DOCUMENTS ?? 100), 4, 1000);
const totalBytes = clamp(Number(process.env.BENCH_MB ?? 200), 1, 2000) * 1_000_000;
const runLimitMs = clamp(Number(process.env.BENCH_RUN_LIMIT_MIN ?? 20), 1, 60) * 60_000;
const allProfiles: { key: string; name: string; conditions: LinkConditions | null }[] = [
  { key: 'loopback', name: 'loopback', conditions: null },
  { key: 'campus', name: 'campus Wi-Fi (4 Mbit/s, 150 ms)', conditions: { downKbps: 4000, latencyMs: 150 } },
  { key: 'weak', name: 'weak (1 Mbit/s, 400 ms)', conditions: { downKbps: 1000, latencyMs: 400 } },
];
const chosen = (process.env.BENCH_PROFILES ?? 'loopback,campus').split(',').map((key) => key.trim());
const profiles = allProfiles.filter((profile) => chosen.includes(profile.key));

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** Resident memory of the page's renderer and of all Chromium's processes, in bytes. */
function residentMemory(profileDir: string): { renderer: number; chromium: number } {
  const processes = chromiumProcesses(profileDir).map((p) => ({ ...p, bytes: (rssKiB(p.pid) ?? 0) * 1024 }));
  return {
    renderer: Math.max(0, ...processes.filter((p) => p.type === 'renderer').map((p) => p.bytes)),
    chromium: processes.reduce((sum, p) => sum + p.bytes, 0),
  };
}

async function buildPage(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: resolve('bench/pages'),
    base: '/bench-keep/',
    logLevel: 'warn',
    plugins: [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] })],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      rolldownOptions: { input: resolve('bench/pages/keepDocuments.html'), checks: { pluginTimings: false } },
    },
  });
}

async function signIn(origin: string): Promise<{ token: string; userId: string }> {
  const response = await fetch(`${origin}/api/login-mobile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email: 'staff@colinas.test', password: demoPassword }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status}`);
  const body = (await response.json()) as { token: string; user: { id: string } };
  return { token: body.token, userId: body.user.id };
}

/** Chromium at `url`, headless, no DevTools; stopped by pid (at the end of the run, or by the cleanup). */
function startChromium(cleanup: Cleanup, profileDir: string, url: string): () => Promise<void> {
  const child = spawn(chromiumPath, [...chromiumArgs, '--headless', '--enable-precise-memory-info', `--user-data-dir=${resolve(profileDir)}`, url], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000).then(() => child.exitCode === null && child.kill('SIGKILL'))]);
  };
  cleanup.add(`stop chromium (${profileDir})`, stop);
  return stop;
}

async function runProfile(
  cleanup: Cleanup,
  profile: (typeof allProfiles)[number],
  dataDir: string,
  serverOrigin: string,
  pageDir: string,
  query: URLSearchParams,
  expected: number,
) {
  const profileDir = join(dataDir, `chromium-${profile.key}`);
  const link = await startShapedLink(pagePort, serverOrigin, pageDir, profile.conditions);
  try {
    const started = link.next('started');
    const result = link.next('result');
    const stop = startChromium(cleanup, profileDir, `${link.origin}/bench-keep/keepDocuments.html?${query.toString()}`);
    await Promise.race([started, result]);
    const before = residentMemory(profileDir);
    const peak = { ...before };
    let sampling = true;
    void (async () => {
      while (sampling) {
        const now = residentMemory(profileDir);
        peak.renderer = Math.max(peak.renderer, now.renderer);
        peak.chromium = Math.max(peak.chromium, now.chromium);
        await sleep(250);
      }
    })();
    const body = await Promise.race([result, sleep(runLimitMs).then(() => null)]);
    sampling = false;
    await stop();
    console.log(`\n${profile.name}`);
    if (body === null) return console.log(`  not done after ${runLimitMs / 60_000} min`);
    const figures = JSON.parse(body) as KeepFigures;
    if (figures.error) return console.log(`  failed in the page: ${figures.error}`);
    const seconds = figures.keepMs / 1000;
    console.log(`  sync of the device's metadata: ${(figures.syncMs / 1000).toFixed(1)} s`);
    console.log(
      `  keep pass: ${seconds.toFixed(1)} s, ${figures.downloaded} downloaded, ${figures.keptFiles} of ${expected} kept, ${mb(figures.keptBytes)}${figures.stopped ? `, stopped: ${figures.stopped}` : ''}; effective rate ${((figures.keptBytes * 8) / seconds / 1e6).toFixed(2)} Mbit/s`,
    );
    console.log(`  page JS heap (performance.memory, precise): ${mib(figures.heapBefore)} before → peak ${mib(figures.heapPeak)}`);
    console.log(
      `  RSS of the page's renderer: ${mib(before.renderer)} before → peak ${mib(peak.renderer)}; all Chromium processes: ${mib(before.chromium)} → peak ${mib(peak.chromium)}`,
    );
    if (figures.verify)
      console.log(
        `  SHA-256 check of the largest verified file (${mb(figures.verify.bytes)}): ${figures.verify.ms.toFixed(0)} ms, read back from Cache Storage and hashed`,
      );
  } finally {
    await link.close();
  }
}

runBench('bench:documents-keep', 10 * 60_000 + profiles.length * (runLimitMs + 2 * 60_000), async (cleanup) => {
  if (profiles.length === 0) throw new Error(`BENCH_PROFILES=${process.env.BENCH_PROFILES}: none of ${allProfiles.map((p) => p.key).join(', ')}`);
  const dataDir = freshDataDir(cleanup, 'bench-documents-keep');
  console.log(`seeding ${documentCount} documents, ${mb(totalBytes)}…`);
  const seeded = await seedDocuments(dataDir, documentCount, totalBytes);
  const pageDir = resolve(dataDir, 'page');
  await buildPage(pageDir);
  const server = await startPatioServer(cleanup, port, dataDir);
  const { token, userId } = await signIn(server.origin);
  console.log(`bench:documents-keep — ${seeded.count} documents, ${mb(seeded.totalBytes)} (largest ${mb(seeded.largest)}), ${chromiumPath}`);
  for (const profile of profiles) {
    // A new device each time: its own database, and so its own cache of files.
    const query = new URLSearchParams({ token, userId: `${userId}-${uuidv7()}`, categoryId: seeded.categoryId });
    await runProfile(cleanup, profile, dataDir, `http://127.0.0.1:${port}`, pageDir, query, seeded.count);
  }
});
