/**
 * Patio's initial sync vs PouchDB replication of the same 10,000 documents.
 *
 *   npm run bench:pouchdb        (= node --import tsx bench/pouchdb.ts)
 *
 * Seeds 10,000 realistic posts into a fresh embedded database under .tmp/bench-pouchdb
 * (bench/lib/seedPosts.ts), starts the real Patio server on 127.0.0.1:8482 and reads every
 * post the staff user may see through the pull endpoint: those rows, unchanged (`_id` =
 * the post's id), are the PouchDB documents. A PouchDB server (express-pouchdb over
 * pouchdb-core with the in-memory adapter, in this process) serves them on
 * 127.0.0.1:8483, together with a blank page and PouchDB's browser build (pouchdb-browser
 * bundled by rolldown into .tmp/bench-pouchdb/). Then 3 times, alternating, each in a fresh
 * browser context of Debian's Chromium:
 *   - Patio: sign in as staff@colinas.test → every post in IndexedDB (as bench/initialSync.ts);
 *   - PouchDB: one-shot `PouchDB.replicate(remote, local)` into a new local database with
 *     the browser build's IndexedDB adapter (`idb`), defaults (batch_size 100), timed in
 *     the page until it resolves; the local doc_count is checked.
 * Prints min/median/max of both and Patio's speed-up (goal: Patio ≥ 10× faster).
 * Everything it starts is stopped at the end, also on failure.
 * Env: BENCH_POSTS (default 10000), BENCH_RUNS (default 3), BENCH_POUCH_BATCH (PouchDB
 * batch_size; default PouchDB's own, 100).
 */
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'rolldown';
import { databaseName } from '../src/db/database';
import { demoPassword } from '../server/db/demoData';
import { figures, freshDataDir, ensureBuilt, launchChromium, ms, runBench, showFigures, startPatioServer } from './lib/harness';
import { measurePatioInitialSync, tsxNameHelper } from './lib/patioSync';
import { seedPosts } from './lib/seedPosts';

const patioPort = 8482;
const pouchPort = 8483;
const postCount = Number(process.env.BENCH_POSTS ?? 10_000);
const runs = Math.min(Math.max(Number(process.env.BENCH_RUNS ?? 3), 1), 10);
const pouchBatch = process.env.BENCH_POUCH_BATCH ? Number(process.env.BENCH_POUCH_BATCH) : undefined;

/** The little of PouchDB's Node API used here (the packages ship no types). */
interface PouchDatabase {
  bulkDocs(docs: object[]): Promise<unknown[]>;
  info(): Promise<{ doc_count: number }>;
  destroy(): Promise<unknown>;
}
interface PouchConstructor {
  new (name: string): PouchDatabase;
  plugin(plugin: unknown): PouchConstructor;
  defaults(options: object): PouchConstructor;
}

/** Every post the staff user may see, as the pull endpoint serves them. */
async function pullAllPosts(apiOrigin: string, host: string): Promise<Record<string, unknown>[]> {
  const login = await fetch(`${apiOrigin}/api/login-mobile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', host },
    body: JSON.stringify({ email: 'staff@colinas.test', password: demoPassword }),
  });
  if (!login.ok) throw new Error(`login-mobile answered ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const rows: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 1000; page++) {
    const query = new URLSearchParams({ limit: '1000' });
    if (cursor) query.set('cursor', cursor);
    const reply = await fetch(`${apiOrigin}/api/v1/sync/pull?${query.toString()}`, { headers: { authorization: `Bearer ${token}`, host } });
    if (!reply.ok) throw new Error(`pull answered ${reply.status}`);
    const body = (await reply.json()) as { changes: { entity: string; op: string; row?: Record<string, unknown> }[]; cursor: string; hasMore: boolean };
    for (const change of body.changes) if (change.entity === 'posts' && change.op === 'upsert' && change.row) rows.push(change.row);
    cursor = body.cursor;
    if (!body.hasMore) return rows;
  }
  throw new Error('pull did not end within 1000 pages');
}

async function bundlePouchDb(outDir: string): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  const file = `${outDir}/pouchdb.js`;
  await build({
    input: 'bench/node_modules/pouchdb-browser/lib/index.es.js',
    platform: 'browser',
    // PouchDB's EventEmitter: the `events` package, not Node's.
    resolve: { alias: { events: resolve('bench/node_modules/events/events.js') } },
    output: { file, format: 'iife', name: 'PouchDB', exports: 'default' },
    logLevel: 'warn',
  });
  return readFileSync(file, 'utf8');
}

runBench('pouchdb', 30 * 60_000, async (cleanup) => {
  ensureBuilt();
  const dataDir = freshDataDir(cleanup, 'bench-pouchdb');
  const seeded = await seedPosts(`${dataDir}/patio`, postCount);
  const { origin } = await startPatioServer(cleanup, patioPort, `${dataDir}/patio`);
  const docs = (await pullAllPosts(`http://127.0.0.1:${patioPort}`, `localhost:${patioPort}`)).map((row) => ({ _id: row.id, ...row }));
  if (docs.length !== seeded.totalPosts) throw new Error(`pulled ${docs.length} posts, expected ${seeded.totalPosts}`);
  const jsonBytes = docs.reduce((sum, doc) => sum + JSON.stringify(doc).length, 0);
  console.log(`${docs.length} documents, ${(jsonBytes / docs.length).toFixed(0)} B of JSON each on average`);

  // The PouchDB server, in memory, in this process.
  const require = createRequire(import.meta.url);
  const PouchDB = (require('pouchdb-core') as PouchConstructor)
    .plugin(require('pouchdb-adapter-memory'))
    .plugin(require('pouchdb-adapter-http'))
    .plugin(require('pouchdb-replication'))
    .plugin(require('pouchdb-mapreduce'));
  const MemoryPouch = PouchDB.defaults({ adapter: 'memory' });
  const expressPouchDb = require('express-pouchdb') as (pouch: PouchConstructor, options: object) => RequestListener;
  const pouchApp = expressPouchDb(MemoryPouch, { mode: 'minimumForPouchDB', inMemoryConfig: true, logPath: `${dataDir}/express-pouchdb.log` });
  const remote = new MemoryPouch('posts');
  for (let i = 0; i < docs.length; i += 1000) await remote.bulkDocs(docs.slice(i, i + 1000));
  if ((await remote.info()).doc_count !== docs.length) throw new Error('the PouchDB server does not hold every document');

  const pouchSource = await bundlePouchDb(`${dataDir}/browser`);
  const page = '<!doctype html><meta charset="utf-8"><title>PouchDB bench</title><script src="/bench/pouchdb.js"></script>';
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.url === '/bench/' || request.url === '/bench/pouchdb.js') {
      const js = request.url.endsWith('.js');
      response.writeHead(200, { 'content-type': js ? 'text/javascript' : 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(js ? pouchSource : page);
      return;
    }
    pouchApp(request, response);
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(pouchPort, '127.0.0.1', () => done());
  });
  cleanup.add('close the PouchDB server', async () => {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
    await remote.destroy();
  });
  const pouchOrigin = `http://127.0.0.1:${pouchPort}`;

  const browser = await launchChromium(cleanup);
  console.log(`Chromium ${browser.version()}; PouchDB batch_size ${pouchBatch ?? 'default (100)'}`);
  const user = { email: 'staff@colinas.test', databaseName: databaseName(seeded.collegeSlug, seeded.staffUserId) };
  const patio: number[] = [];
  const pouch: number[] = [];
  const speedups: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const patioRun = await measurePatioInitialSync(browser, origin, user, seeded.totalPosts);
    await patioRun.context.close();

    const context = await browser.newContext();
    try {
      await context.addInitScript({ content: tsxNameHelper });
      const tab = await context.newPage();
      await tab.goto(`${pouchOrigin}/bench/`);
      const result = await tab.evaluate(
        async ({ remoteUrl, name, batch }) => {
          type LocalPouch = { info(): Promise<{ doc_count: number; adapter: string }>; destroy(): Promise<unknown> };
          type Pouch = {
            new (name: string): LocalPouch;
            replicate(from: string, to: LocalPouch, options?: object): Promise<{ docs_written: number }>;
          };
          const PouchDB = (window as unknown as { PouchDB: Pouch }).PouchDB;
          const local = new PouchDB(name);
          const started = performance.now();
          const replication = await PouchDB.replicate(remoteUrl, local, batch ? { batch_size: batch } : {});
          const took = performance.now() - started;
          const info = await local.info();
          await local.destroy();
          return { took, written: replication.docs_written, count: info.doc_count, adapter: info.adapter };
        },
        { remoteUrl: `${pouchOrigin}/posts`, name: `bench-pouch-${run}`, batch: pouchBatch },
      );
      if (result.count !== docs.length) throw new Error(`PouchDB replicated ${result.count} documents, expected ${docs.length}`);
      patio.push(patioRun.totalMs);
      pouch.push(result.took);
      speedups.push(result.took / patioRun.totalMs);
      console.log(
        `run ${run}: Patio ${ms(patioRun.totalMs)} · PouchDB (${result.adapter}) ${ms(result.took)}, ${result.written} docs written · Patio ${(result.took / patioRun.totalMs).toFixed(1)}× faster`,
      );
    } finally {
      await context.close();
    }
  }

  console.log('');
  console.log(`${docs.length} posts into IndexedDB over loopback, ${runs} runs, Chromium`);
  console.log(showFigures('  Patio initial sync (sign-in submit → all posts in IndexedDB)', patio));
  console.log(showFigures(`  PouchDB.replicate from express-pouchdb (batch_size ${pouchBatch ?? 100})`, pouch));
  console.log(showFigures('  Patio speed-up (PouchDB time / Patio time, per run)', speedups, (v) => `${v.toFixed(1)}×`));
  const f = figures(speedups);
  console.log(`  goal: Patio ≥ 10× faster — median ${f.median.toFixed(1)}× ${f.median >= 10 ? 'meets' : 'misses'} it`);
});
