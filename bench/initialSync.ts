/**
 * Initial sync of 10,000 posts vs a raw Dexie bulkPut of the same rows (issue 3, bench 1).
 *
 *   npm run bench:initial-sync        (= node --import tsx bench/initialSync.ts)
 *
 * Seeds 10,000 realistic posts (≈1 KB of HTML each, varied titles, categories and
 * audiences, scope everyone) into a fresh embedded database under .tmp/bench-initial-sync
 * through the server's own writeInCollege, builds the app if dist/ is missing, starts the
 * real server on 127.0.0.1:8481, and in Debian's Chromium, 3 times, each in a fresh
 * browser context:
 *   1. signs in as staff@colinas.test (staff see every post) through the sign-in form and
 *      times, in the page, submit → every post in the user's IndexedDB database
 *      (`patio-colinas-<userId>`, table posts, polled every 10 ms);
 *   2. in the same page and origin, loads Dexie's UMD build, reads those rows back and times
 *      one `bulkPut` of them into a fresh Dexie database with the same posts store
 *      definition (the rows as Patio stores them: the server's row + its `_words` search
 *      index); also, for information, the server's rows alone (no `_words` to index).
 * Prints min/median/max of each and the ratio (goal: Patio ≤ 1.5× the raw write).
 * Everything it starts (server, Chromium) is stopped by pid at the end, also on failure.
 * Env: BENCH_POSTS (default 10000), BENCH_RUNS (default 3).
 */
import { readFileSync } from 'node:fs';
import { databaseName } from '../src/db/database';
import { ensureBuilt, figures, freshDataDir, launchChromium, ms, runBench, showFigures, startPatioServer } from './lib/harness';
import { measurePatioInitialSync } from './lib/patioSync';
import { seedPosts } from './lib/seedPosts';

const port = 8481;
const postCount = Number(process.env.BENCH_POSTS ?? 10_000);
const runs = Math.min(Math.max(Number(process.env.BENCH_RUNS ?? 3), 1), 10);

/** Same stores as src/db/database.ts version 1 (only `posts` is written here). */
const postsStore = 'id, published_at, [category_id+published_at], *_words';

runBench('initialSync', 20 * 60_000, async (cleanup) => {
  ensureBuilt();
  const dataDir = freshDataDir(cleanup, 'bench-initial-sync');
  let started = performance.now();
  const seeded = await seedPosts(dataDir, postCount);
  console.log(`seeded ${postCount} posts (${seeded.totalPosts} in the college with the demo posts) in ${ms(performance.now() - started)}`);

  started = performance.now();
  const { origin } = await startPatioServer(cleanup, port, dataDir);
  console.log(`server up at ${origin} in ${ms(performance.now() - started)}`);
  const browser = await launchChromium(cleanup);
  console.log(`Chromium ${browser.version()}`);
  const dexieSource = readFileSync('node_modules/dexie/dist/dexie.js', 'utf8');
  const user = { email: 'staff@colinas.test', databaseName: databaseName(seeded.collegeSlug, seeded.staffUserId) };

  const patio: number[] = [];
  const signIn: number[] = [];
  const raw: number[] = [];
  const rawServerRows: number[] = [];
  const ratios: number[] = [];
  let payload = 0;
  for (let run = 1; run <= runs; run++) {
    const result = await measurePatioInitialSync(browser, origin, user, seeded.totalPosts, { bypassCSP: true });
    try {
      await result.page.addScriptTag({ content: dexieSource });
      const times = await result.page.evaluate(
        async ({ source, store, run }) => {
          type DexieLike = {
            open(): Promise<unknown>;
            close(): void;
            delete(): Promise<void>;
            table(name: string): { toArray(): Promise<Record<string, unknown>[]>; bulkPut(rows: unknown[]): Promise<unknown> };
            version(n: number): { stores(spec: Record<string, string>): unknown };
          };
          const Dexie = (window as unknown as { Dexie: new (name: string) => DexieLike }).Dexie;
          const existing = new Dexie(source);
          await existing.open();
          const rows = await existing.table('posts').toArray();
          existing.close();
          const bytes = JSON.stringify(rows).length;
          const timePut = async (name: string, records: Record<string, unknown>[]) => {
            const db = new Dexie(name);
            db.version(1).stores({ posts: store });
            await db.open();
            const started = performance.now();
            await db.table('posts').bulkPut(records);
            const took = performance.now() - started;
            await db.delete();
            return took;
          };
          const withWords = await timePut(`bench-raw-${run}`, rows);
          const serverRows = rows.map(({ _words: _unused, ...row }) => row);
          const withoutWords = await timePut(`bench-raw-server-${run}`, serverRows);
          return { withWords, withoutWords, rows: rows.length, bytes };
        },
        { source: user.databaseName, store: postsStore, run },
      );
      if (times.rows !== seeded.totalPosts) throw new Error(`read back ${times.rows} rows, expected ${seeded.totalPosts}`);
      payload = times.bytes;
      patio.push(result.totalMs);
      signIn.push(result.signInMs);
      raw.push(times.withWords);
      rawServerRows.push(times.withoutWords);
      ratios.push(result.totalMs / times.withWords);
      console.log(
        `run ${run}: Patio initial sync ${ms(result.totalMs)} (sign-in answer after ${ms(result.signInMs)}) · raw bulkPut ${ms(times.withWords)} · ratio ${(result.totalMs / times.withWords).toFixed(2)}× · raw bulkPut without _words ${ms(times.withoutWords)}`,
      );
    } finally {
      await result.context.close();
    }
  }

  console.log('');
  console.log(`Initial sync of ${seeded.totalPosts} posts (${(payload / seeded.totalPosts).toFixed(0)} B of JSON per stored row), ${runs} runs, Chromium`);
  console.log(showFigures('  Patio, sign-in submit → all posts in IndexedDB', patio));
  console.log(showFigures('    of which the sign-in answer', signIn));
  console.log(showFigures('  raw Dexie bulkPut of the same rows (same store, with _words)', raw));
  console.log(showFigures('  raw Dexie bulkPut of the server rows (no _words), for information', rawServerRows));
  console.log(showFigures('  ratio Patio / raw bulkPut (per run)', ratios, (v) => `${v.toFixed(2)}×`));
  const f = figures(ratios);
  console.log(`  goal: ≤ 1.5× — median ratio ${f.median.toFixed(2)}× ${f.median <= 1.5 ? 'meets' : 'misses'} it`);
});
