/**
 * The messenger's figures (docs/features/messenger.md): a message sent → on the other member's open screen
 * (goal ≤ 1 s, median and p95), and a conversation of 10,000 messages opened at the newest
 * (goal ≤ 100 ms) and scrolled back.
 *
 *   npm run bench:messenger        (= node --import tsx bench/messengerLatency.ts)
 *
 * Seeds a fresh embedded database under .tmp/bench-messenger: the demo data, and
 * BENCH_LONG (default 10,000) messages added to the demo teacher's direct conversation with
 * the demo guardian (bench/lib/seedMessages.ts). Starts the real server on 127.0.0.1:8493
 * and Debian's Chromium with two contexts, each signed in through the form and done with
 * its first sync: A, the teacher (staff@colinas.test), and B, the guardian
 * (guardian@colinas.test).
 *
 * 1. Opening. A is on `/messenger`; a click on the long conversation's line → the newest
 *    message's bubble laid out inside the chat's visible area (a requestAnimationFrame loop
 *    in the page, stamped from the click's capture listener), back to the list, and the same
 *    for the families' group (a few messages) as the reference, alternating, BENCH_OPENS
 *    times each (default 7). Also a fresh page load of the long chat (`page.goto`): the
 *    navigation's start → the newest bubble visible (the app's start included).
 * 2. Scrolling back. The long chat open at the newest, the mouse wheel turns up 240 px per
 *    animation frame for BENCH_SCREENS screens (default 40); a rAF loop records every
 *    frame's interval (frames over 50 ms are long) and each wait at the top (the list's
 *    "loading older" row in view → out of view, older messages put above it).
 * 3. Send → screen. B has the chat open. BENCH_MESSAGES times (default 100): A types a
 *    message in the composer and presses Enter (stamped by a capture listener in A); a
 *    MutationObserver in B stamps the first DOM change containing the unique text and the
 *    next animation frame (bench/lib/appearance.ts). Page stamps become Node time by clock
 *    offsets measured before each message. The path is the whole app's: A's outbox, its
 *    push, the server's commit, the poke to B, B's pull, Dexie, React. Every fifth round
 *    is also the reference: the teacher's token pushes `messenger.send` straight to
 *    `POST /api/v1/sync/push` (what the outbox sends), from that commit (the reply) → B's
 *    screen: the raw poke and pull without A's outbox.
 * 4. The same send → screen, BENCH_WEAK_MESSAGES times (default 20), with both pages (and
 *    their sync workers) on Chromium's emulated "campus Wi-Fi" (4 Mbit/s down, 1 up,
 *    150 ms) and "weak" (1 Mbit/s, 256 kbit/s, 400 ms) (bench/lib/networkEmulation.ts),
 *    on new contexts signed in under that network. BENCH_WEAK=0 leaves it out.
 *
 * Everything it starts is stopped at the end, also on failure.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { uuidv7 } from '../contract/ids';
import { databaseName } from '../src/db/database';
import { armTextProbe, clockOffset, loginMobile, readTextProbe, waitForIdleSync } from './lib/appearance';
import {
  epochNow,
  ensureBuilt,
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
import { emulatedPage, networkProfiles, type NetworkProfile } from './lib/networkEmulation';
import { newContext, signIn } from './lib/patioSync';
import { seedLongConversation, type SeededMessenger } from './lib/seedMessages';

const port = 8493;
const longCount = Math.min(Math.max(Number(process.env.BENCH_LONG ?? 10_000), 100), 50_000);
const opens = Math.min(Math.max(Number(process.env.BENCH_OPENS ?? 7), 1), 30);
const screens = Math.min(Math.max(Number(process.env.BENCH_SCREENS ?? 40), 1), 400);
const sends = Math.min(Math.max(Number(process.env.BENCH_MESSAGES ?? 100), 5), 500);
const weakSends = Math.min(Math.max(Number(process.env.BENCH_WEAK_MESSAGES ?? 20), 3), 100);
const weakToo = process.env.BENCH_WEAK !== '0';
const weakProfiles: NetworkProfile[] = networkProfiles.filter((profile) => profile.conditions !== null);

/** The chat's log and the composer, by their accessible names (English contexts). */
const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });

/** Signs in through the form and waits for the first sync (the long conversation included). */
async function signedIn(page: Page, origin: string, email: string, dbName: string): Promise<void> {
  await signIn(page, origin, email);
  await page.waitForURL(/\/app/, { timeout: 120_000 });
  await waitForIdleSync(page, dbName);
}

async function openChat(page: Page, origin: string, conversationId: string): Promise<void> {
  await page.goto(`${origin}/messenger/${conversationId}`);
  await log(page).waitFor({ timeout: 60_000 });
}

/** Resolves in the page with the rAF time (page epoch ms) at which the bubble of `messageId` is inside the chat's visible area. */
function newestVisibleIn({ messageId, timeoutMs }: { messageId: string; timeoutMs: number }): Promise<number> {
  return new Promise((resolve, reject) => {
    const deadline = performance.now() + timeoutMs;
    const check = (now: number) => {
      const bubble = document.querySelector(`[data-message-id="${messageId}"]`);
      const scroller = document.querySelector('[role="log"]');
      if (bubble && scroller) {
        const b = bubble.getBoundingClientRect();
        const s = scroller.getBoundingClientRect();
        if (b.height > 0 && b.top >= s.top - 1 && b.bottom <= s.bottom + 1) {
          resolve(performance.timeOrigin + now);
          return;
        }
      }
      if (now > deadline) reject(new Error(`message ${messageId} not visible within ${timeoutMs} ms`));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/** From the list: click on the conversation's line → its newest bubble visible; then back to the list. */
async function timeOpen(page: Page, conversationId: string, newestId: string): Promise<number> {
  const link = page.locator(`a[href$="/messenger/${conversationId}"]`).first();
  await link.waitFor({ timeout: 60_000 });
  await page.evaluate(() => {
    const state = { clickAt: 0 };
    (window as unknown as { benchOpen: typeof state }).benchOpen = state;
    document.addEventListener('click', () => (state.clickAt = performance.timeOrigin + performance.now()), { capture: true, once: true });
  });
  const visible = page.evaluate(newestVisibleIn, { messageId: newestId, timeoutMs: 30_000 });
  await link.click();
  const shownAt = await visible;
  const clickAt = await page.evaluate(() => (window as unknown as { benchOpen: { clickAt: number } }).benchOpen.clickAt);
  await page.getByRole('link', { name: 'Back to messages' }).first().click();
  await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor({ timeout: 30_000 });
  return shownAt - clickAt;
}

/** A fresh load of the chat: the navigation's start → the newest bubble visible. */
async function timeColdOpen(page: Page, origin: string, conversationId: string, newestId: string): Promise<number> {
  await page.goto(`${origin}/messenger/${conversationId}`);
  const shownAt = await page.evaluate(newestVisibleIn, { messageId: newestId, timeoutMs: 60_000 });
  return shownAt - (await page.evaluate(() => performance.timeOrigin));
}

/** The position of the topmost message in the chat's visible area (the seeded texts end with "(<position>)"). */
function topmostPosition(): number {
  const scroller = document.querySelector('[role="log"]');
  if (!scroller) return 0;
  const top = scroller.getBoundingClientRect().top;
  for (const bubble of document.querySelectorAll('[role="log"] .bubble')) {
    if (bubble.getBoundingClientRect().bottom <= top) continue;
    const found = /\((\d+)\)\s*$/.exec(bubble.querySelector('.message-text')?.textContent ?? '');
    if (found) return Number(found[1]);
  }
  return 0;
}

interface ScrollRecord {
  frames: number[];
  waits: number[];
  shownBefore: number;
  shownAfter: number;
}

/** Scrolls the open chat back `screens` screens with the wheel; frame intervals and waits at the top. */
async function scrollBack(page: Page): Promise<ScrollRecord> {
  const box = await log(page).boundingBox();
  if (!box) throw new Error('the chat is not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const shownBefore = await page.evaluate(topmostPosition);
  await page.evaluate(() => {
    const state = { frames: [] as number[], waits: [] as number[], running: true, topSince: 0 };
    (window as unknown as { benchScroll: typeof state }).benchScroll = state;
    let last = 0;
    const tick = (now: number) => {
      if (last) state.frames.push(now - last);
      last = now;
      const scroller = document.querySelector('[role="log"]');
      const older = document.querySelector('.message-list-older');
      let atTop = false;
      if (scroller && older) {
        const o = older.getBoundingClientRect();
        const s = scroller.getBoundingClientRect();
        atTop = o.bottom > s.top && o.top < s.bottom;
      }
      if (atTop && !state.topSince) state.topSince = now;
      if (!atTop && state.topSince) {
        state.waits.push(now - state.topSince);
        state.topSince = 0;
      }
      if (state.running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const height = box.height;
  const steps = Math.ceil((screens * height) / 240);
  for (let i = 0; i < steps; i++) {
    await page.mouse.wheel(0, -240);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
  // The last wait at the top ends, or is cut off after 5 s.
  await page
    .waitForFunction(() => !(window as unknown as { benchScroll: { topSince: number } }).benchScroll.topSince, undefined, { timeout: 5_000 })
    .catch(() => undefined);
  const record = await page.evaluate(() => {
    const state = (window as unknown as { benchScroll: { frames: number[]; waits: number[]; running: boolean } }).benchScroll;
    state.running = false;
    return { frames: state.frames, waits: state.waits };
  });
  return { ...record, shownBefore, shownAfter: await page.evaluate(topmostPosition) };
}

interface SendFigures {
  viaApp: number[];
  /** Enter → A's own bubble no longer waiting (the push applied, the answer back). */
  applied: number[];
  raw: number[];
  uncertainty: number[];
}

/**
 * Arms the sender's page: a capture listener stamping the Enter that sends, and a
 * MutationObserver stamping when the bubble of `text` first says it left the outbox (its
 * `data-state` sent, delivered or read: the server applied the push).
 */
async function armSenderStamps(page: Page, text: string): Promise<void> {
  await page.evaluate((wanted) => {
    const state = { at: 0, appliedAt: 0 };
    (window as unknown as { benchEnter: typeof state }).benchEnter = state;
    document.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Enter') state.at = performance.timeOrigin + performance.now();
      },
      { capture: true, once: true },
    );
    const observer = new MutationObserver(() => {
      for (const bubble of document.querySelectorAll('.bubble[data-state="sent"], .bubble[data-state="delivered"], .bubble[data-state="read"]')) {
        if (!bubble.textContent?.includes(wanted)) continue;
        state.appliedAt = performance.timeOrigin + performance.now();
        observer.disconnect();
        return;
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-state'] });
    setTimeout(() => observer.disconnect(), 30_000);
  }, text);
}

async function sendRounds(
  a: Page,
  b: Page,
  count: number,
  label: string,
  raw: { api: string; headers: Record<string, string>; conversationId: string } | null,
): Promise<SendFigures> {
  const out: SendFigures = { viaApp: [], applied: [], raw: [], uncertainty: [] };
  const box = composer(a);
  for (let i = 1; i <= count; i++) {
    const text = `${label} ${i}: ¿nos vemos a las ${8 + (i % 9)}:${String((i * 7) % 60).padStart(2, '0')}? ${Math.random().toString(36).slice(2, 10)}`;
    await box.fill(text);
    await armTextProbe(b, text);
    await armSenderStamps(a, text);
    const clockA = await clockOffset(a);
    const clockB = await clockOffset(b);
    await box.press('Enter');
    const { frameAt } = await readTextProbe(b);
    const enterAt = await a.evaluate(() => (window as unknown as { benchEnter: { at: number } }).benchEnter.at);
    const took = frameAt + clockB.offset - (enterAt + clockA.offset);
    out.viaApp.push(took);
    const applied = await a.waitForFunction(() => (window as unknown as { benchEnter: { appliedAt: number } }).benchEnter.appliedAt || null, undefined, {
      timeout: 30_000,
    });
    out.applied.push(((await applied.jsonValue()) ?? enterAt) - enterAt);
    out.uncertainty.push(clockA.uncertainty + clockB.uncertainty);
    let line = `${label} ${String(i).padStart(3)}: composer → B's screen ${ms(took)} (A's bubble sent after ${ms(out.applied.at(-1)!)})`;
    if (raw && i % 5 === 0) {
      const rawText = `${label} raw ${i} ${Math.random().toString(36).slice(2, 10)}`;
      await armTextProbe(b, rawText);
      const clock = await clockOffset(b);
      const reply = await fetch(`${raw.api}/api/v1/sync/push`, {
        method: 'POST',
        headers: raw.headers,
        body: JSON.stringify({
          clientId: 'bench-messenger',
          mutations: [{ id: uuidv7(), name: 'messenger.send', args: { id: uuidv7(), conversation_id: raw.conversationId, text: rawText } }],
        }),
      });
      const committedAt = epochNow();
      const body = await reply.text();
      if (!reply.ok || !body.includes('"applied"')) throw new Error(`push answered ${reply.status}: ${body.slice(0, 200)}`);
      const probe = await readTextProbe(b);
      const rawTook = probe.frameAt + clock.offset - committedAt;
      out.raw.push(rawTook);
      line += ` · raw push commit → B's screen ${ms(rawTook)}`;
    }
    if (i % 10 === 0 || i === count) console.log(line);
    await sleep(150 + Math.random() * 150);
  }
  return out;
}

function printSends(title: string, figures: SendFigures): void {
  console.log(title);
  const p = (values: number[]) => `median ${ms(percentile(values, 50))} · p95 ${ms(percentile(values, 95))} · max ${ms(Math.max(...values))}`;
  console.log(`  Enter in A's composer → text on B's screen: ${p(figures.viaApp)}  (n=${figures.viaApp.length})`);
  console.log(`  Enter in A's composer → A's bubble says sent (A's outbox pushed, the server answered): ${p(figures.applied)}`);
  if (figures.raw.length > 0) console.log(`  reference, push commit → text on B's screen: ${p(figures.raw)}  (n=${figures.raw.length})`);
  console.log(showFigures('  clock alignment uncertainty (±, both pages)', figures.uncertainty, (v) => `${v.toFixed(1)} ms`));
  const median = percentile(figures.viaApp, 50);
  console.log(
    `  goal: ≤ 1 s — median ${ms(median)} ${median <= 1000 ? 'meets' : 'misses'} it, p95 ${ms(percentile(figures.viaApp, 95))} ${percentile(figures.viaApp, 95) <= 1000 ? 'meets' : 'misses'} it`,
  );
}

async function weakRun(
  cleanup: Cleanup,
  contexts: () => Promise<BrowserContext>,
  origin: string,
  seeded: SeededMessenger,
  profile: NetworkProfile,
): Promise<SendFigures> {
  const contextA = await contexts();
  const contextB = await contexts();
  cleanup.add(`close ${profile.name} contexts`, async () => {
    await contextA.close();
    await contextB.close();
  });
  const a = (await emulatedPage(contextA, profile)).page;
  const b = (await emulatedPage(contextB, profile)).page;
  const started = performance.now();
  await signedIn(a, origin, 'staff@colinas.test', databaseName(seeded.slug, seeded.teacherId));
  await signedIn(b, origin, 'guardian@colinas.test', databaseName(seeded.slug, seeded.guardianId));
  console.log(`${profile.name}: both signed in and synced in ${ms(performance.now() - started)}`);
  await openChat(a, origin, seeded.directId);
  await openChat(b, origin, seeded.directId);
  await sleep(2_000);
  const figures = await sendRounds(a, b, weakSends, profile.name, null);
  await contextA.close();
  await contextB.close();
  return figures;
}

runBench('messengerLatency', 40 * 60_000, async (cleanup) => {
  ensureBuilt();
  const dataDir = freshDataDir(cleanup, 'bench-messenger');
  const seedStart = performance.now();
  const seeded = await seedLongConversation(dataDir, longCount);
  console.log(`seeded ${seeded.directCount} messages in the teacher's direct conversation in ${ms(performance.now() - seedStart)}`);
  const { origin } = await startPatioServer(cleanup, port, dataDir);
  const api = `http://127.0.0.1:${port}`;
  const host = `localhost:${port}`;
  const browser = await launchChromium(cleanup);
  console.log(`Chromium ${browser.version()}`);

  const teacherContext = await newContext(browser);
  const a = await teacherContext.newPage();
  const syncStart = performance.now();
  await signedIn(a, origin, 'staff@colinas.test', databaseName(seeded.slug, seeded.teacherId));
  console.log(`A (teacher) signed in and synced in ${ms(performance.now() - syncStart)}`);

  // 1. Opening, from the list, alternating with the small group.
  await a.goto(`${origin}/messenger`);
  await a.getByRole('heading', { name: 'Messages', level: 1 }).waitFor({ timeout: 60_000 });
  const longOpens: number[] = [];
  const smallOpens: number[] = [];
  for (let i = 0; i < opens; i++) {
    longOpens.push(await timeOpen(a, seeded.directId, seeded.directNewestId));
    smallOpens.push(await timeOpen(a, seeded.smallId, seeded.smallNewestId));
  }
  const coldOpens: number[] = [];
  for (let i = 0; i < Math.min(opens, 5); i++) coldOpens.push(await timeColdOpen(a, origin, seeded.directId, seeded.directNewestId));

  // 2. Scrolling back in the long chat.
  await openChat(a, origin, seeded.directId);
  await a.evaluate(newestVisibleIn, { messageId: seeded.directNewestId, timeoutMs: 30_000 });
  await sleep(1_000);
  const scroll = await scrollBack(a);

  console.log('');
  console.log(`Opening a conversation of ${seeded.directCount} messages at the newest (A, the teacher, Chromium)`);
  console.log(showFigures(`  click on its line in the list → newest bubble visible, ${seeded.directCount} messages`, longOpens));
  console.log(showFigures('  reference, the same for the families group (3 messages)', smallOpens));
  console.log(showFigures('  a fresh page load of the long chat: navigation start → newest bubble visible', coldOpens));
  const openMedian = percentile(longOpens, 50);
  console.log(`  goal: ≤ 100 ms — median ${ms(openMedian)} ${openMedian <= 100 ? 'meets' : 'misses'} it`);
  const long = scroll.frames.filter((frame) => frame > 50);
  console.log(`Scrolling back ${screens} screens with the wheel (240 px a frame)`);
  console.log(
    `  frames: ${scroll.frames.length}, median interval ${ms(percentile(scroll.frames, 50))}, p95 ${ms(percentile(scroll.frames, 95))}, max ${ms(Math.max(...scroll.frames))}; over 50 ms: ${long.length}`,
  );
  console.log(
    `  messages scrolled past: ${scroll.shownBefore - scroll.shownAfter} (the topmost on screen went from position ${scroll.shownBefore} to ${scroll.shownAfter})`,
  );
  if (scroll.waits.length > 0) console.log(showFigures('  each wait at the top for older messages ("loading older" row in view)', scroll.waits));
  else console.log('  no wait at the top: older messages were always there before the row came into view');

  // 3. Send → the other browser's screen.
  const guardianContext = await newContext(browser);
  const b = await guardianContext.newPage();
  await signedIn(b, origin, 'guardian@colinas.test', databaseName(seeded.slug, seeded.guardianId));
  await openChat(a, origin, seeded.directId);
  await openChat(b, origin, seeded.directId);
  await sleep(2_000);
  const token = await loginMobile(api, host, 'staff@colinas.test');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', host };
  const loopback = await sendRounds(a, b, sends, 'loopback', { api, headers, conversationId: seeded.directId });
  await teacherContext.close();
  await guardianContext.close();

  const weak: { profile: NetworkProfile; figures: SendFigures }[] = [];
  if (weakToo) {
    for (const profile of weakProfiles) weak.push({ profile, figures: await weakRun(cleanup, () => newContext(browser), origin, seeded, profile) });
  }

  console.log('');
  printSends(`Send → the other browser's screen, ${sends} messages, loopback (A the teacher types, B the guardian has the chat open)`, loopback);
  for (const { profile, figures } of weak) {
    const c = profile.conditions!;
    printSends(
      `Send → the other browser's screen, ${weakSends} messages, both on "${profile.name}" (${c.downKbps / 1000} Mbit/s down, ${c.upKbps / 1000} up, ${c.latencyMs} ms)`,
      figures,
    );
  }
});
