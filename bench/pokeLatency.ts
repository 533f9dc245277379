/**
 * Poke latency: a post committed on the server → its title on screen in a second, already
 * open browser, without a reload.
 *
 *   npm run bench:poke        (= node --import tsx bench/pokeLatency.ts)
 *
 * Seeds a fresh embedded database under .tmp/bench-poke with 10,000 posts (so the reader's
 * list queries run on a realistic local database), starts the real server on
 * 127.0.0.1:8484, and in Debian's Chromium opens two signed-in contexts: the writer
 * (staff@colinas.test) and the reader (student@colinas.test, who sees posts for everyone
 * of their section), the reader on /blog/all after its initial sync. Then 20 times, about
 * 0.5 s apart: the writer's token (from `POST /api/login-mobile`) creates a post for every
 * section through `POST /api/v1/posts`; the moment that call returns is the server's commit
 * (the reply is sent after the transaction commits, so the true commit is at most the
 * reply's transit earlier). A MutationObserver in the reader page, armed before the
 * request, stamps the first DOM change that contains the unique title and the next
 * animation frame after it (the frame that shows it). Page stamps are turned into Node time
 * with a clock offset measured just before each post by round trips to the page (midpoint
 * of the shortest); its uncertainty (half that round trip) is printed, nothing else is
 * subtracted. Prints min/median/max (goal: median ≤ 1 s).
 * Everything it starts is stopped at the end, also on failure.
 * Env: BENCH_POKES (default 20), BENCH_POSTS (default 10000).
 */
import { databaseName } from '../src/db/database';
import { armTextProbe, clockOffset, loginMobile, readTextProbe, waitForIdleSync } from './lib/appearance';
import { epochNow, ensureBuilt, figures, freshDataDir, launchChromium, ms, runBench, showFigures, sleep, startPatioServer } from './lib/harness';
import { newContext, signIn, waitForCount } from './lib/patioSync';
import { seedPosts, userIdOf } from './lib/seedPosts';

const port = 8484;
const pokes = Math.min(Math.max(Number(process.env.BENCH_POKES ?? 20), 1), 100);
const postCount = Number(process.env.BENCH_POSTS ?? 10_000);

runBench('pokeLatency', 15 * 60_000, async (cleanup) => {
  ensureBuilt();
  const dataDir = freshDataDir(cleanup, 'bench-poke');
  const seeded = await seedPosts(dataDir, postCount);
  const readerId = await userIdOf(dataDir, 'student@colinas.test');
  const { origin } = await startPatioServer(cleanup, port, dataDir);
  const api = `http://127.0.0.1:${port}`;
  const host = `localhost:${port}`;
  const browser = await launchChromium(cleanup);
  console.log(`Chromium ${browser.version()}`);

  // The writer: a signed-in staff browser (its own sync running) and its REST token.
  const writerContext = await newContext(browser);
  const writerPage = await writerContext.newPage();
  await signIn(writerPage, origin, 'staff@colinas.test');
  await waitForCount(writerPage, databaseName(seeded.collegeSlug, seeded.staffUserId), 'posts', seeded.totalPosts, 300_000, 100);
  const token = await loginMobile(api, host, 'staff@colinas.test');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', host };
  const reference = (await (await fetch(`${api}/api/v1/sync/pull?limit=1000`, { headers })).json()) as {
    changes: { entity: string; op: string; row?: Record<string, unknown> }[];
  };
  const idsOf = (entity: string) => reference.changes.filter((c) => c.entity === entity && c.row).map((c) => String(c.row!.id));
  const audience = { course_ids: idsOf('courses'), grade_ids: idsOf('grades'), section_ids: idsOf('sections') };
  const categoryId = idsOf('categories')[0];
  if (!categoryId || audience.section_ids.length === 0) throw new Error('no categories or sections in the first pull page');

  // The reader: a student on /blog/all, after its initial sync.
  const readerContext = await newContext(browser);
  const reader = await readerContext.newPage();
  await signIn(reader, origin, 'student@colinas.test');
  await reader.waitForURL(/\/app/, { timeout: 30_000 });
  const readerDb = databaseName(seeded.collegeSlug, readerId);
  await reader.goto(`${origin}/blog/all`);
  // Initial sync done: the sync status says idle.
  await waitForIdleSync(reader, readerDb);
  await sleep(2_000);

  const domLatency: number[] = [];
  const frameLatency: number[] = [];
  const uncertainties: number[] = [];
  const upperBounds: number[] = [];
  for (let i = 1; i <= pokes; i++) {
    const title = `Poke ${i} ${Math.random().toString(36).slice(2, 10)}`;
    await armTextProbe(reader, title);
    const clock = await clockOffset(reader);
    const reply = await fetch(`${api}/api/v1/posts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title, content: `<p>Medición de latencia número ${i}.</p>`, category_id: categoryId, scope: 'everyone', ...audience }),
    });
    const committedAt = epochNow();
    if (reply.status !== 201) throw new Error(`POST /api/v1/posts answered ${reply.status}: ${await reply.text()}`);
    const { domAt, frameAt } = await readTextProbe(reader);
    const seenInNode = epochNow();
    const dom = domAt + clock.offset - committedAt;
    const frame = frameAt + clock.offset - committedAt;
    domLatency.push(dom);
    frameLatency.push(frame);
    uncertainties.push(clock.uncertainty);
    upperBounds.push(seenInNode - committedAt);
    console.log(`poke ${String(i).padStart(2)}: in the DOM ${ms(dom)} · on screen (next frame) ${ms(frame)} · clock ±${clock.uncertainty.toFixed(1)} ms`);
    await sleep(400 + Math.random() * 200);
  }

  console.log('');
  console.log(`Poke latency, ${pokes} posts, REST commit → title in the reader's /blog/all (no reload), Chromium`);
  console.log(showFigures('  on screen (next animation frame after the DOM change)', frameLatency));
  console.log(showFigures('  in the DOM (MutationObserver)', domLatency));
  console.log(showFigures('  clock alignment uncertainty (±)', uncertainties, (v) => `${v.toFixed(1)} ms`));
  console.log(showFigures('  upper bound seen from Node (includes the polling wait)', upperBounds));
  const f = figures(frameLatency);
  console.log(`  goal: median ≤ 1 s — median ${ms(f.median)} ${f.median <= 1000 ? 'meets' : 'misses'} it`);
});
