/**
 * Initial sync of 10,000 posts vs a raw Dexie bulkPut of the same rows.
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
 *      definition as the app (schema version 2: the server's rows, no search words — those
 *      are in the postWords table, filled after the sync); also, for information, a bulkPut
 *      of the same rows with their search words in a `*_words` index (the version 1 store),
 *      and how long the app takes after the sync to index every post's words.
 * Prints min/median/max of each and the ratio (goal: Patio ≤ 1.5× the raw write).
 * Everything it starts (server, Chromium) is stopped by pid at the end, also on failure.
 * Env: BENCH_POSTS (default 10000), BENCH_RUNS (default 3).
 */
import { databaseName } from '../src/db/database';
import { ensureBuilt, figures, freshDataDir, launchChromium, ms, runBench, showFigures, startPatioServer } from './lib/harness';
import { measurePatioInitialSync, waitForCount } from './lib/patioSync';
import { dexieSource as readDexieSource, rawWrites } from './lib/rawWrite';
import { seedPosts } from './lib/seedPosts';

const port = 8481;
const postCount = Number(process.env.BENCH_POSTS ?? 10_000);
const runs = Math.min(Math.max(Number(process.env.BENCH_RUNS ?? 3), 1), 10);

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
  const dexieSource = readDexieSource();
  const user = { email: 'staff@colinas.test', databaseName: databaseName(seeded.collegeSlug, seeded.staffUserId) };

  const patio: number[] = [];
  const signIn: number[] = [];
  const raw: number[] = [];
  const rawV1: number[] = [];
  const indexing: number[] = [];
  const ratios: number[] = [];
  let payload = 0;
  for (let run = 1; run <= runs; run++) {
    const result = await measurePatioInitialSync(browser, origin, user, seeded.totalPosts, { bypassCSP: true });
    try {
      // The app indexes search words after the sync: wait for it, so the raw writes below
      // do not share the machine with it, and report how long it took.
      const indexedAt = await waitForCount(result.page, user.databaseName, 'postWords', seeded.totalPosts, 300_000, 50);
      const submitAt = await result.page.evaluate(() => (window as unknown as { benchSubmitAt: number }).benchSubmitAt);
      const indexedMs = indexedAt - submitAt - result.totalMs;
      await result.page.addScriptTag({ content: dexieSource });
      const times = await rawWrites(result.page, user.databaseName, run);
      if (times.rows !== seeded.totalPosts) throw new Error(`read back ${times.rows} rows, expected ${seeded.totalPosts}`);
      if (times.indexed !== seeded.totalPosts) throw new Error(`read back ${times.indexed} search word rows, expected ${seeded.totalPosts}`);
      payload = times.bytes;
      patio.push(result.totalMs);
      signIn.push(result.signInMs);
      indexing.push(indexedMs);
      raw.push(times.sameStore);
      rawV1.push(times.v1Store);
      ratios.push(result.totalMs / times.sameStore);
      console.log(
        `run ${run}: Patio initial sync ${ms(result.totalMs)} (sign-in answer after ${ms(result.signInMs)}; search words indexed ${ms(indexedMs)} later) · raw bulkPut ${ms(times.sameStore)} · ratio ${(result.totalMs / times.sameStore).toFixed(2)}× · raw bulkPut into the version 1 store (with *_words) ${ms(times.v1Store)}`,
      );
    } finally {
      await result.context.close();
    }
  }

  console.log('');
  console.log(`Initial sync of ${seeded.totalPosts} posts (${(payload / seeded.totalPosts).toFixed(0)} B of JSON per stored row), ${runs} runs, Chromium`);
  console.log(showFigures('  Patio, sign-in submit → all posts in IndexedDB', patio));
  console.log(showFigures('    of which the sign-in answer', signIn));
  console.log(showFigures('  then: all posts indexed for search (after the above)', indexing));
  console.log(showFigures('  raw Dexie bulkPut of the same rows (same posts store as the app)', raw));
  console.log(showFigures('  raw Dexie bulkPut with *_words (the version 1 store), for information', rawV1));
  console.log(showFigures('  ratio Patio / raw bulkPut (per run)', ratios, (v) => `${v.toFixed(2)}×`));
  const f = figures(ratios);
  console.log(`  goal: ≤ 1.5× — median ratio ${f.median.toFixed(2)}× ${f.median <= 1.5 ? 'meets' : 'misses'} it`);
});
