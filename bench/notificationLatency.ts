/**
 * Notification latency (docs/features/notifications.md): an emergency alert committed on the server → on screen in
 * an open guardian's inbox, and in that browser's IndexedDB, without a reload (goal ≤ 1 s).
 *
 *   npm run bench:notification-latency      (= node --import tsx bench/notificationLatency.ts)
 *
 * Seeds a fresh embedded database under .tmp/bench-notify: the demo college grown to
 * BENCH_MEMBERS active members (default 5,000), so each alert writes a receipt for each of
 * them in its commit, as a real college's would. Starts the real server on 127.0.0.1:8488;
 * in Debian's Chromium the reader (guardian@colinas.test) waits on /notifications after its
 * first sync. Then BENCH_ALERTS times (default 10), about 0.5 s apart, the administrator's
 * token (`POST /api/login-mobile`) sends an emergency alert to the whole college through
 * `POST /api/v1/notifications`; the moment the call returns is the commit (the reply goes
 * after the transaction commits). A MutationObserver in the reader's page stamps the first
 * DOM change containing the alert's unique title, and the next animation frame; page stamps
 * become Node time by a clock offset measured before each alert (bench/lib/appearance.ts).
 * Also printed: the create call's own time (a commit of 5,000 receipts).
 * Everything it starts is stopped at the end, also on failure.
 */
import { uuidv7 } from '../contract/ids';
import { databaseName } from '../src/db/database';
import { openDatabase } from '../server/db/client';
import { seedDemoData } from '../server/db/seed';
import { users } from '../server/db/schema';
import { features } from '../server/features';
import { armTextProbe, clockOffset, loginMobile, readTextProbe, waitForIdleSync } from './lib/appearance';
import { epochNow, ensureBuilt, figures, freshDataDir, launchChromium, ms, runBench, showFigures, sleep, startPatioServer } from './lib/harness';
import { addMembers, loadCollege } from './lib/loadDevices';
import { newContext, signIn } from './lib/patioSync';
import { userIdOf } from './lib/seedPosts';
import { eq } from 'drizzle-orm';

const port = 8488;
const alerts = Math.min(Math.max(Number(process.env.BENCH_ALERTS ?? 10), 1), 50);
const members = Math.min(Math.max(Number(process.env.BENCH_MEMBERS ?? 5000), 10), 20_000);

async function seedCollege(dataDir: string): Promise<{ slug: string; total: number }> {
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await seedDemoData(database.db, features);
    const college = await loadCollege(database.db);
    const existing = (await database.db.select({ id: users.id }).from(users).where(eq(users.collegeId, college.collegeId))).length;
    if (members > existing) await addMembers(database.db, college, members - existing);
    return { slug: 'colinas', total: Math.max(members, existing) };
  } finally {
    await database.close();
  }
}

runBench('notificationLatency', 15 * 60_000, async (cleanup) => {
  ensureBuilt();
  const dataDir = freshDataDir(cleanup, 'bench-notify');
  const college = await seedCollege(dataDir);
  const readerId = await userIdOf(dataDir, 'guardian@colinas.test');
  const { origin } = await startPatioServer(cleanup, port, dataDir);
  const api = `http://127.0.0.1:${port}`;
  const host = `localhost:${port}`;
  const browser = await launchChromium(cleanup);
  console.log(`Chromium ${browser.version()} · ${college.total} members in the college`);
  const token = await loginMobile(api, host, 'admin@colinas.test');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', host };

  const readerContext = await newContext(browser);
  const reader = await readerContext.newPage();
  await signIn(reader, origin, 'guardian@colinas.test');
  await reader.waitForURL(/\/app/, { timeout: 30_000 });
  await reader.goto(`${origin}/notifications`);
  await waitForIdleSync(reader, databaseName(college.slug, readerId));
  await sleep(2_000);

  const onScreen: number[] = [];
  const inDom: number[] = [];
  const createCall: number[] = [];
  const uncertainties: number[] = [];
  for (let i = 1; i <= alerts; i++) {
    const title = `Alerta ${i} ${Math.random().toString(36).slice(2, 10)}`;
    await armTextProbe(reader, title);
    const clock = await clockOffset(reader);
    const sentAt = epochNow();
    const reply = await fetch(`${api}/api/v1/notifications`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        id: uuidv7(),
        title,
        content: `Simulacro de evacuación número ${i}: diríjanse a la zona de seguridad.`,
        emergency: true,
        scope: 'college',
        course_ids: [],
        grade_ids: [],
        section_ids: [],
      }),
    });
    const committedAt = epochNow();
    if (!reply.ok) throw new Error(`POST /api/v1/notifications answered ${reply.status}: ${await reply.text()}`);
    createCall.push(committedAt - sentAt);
    const { domAt, frameAt } = await readTextProbe(reader);
    const dom = domAt + clock.offset - committedAt;
    const frame = frameAt + clock.offset - committedAt;
    inDom.push(dom);
    onScreen.push(frame);
    uncertainties.push(clock.uncertainty);
    console.log(
      `alert ${String(i).padStart(2)}: create call ${ms(committedAt - sentAt)} · in the DOM ${ms(dom)} · on screen ${ms(frame)} · clock ±${clock.uncertainty.toFixed(1)} ms`,
    );
    await sleep(400 + Math.random() * 200);
  }

  console.log('');
  console.log(
    `Notification latency, ${alerts} emergency alerts to ${college.total} members, REST commit → title in the guardian's open inbox (no reload), Chromium`,
  );
  console.log(showFigures('  on screen (next animation frame after the DOM change)', onScreen));
  console.log(showFigures('  in the DOM (MutationObserver)', inDom));
  console.log(showFigures(`  the create call (commit of ${college.total} receipts)`, createCall));
  console.log(showFigures('  clock alignment uncertainty (±)', uncertainties, (v) => `${v.toFixed(1)} ms`));
  const f = figures(onScreen);
  console.log(`  goal: median ≤ 1 s — median ${ms(f.median)} ${f.median <= 1000 ? 'meets' : 'misses'} it`);
});
