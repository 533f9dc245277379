/**
 * The server holds a whole school at the bell (docs/sync.md, "Answering from memory").
 *
 *   npm run bench:server-load        (= node --import tsx bench/serverLoad.ts)
 *
 * PostgreSQL (a database of its own, `patio_bench_load`, dropped and created again first and
 * dropped at the end) seeded with the demo colleges and 10,000 posts in colinas, plus members
 * so that 1,000 devices are 500 members on two devices each (students and guardians of one
 * section, some staff). Sessions are made with the server's own `issueAccessToken`, and
 * each device starts with the cursor of a finished initial sync (bench/lib/loadDevices.ts).
 * Two API processes (`server/main.ts`, `DATABASE_URL` = that database) on 127.0.0.1:8492
 * and :8493; every kind of traffic is spread over both ports (device i → port i % 2), no
 * proxy. Then, each for BENCH_SECONDS:
 *
 * 1. the empty-route reference: autocannon, 1,000 connections, `GET /api/health` (a route
 *    without database work, on the same processes, the streams open);
 * 2. the load: autocannon, the same settings, each connection one device polling
 *    `GET /api/v1/sync/pull` with its own token and the cursor of its last answer, while
 *    1,000 poke streams (`GET /api/v1/sync/stream`, one per device) stay open and staff
 *    posts BENCH_POSTS_PER_SECOND times a second, alternately through `POST /api/v1/posts`
 *    and `posts.create` on `POST /api/v1/sync/push`, for one section, one grade or every
 *    section. Each stream counts its pokes; they are checked against the posts whose
 *    audience meets the device's keys.
 *
 * autocannon runs in its own process (bench/lib/loadTool.ts) so the streams held here do
 * not disturb its clock. Both servers' RSS is read from /proc/<pid>/status every 5 s.
 *
 * 3. fan-out: one post for every section; for each of the 1,000 streams (all may see it),
 *    the time from sending the post to its poke, and to the end of the pull the device makes
 *    on that poke, carrying the post.
 *
 * Prints errors (non-2xx, timeouts, stream drops), pull latency and rate, the empty route's
 * rate and the ratio, RSS, fan-out times. Goals (printed, never asserted): 0 errors, pull
 * p99 < 300 ms, memory flat, pull ≥ 0.3× the empty route, fan-out p99 ≤ 1 s.
 * Everything it starts is stopped by pid at the end, also on failure.
 * Env: BENCH_SECONDS (default 60), BENCH_DEVICES (1000), BENCH_POSTS (10000),
 * BENCH_POSTS_PER_SECOND (2), BENCH_PG (default postgres://postgres@127.0.0.1:5432: the
 * server; the benchmark connects to its `postgres` database only to drop and create its own),
 * PATIO_BENCH_KEEP=1 keeps the database and data folder.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { and, count, eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { demoPassword } from '../server/db/demoData';
import { users } from '../server/db/schema';
import { freshDataDir, ms, runBench, sleep, startChild, startPatioServer } from './lib/harness';
import { addMembers, collegeCounter, cursorAt, loadCollege, signInDevices } from './lib/loadDevices';
import type { LoadPlan, LoadResult } from './lib/loadTool';
import { measureFanOut } from './lib/fanOut';
import { openStreams } from './lib/pokeStreams';
import { RssSampler } from './lib/rssSampler';
import { seedPosts } from './lib/seedPosts';
import { StaffPoster } from './lib/staffPoster';

const ports = [8492, 8493];
const bounded = (name: string, fallback: number, min: number, max: number) => Math.min(Math.max(Number(process.env[name] ?? fallback) || fallback, min), max);
const seconds = bounded('BENCH_SECONDS', 60, 5, 300);
const deviceCount = bounded('BENCH_DEVICES', 1000, 10, 2000);
const postCount = bounded('BENCH_POSTS', 10_000, 0, 50_000);
const postsPerSecond = bounded('BENCH_POSTS_PER_SECOND', 2, 0.1, 20);
const devicesPerMember = 2;
const databaseName = 'patio_bench_load';
const server = (process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const databaseUrl = `${server}/${databaseName}`;

/** Drops the benchmark's database and, unless `drop`, creates it again; answers the server's version. */
async function recreateDatabase(drop: boolean): Promise<string> {
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    if (!drop) await admin.query(`create database ${databaseName}`);
    return String((await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '?');
  } finally {
    await admin.end();
  }
}

async function runLoadTool(cleanup: Parameters<Parameters<typeof runBench>[2]>[0], dataDir: string, plan: LoadPlan): Promise<LoadResult> {
  const file = `${dataDir}/plan-${plan.mode}.json`;
  writeFileSync(file, JSON.stringify(plan));
  const tool = startChild(cleanup, `load tool (${plan.mode})`, ['--import', 'tsx', 'bench/lib/loadTool.ts', file], {});
  const code = await new Promise<number | null>((resolve) => tool.child.once('exit', resolve));
  const line = tool
    .output()
    .split('\n')
    .find((l) => l.startsWith('LOAD-RESULT '));
  if (code !== 0 || !line) throw new Error(`the load tool failed (exit ${code}):\n${tool.output()}`);
  return JSON.parse(line.slice('LOAD-RESULT '.length)) as LoadResult;
}

const pct = (n: number, of: number) => (of === 0 ? '—' : `${((100 * n) / of).toFixed(1)}%`);

runBench('serverLoad', 10 * 60_000 + 3 * seconds * 1000, async (cleanup) => {
  console.log(
    `machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, Node ${process.version}`,
  );
  const version = await recreateDatabase(false);
  if (!process.env.PATIO_BENCH_KEEP) cleanup.add(`drop ${databaseName}`, async () => void (await recreateDatabase(true)));
  const dataDir = freshDataDir(cleanup, 'bench-load');
  mkdirSync(dataDir, { recursive: true });

  const seedStart = performance.now();
  const seeded = await seedPosts({ url: databaseUrl }, postCount);
  const database = await openDatabase({ url: databaseUrl });
  cleanup.add('close the database', () => database.close());
  const db = database.db;
  const college = await loadCollege(db);
  const members = Math.ceil(deviceCount / devicesPerMember);
  const [existing] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.collegeId, college.collegeId), eq(users.status, 'active')));
  await addMembers(db, college, Math.max(0, members - (existing?.n ?? 0)));
  const devices = await signInDevices(db, college, deviceCount, devicesPerMember);
  console.log(
    `PostgreSQL ${version}; ${seeded.totalPosts} posts, ${members} members on ${devices.length} devices (${devicesPerMember} each), ready in ${ms(performance.now() - seedStart)}`,
  );

  const servers: Awaited<ReturnType<typeof startPatioServer>>[] = [];
  for (const port of ports) servers.push(await startPatioServer(cleanup, port, dataDir, undefined, { env: { DATABASE_URL: databaseUrl } }));
  const rss = new RssSampler(
    servers.map((s, i) => ({ label: `:${ports[i]}`, pid: s.pid })),
    5_000,
  );
  cleanup.add('stop sampling', () => rss.stop());
  rss.mark('servers up');

  const staff = await StaffPoster.signIn(`http://127.0.0.1:${ports[0]}`, ports, 'staff@colinas.test', demoPassword, college);

  const streamsStart = performance.now();
  const streams = await openStreams(devices, ports, 120_000);
  cleanup.add('close the streams', () => streams.forEach((s) => s.close()));
  const ready = streams.filter((s) => s.readyAt !== null).length;
  console.log(`${ready} of ${streams.length} streams ready in ${ms(performance.now() - streamsStart)}`);
  if (ready === 0) throw new Error('no stream opened');
  rss.mark('streams open');

  console.log(`\n1. empty route: GET /api/health, ${deviceCount} connections over ${ports.length} processes, ${seconds} s`);
  const health = await runLoadTool(cleanup, dataDir, { mode: 'health', ports, connections: deviceCount, seconds, devices: [] });
  console.log(
    `   ${health.rate.toFixed(0)} req/s; latency p50 ${ms(health.latency.p50)} · p99 ${ms(health.latency.p99)} · max ${ms(health.latency.max)}; non-2xx ${health.non2xx}, errors ${health.errors}, timeouts ${health.timeouts}`,
  );
  rss.mark('after the empty route');

  console.log(`\n2. load: ${deviceCount} devices polling pull, ${ready} streams open, staff posting ${postsPerSecond}/s, ${seconds} s`);
  const counter = await collegeCounter(db, college.collegeId);
  rss.mark('load start');
  const middle = setTimeout(() => rss.mark('load middle'), (seconds * 1000) / 2);
  const posting = staff.postFor(seconds * 1000, postsPerSecond);
  const pull = await runLoadTool(cleanup, dataDir, {
    mode: 'pull',
    ports,
    connections: deviceCount,
    seconds,
    devices: devices.map((d) => ({ token: d.token, cursor: cursorAt(d, counter) })),
  });
  clearTimeout(middle);
  const posted = await posting;
  rss.mark('load end');
  await sleep(1_000);

  const pullErrors = pull.non2xx + pull.errors;
  console.log(
    `   pull: ${pull.requests} answered in ${pull.seconds} s = ${pull.rate.toFixed(0)} req/s (${pull.withChanges} carried changes, ${pull.resets} resets)`,
  );
  console.log(
    `   pull latency: p50 ${ms(pull.latency.p50)} · p90 ${ms(pull.latency.p90)} · p99 ${ms(pull.latency.p99)} · max ${ms(pull.latency.max)} (mean ${ms(pull.latency.mean)})`,
  );
  console.log(
    `   pull errors: non-2xx ${pull.non2xx}, connection errors ${pull.errors}, timeouts ${pull.timeouts}; status codes ${JSON.stringify(pull.statusCodes)}`,
  );
  console.log(
    `   staff: ${posted.sent.length} posts (${posted.sent.filter((p) => p.via === 'push').length} by push), ${posted.failures.length} failed${posted.failures.length ? `: ${[...new Set(posted.failures.map((f) => f.message))].slice(0, 3).join('; ')}` : ''}; answer ${ms(posted.latency('p50'))} median, ${ms(posted.latency('max'))} max`,
  );

  // Every stream should have had one poke per post whose audience meets its device's keys
  // (and perhaps one per post that failed on the client's side but was applied).
  let expectedPokes = 0;
  let receivedPokes = 0;
  let short = 0;
  let extra = 0;
  for (const stream of streams) {
    const device = devices[stream.deviceIndex]!;
    const concerns = (keys: readonly string[]) => keys.some((k) => device.keys.has(k));
    const expected = posted.sent.filter((p) => concerns(p.keys)).length;
    const maybe = posted.failures.filter((f) => concerns(f.keys)).length;
    const received = stream.pokes.length;
    expectedPokes += expected;
    receivedPokes += received;
    if (received < expected) short++;
    if (received > expected + maybe) extra++;
  }
  console.log(
    `   pokes: ${receivedPokes} of ${expectedPokes} expected (${pct(receivedPokes, expectedPokes)}); streams short ${short}, with extra ${extra} (beyond the failed posts' audiences)`,
  );

  console.log(`\n3. fan-out: one post for every section, ${streams.filter((s) => s.dropped === null).length} streams open`);
  const fanOut = await measureFanOut(db, college, staff, streams, devices, 30_000);
  rss.mark('after fan-out');
  for (const line of fanOut.lines) console.log(`   ${line}`);

  const drops = streams.filter((s) => s.dropped !== null);
  const heartbeats = streams.reduce((n, s) => n + s.heartbeats, 0);
  const serverErrors = servers.map((s) => (s.output().match(/"level":(50|60)/g) ?? []).length);

  console.log('\nsummary');
  console.log(
    `   errors: pull non-2xx ${pull.non2xx}, pull connection errors ${pull.errors}, pull timeouts ${pull.timeouts}, post failures ${posted.failures.length}, stream drops ${drops.length}${drops.length ? ` (${[...new Set(drops.map((d) => d.dropped))].slice(0, 3).join('; ')})` : ''}, server error log lines ${serverErrors.join(' + ')}  [goal 0]`,
  );
  console.log(`   pull p50 ${ms(pull.latency.p50)} · p99 ${ms(pull.latency.p99)} · max ${ms(pull.latency.max)}  [goal p99 < 300 ms]`);
  console.log(
    `   pull ${pull.rate.toFixed(0)} req/s; empty route ${health.rate.toFixed(0)} req/s; ratio ${(pull.rate / health.rate).toFixed(2)}×  [goal ≥ 0.30×]`,
  );
  for (const line of rss.lines()) console.log(`   RSS ${line}`);
  ports.forEach((port, i) => console.log(`   RSS :${port} every 5 s (s:MiB): ${rss.series(i)}`));
  for (const line of fanOut.summary) console.log(`   ${line}`);
  console.log(`   heartbeats received ${heartbeats}; pull errors + drops ${pullErrors + drops.length}`);
});
