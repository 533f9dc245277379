/**
 * One emergency alert to a college of 5,000 members, each with a browser subscribed to
 * Web Push: the time until every push is handed over to the push service.
 *
 *   npm run bench:push-fanout        (= node --import tsx bench/pushFanout.ts)
 *
 * An embedded database in memory (PGlite, as `npm start`), migrated and seeded with the demo
 * colleges, plus BENCH_MEMBERS (default 5,000) members in colinas with one subscription each
 * (real P-256 keys) on a local push endpoint: an HTTP server on 127.0.0.1:8615 that reads
 * each request's body and answers 201, as FCM does. The installation's sender
 * (server/push/webPushSender.ts: web-push encrypts each message for its subscription,
 * aes128gcm, and signs the VAPID header; fetch sends them, 64 in flight) sends one emergency
 * payload per member, urgency high, in one `send` call, as the notifications job does. Timed
 * from the call to:
 *   - handed over: the push service's last 201 read by the sender (the endpoint's clock,
 *     the same process);
 *   - done: `send` returned (the rows' "last pushed" and failure counters written too).
 * The reference, side by side, is the same alert to BENCH_REFERENCE members (default 500)
 * of the same database: the runs alternate (BENCH_RUNS each, default 3), so a busy machine
 * weighs on both alike. After the runs, a sample of the received bodies (one in 500) is
 * decrypted with the subscriptions' private keys (http_ece, as a browser does) and compared
 * with the payload sent, and the endpoint's count must equal the subscriptions: a figure
 * of pushes that were not made, or not readable, is not printed.
 * Env: BENCH_MEMBERS (1–20,000), BENCH_REFERENCE (1–BENCH_MEMBERS), BENCH_RUNS (1–10).
 * Loopback only; everything it starts is stopped at the end, also on failure (3-minute limit).
 */
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { uuidv7 } from '../contract/ids';
import type { PushPayload } from '../contract/push';
import { openDatabase } from '../server/db/client';
import { colleges, users } from '../server/db/schema';
import { seedDemoData } from '../server/db/seed';
import { features } from '../server/features';
import { pushSubscriptions } from '../server/push/schema';
import { loadVapidKeys } from '../server/push/vapidKeys';
import { createWebPushSender } from '../server/push/webPushSender';
import { figures, ms, runBench, showFigures } from './lib/harness';

/** RFC 8188 decryption, as a browser does it (http_ece: web-push's own dependency, untyped). */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }): Buffer;
};

const port = 8615;
const clamp = (value: number, min: number, max: number) => Math.min(Math.max(Math.round(value), min), max);
const memberCount = clamp(Number(process.env.BENCH_MEMBERS ?? 5000), 1, 20_000);
const referenceCount = clamp(Number(process.env.BENCH_REFERENCE ?? 500), 1, memberCount);
const runs = clamp(Number(process.env.BENCH_RUNS ?? 3), 1, 10);
const sampleEvery = 500;

const alert: PushPayload = {
  title: 'Evacuación del edificio B',
  body: 'Diríjanse a la cancha por la salida norte. Esto no es un simulacro.',
  url: '/notifications?notification=0193a3f2-0000-7000-8000-000000000001',
  tag: 'notification-0193a3f2-0000-7000-8000-000000000001',
  requireInteraction: true,
  emergency: true,
  badge: 1,
  timestamp: new Date().toISOString(),
};

interface Received {
  count: number;
  last: number;
  urgencies: Map<string, number>;
  samples: Map<string, Buffer>;
}

runBench('bench:push-fanout', 3 * 60_000, async (cleanup) => {
  // ---- the local push service
  const received: Received = { count: 0, last: 0, urgencies: new Map(), samples: new Map() };
  const sampled = new Set<string>();
  const service = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      if (sampled.has(path)) received.samples.set(path, Buffer.concat(chunks));
      const urgency = String(request.headers.urgency);
      received.urgencies.set(urgency, (received.urgencies.get(urgency) ?? 0) + 1);
      received.count++;
      received.last = performance.now();
      response.writeHead(201, { location: `/message/${received.count}` }).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    service.once('error', reject);
    service.listen(port, '127.0.0.1', resolve);
  });
  cleanup.add('stop the push endpoint', () => new Promise<void>((resolve) => service.close(() => resolve())));
  const endpointBase = `http://127.0.0.1:${(service.address() as AddressInfo).port}/push/`;

  // ---- the college: members, and a browser of each
  const started = performance.now();
  const database = await openDatabase({ memory: true });
  cleanup.add('close the database', () => database.close());
  await database.migrate();
  await seedDemoData(database.db, features);
  const db = database.db;
  const [college] = await db.select({ id: colleges.id }).from(colleges).where(eq(colleges.slug, 'colinas'));
  const collegeId = college!.id;
  const memberIds: string[] = [];
  const keysOf = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  for (let from = 0; from < memberCount; from += 1000) {
    const batch = Array.from({ length: Math.min(1000, memberCount - from) }, (_, i) => {
      const n = from + i;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = uuidv7();
      const endpoint = `${endpointBase}${n}`;
      if (n % sampleEvery === 0) {
        sampled.add(new URL(endpoint).pathname);
        keysOf.set(new URL(endpoint).pathname, { ecdh, auth });
      }
      memberIds.push(id);
      return {
        user: { id, collegeId, role: 'guardian' as const, name: `Familia ${n}`, email: `familia.${n}@bench.test`, passwordHash: 'not-a-password' },
        subscription: { endpoint, collegeId, userId: id, p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') },
      };
    });
    await db.insert(users).values(batch.map((row) => row.user));
    await db.insert(pushSubscriptions).values(batch.map((row) => row.subscription));
  }
  console.log(`PGlite in memory: ${memberCount} members with a subscription each, ready in ${ms(performance.now() - started)}`);

  const vapid = await loadVapidKeys(db, {});
  const log = Fastify({ logger: false }).log;
  const sender = createWebPushSender(db, vapid, log);

  async function fanOut(count: number): Promise<{ handedOver: number; done: number }> {
    const messages = memberIds.slice(0, count).map((userId) => ({ userId, payload: alert, urgency: 'high' as const, ttlSeconds: 86_400 }));
    const before = received.count;
    const start = performance.now();
    const outcomes = await sender.send(collegeId, messages);
    const done = performance.now() - start;
    const accepted = [...outcomes.values()].reduce((sum, outcome) => sum + outcome.accepted, 0);
    if (accepted !== count || received.count - before !== count) {
      throw new Error(`${count} members: ${accepted} accepted, ${received.count - before} received`);
    }
    return { handedOver: received.last - start, done };
  }

  // One warm-up of each (the JIT, the pool's connections), not counted.
  await fanOut(referenceCount);
  await fanOut(memberCount);
  const full: { handedOver: number; done: number }[] = [];
  const reference: { handedOver: number; done: number }[] = [];
  for (let run = 0; run < runs; run++) {
    reference.push(await fanOut(referenceCount));
    full.push(await fanOut(memberCount));
  }

  // ---- what the push service received is what was sent, readable by the browsers
  let decrypted = 0;
  for (const [path, body] of received.samples) {
    const keys = keysOf.get(path)!;
    const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: keys.ecdh, authSecret: keys.auth });
    const got = JSON.parse(plain.toString('utf8')) as unknown;
    if (JSON.stringify(got) !== JSON.stringify(alert)) throw new Error(`${path}: decrypted ${plain.toString('utf8')}`);
    decrypted++;
  }
  if (decrypted === 0) throw new Error('no sample was received');
  const high = received.urgencies.get('high') ?? 0;
  if (high !== received.count) throw new Error(`${received.count - high} pushes without Urgency: high`);

  const rate = (count: number, millis: number) => `${Math.round((count / millis) * 1000).toLocaleString('en')} pushes/s`;
  const line = (label: string, count: number, list: { handedOver: number; done: number }[]) => {
    const handed = figures(list.map((entry) => entry.handedOver));
    console.log(`\n${label}: one emergency alert to ${count.toLocaleString('en')} members (${count.toLocaleString('en')} subscriptions)`);
    console.log(
      `  ${showFigures(
        'all handed over',
        list.map((entry) => entry.handedOver),
      )}  → ${rate(count, handed.median)} (median)`,
    );
    console.log(
      `  ${showFigures(
        'send() returned',
        list.map((entry) => entry.done),
      )}`,
    );
    return handed.median;
  };
  const referenceMedian = line('reference', referenceCount, reference);
  const fullMedian = line('measured', memberCount, full);
  console.log(
    `\n${memberCount.toLocaleString('en')} members took ${(fullMedian / referenceMedian).toFixed(1)}× the time of ${referenceCount.toLocaleString('en')} (${(memberCount / referenceCount).toFixed(0)}× the pushes); ` +
      `${decrypted} sampled bodies decrypted to the payload sent; every push had Urgency: high; 64 in flight (the sender's default).`,
  );
});
