/**
 * The members list of a college with 5,000 members: a key typed in the search → the
 * filtered list painted (goal ≤ 100 ms).
 *
 *   npm run bench:members-list        (= node --import tsx bench/membersList.ts)
 *
 * Seeds the colinas college to BENCH_MEMBERS members (default 5,000; bench/lib/seedMembers.ts,
 * through the server's CSV import) in a fresh embedded database under .tmp/, builds the app
 * if dist/ is missing, starts the real server on 127.0.0.1:8496, signs in as
 * admin@colinas.test in Debian's Chromium, waits until every member is in IndexedDB, opens
 * /users, and times KEYS keystrokes (default 20) typed into the search one at a time: from
 * the keydown's timestamp to the paint of the first frame whose list answers the text typed
 * so far (the list says which search it shows: `data-shown-query`, which trails the field
 * by a render since typing is deferred; MemberListScreen.tsx). The end is read as a message
 * posted from that frame's animation callback, which runs once the frame is painted.
 * The reference is the same build and browser with a college of 50 members (port 8497); the
 * ratio is what the 5,000 cost. Both again with the CPU slowed 4× (CDP
 * Emulation.setCPUThrottlingRate), a mid-range phone. Keys alternate between the two.
 * Env: BENCH_MEMBERS (default 5000), BENCH_KEYS (default 20).
 * Everything it starts (servers, Chromium) is stopped by pid at the end, also on failure.
 */
import { resolve } from 'node:path';
import type { Browser, CDPSession, Page } from '@playwright/test';
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
import { newContext, signIn, waitForCount } from './lib/patioSync';
import { seedMembers } from './lib/seedMembers';

const port = 8496;
const referencePort = 8497;
const memberCount = Number(process.env.BENCH_MEMBERS ?? 5000);
const keys = Math.min(Math.max(Number(process.env.BENCH_KEYS ?? 20), 5), 60);
const goalMs = 100;
/** What is typed, a key at a time (the field is emptied between words, untimed). */
const words = ['gonzalez', 'rojas so', '20.000.1', 'maria jo', 'bench.12'];

interface Device {
  name: string;
  page: Page;
  cdp: CDPSession;
  origin: string;
  results: Map<string, number[]>;
}

const search = (page: Page) => page.getByPlaceholder('Search by name, email or RUT');

/** Arms the probe for the list answering `query`: the next keydown starts it. */
async function armProbe(page: Page, query: string): Promise<void> {
  await page.evaluate((query) => {
    const win = window as unknown as { benchProbe: Promise<{ start?: number; painted?: number }> };
    const probe: { start?: number; painted?: number } = {};
    document.addEventListener('keydown', (event) => (probe.start ??= event.timeStamp), { capture: true, once: true });
    const deadline = performance.now() + 15_000;
    win.benchProbe = new Promise((done) => {
      const tick = () => {
        const list = document.querySelector<HTMLElement>('.members-page');
        if (probe.start !== undefined && list?.dataset.shownQuery === query) {
          // Layout of this frame, then the message after its paint.
          list.getBoundingClientRect();
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            probe.painted = performance.now();
            done(probe);
          };
          channel.port2.postMessage(null);
          return;
        }
        if (performance.now() > deadline) done(probe);
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  }, query);
}

async function typeTimed(device: Device, label: string, count = keys): Promise<void> {
  const { page } = device;
  await page.bringToFront();
  let typed = 0;
  for (let w = 0; typed < count; w++) {
    const word = words[w % words.length]!;
    await search(page).fill('');
    await page.locator('.members-page[data-shown-query=""]').waitFor({ timeout: 30_000 });
    await sleep(200);
    for (let i = 1; i <= word.length && typed < count; i++) {
      const query = word.slice(0, i);
      await armProbe(page, query);
      await search(page).press(word[i - 1] === ' ' ? 'Space' : word[i - 1]!);
      const probe = await page.evaluate(() => (window as unknown as { benchProbe: Promise<{ start?: number; painted?: number }> }).benchProbe);
      if (probe.start === undefined || probe.painted === undefined) throw new Error(`${device.name}: the list never answered “${query}”`);
      device.results.get(label)!.push(probe.painted - probe.start);
      typed++;
      await sleep(120);
    }
  }
}

async function prepareDevice(cleanup: Cleanup, browser: Browser, name: string, count: number, serverPort: number): Promise<Device> {
  const dataDir = resolve(freshDataDir(cleanup, count > 100 ? 'bench-members' : 'bench-members-reference'));
  const seeded = await seedMembers(dataDir, count);
  const { origin } = await startPatioServer(cleanup, serverPort, dataDir);
  const context = await newContext(browser);
  const page = await context.newPage();
  const started = performance.now();
  await signIn(page, origin, 'admin@colinas.test');
  await waitForCount(page, databaseName(seeded.collegeSlug, seeded.adminUserId), 'members', seeded.totalMembers, 600_000, 200);
  console.log(`${name}: ${origin} · ${seeded.totalMembers} members, synced in ${ms(performance.now() - started)}`);
  await page.goto(`${origin}/users`);
  await page.getByRole('heading', { name: 'User Roles', level: 1 }).waitFor({ timeout: 60_000 });
  const cdp = await context.newCDPSession(page);
  return { name, page, cdp, origin, results: new Map() };
}

runBench('members-list', 30 * 60_000, async (cleanup) => {
  ensureBuilt();
  const browser = await launchChromium(cleanup);
  console.log(`Chromium ${browser.version()} · ${keys} keys · ${memberCount} members`);
  const devices = [
    await prepareDevice(cleanup, browser, `${memberCount} members`, memberCount, port),
    await prepareDevice(cleanup, browser, '50 members (reference)', 50, referencePort),
  ];
  for (const [label, rate] of [
    ['no throttling', 1],
    ['CPU 4× slower', 4],
  ] as const) {
    for (const device of devices) {
      device.results.set(label, []);
      await device.cdp.send('Emulation.setCPUThrottlingRate', { rate });
    }
    // One unmeasured word each: the code and the prepared list warm, as on a screen in use.
    for (const device of devices) {
      const warm = device.results.get(label)!;
      await typeTimed(device, label, 8);
      warm.length = 0;
    }
    for (const device of devices) await typeTimed(device, label);
  }
  console.log('');
  console.log(`key → filtered list painted (goal ≤ ${goalMs} ms)`);
  for (const device of devices) {
    for (const [label, values] of device.results) {
      const { median } = figures(values);
      console.log(
        `${showFigures(`  ${device.name} · ${label}`, values)} · p95 ${ms(percentile(values, 95))}${device === devices[0] ? ` · ${median <= goalMs ? 'meets' : `misses by ${ms(median - goalMs)}`}` : ''}`,
      );
    }
  }
  console.log('');
  console.log(`${devices[0]!.name} / reference, medians:`);
  for (const label of devices[0]!.results.keys()) {
    const [mine, theirs] = devices.map((d) => figures(d.results.get(label)!).median) as [number, number];
    console.log(`  ${label}: ${ms(mine)} vs ${ms(theirs)} (${(mine / theirs).toFixed(2)}×)`);
  }
});
