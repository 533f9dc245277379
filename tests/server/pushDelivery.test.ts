import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PushPayload } from '../../contract/push';
import { users } from '../../server/db/schema';
import { pushSubscriptions } from '../../server/push/schema';
import type { PushSender } from '../../server/push/sender';
import { loadVapidKeys } from '../../server/push/vapidKeys';
import { createWebPushSender } from '../../server/push/webPushSender';
import { backends, bearer, hostOf, signIn, startServer, type TestServer } from './harness';
import { browserSubscription, startPushService, type PushSubscriptionJson } from './pushService';

const emergency: PushPayload = {
  title: 'Evacuación del edificio B',
  body: 'Diríjanse a la cancha por la salida norte. 🚨 Esto no es un simulacro.',
  url: '/notifications?notification=0193a3f2-0000-7000-8000-000000000001',
  tag: 'notification-0193a3f2-0000-7000-8000-000000000001',
  requireInteraction: true,
  emergency: true,
  badge: 3,
  timestamp: '2026-11-25T10:00:00.000Z',
};
const news: PushPayload = {
  title: 'Reunión de apoderados',
  body: 'El jueves a las 18:00.',
  url: '/notifications',
  tag: 'notification-2',
  requireInteraction: false,
  emergency: false,
};

/**
 * The sender (server/push/webPushSender.ts) against a real push service on loopback
 * (web-push-testing): it checks the VAPID signature against the key the browser subscribed
 * with and decrypts the message with the subscription's private key, as a browser's push
 * service and the browser would.
 */
describe.each(backends)('Web Push delivery on $name', (backend) => {
  let server: TestServer;
  let service: Awaited<ReturnType<typeof startPushService>>;
  let sender: PushSender;
  let publicKey = '';
  const host = hostOf('colinas');
  const members = { staff: { id: '', token: '' }, student: { id: '', token: '' }, british: { id: '', token: '' } };
  let colinasId = '';

  /** A browser of `member` subscribed at the push service and registered through the API. */
  async function device(member: keyof typeof members): Promise<PushSubscriptionJson> {
    const subscription = await service.subscribe(publicKey);
    const { clientHash: _hash, ...json } = subscription;
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscriptions',
      headers: { host: member === 'british' ? hostOf('british') : host, ...bearer(members[member].token) },
      payload: json,
    });
    expect(response.statusCode, response.body).toBe(204);
    return subscription;
  }
  const decrypted = async (subscription: PushSubscriptionJson) =>
    (await service.messagesOf(subscription.clientHash)).map((text) => JSON.parse(text) as unknown);
  const rowOf = async (endpoint: string) => (await server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];

  beforeAll(async () => {
    service = await startPushService();
    server = await startServer(backend, { pushHosts: [service.host] });
    const keys = await loadVapidKeys(server.db, {});
    publicKey = keys.publicKey;
    sender = createWebPushSender(server.db, keys, server.app.log, { concurrency: 4, timeoutMs: 2_000 });
    for (const [role, slug] of [
      ['staff', 'colinas'],
      ['student', 'colinas'],
      ['british', 'british'],
    ] as const) {
      const email = role === 'british' ? 'staff@british.test' : `${role}@colinas.test`;
      members[role].token = await signIn(server.app, hostOf(slug), { email });
      members[role].id = (await server.db.select({ id: users.id, collegeId: users.collegeId }).from(users).where(eq(users.email, email)))[0]!.id;
    }
    colinasId = (await server.db.select({ collegeId: users.collegeId }).from(users).where(eq(users.id, members.staff.id)))[0]!.collegeId;
  });
  afterAll(async () => {
    await server?.close();
    await service?.close();
  });
  beforeEach(async () => {
    await server.db.delete(pushSubscriptions);
    service.seen.length = 0;
  });

  it("delivers each member's message, encrypted and signed, to every browser they registered", async () => {
    const [phone, laptop] = [await device('staff'), await device('staff')];
    const tablet = await device('student');
    const outcomes = await sender.send(colinasId, [
      { userId: members.staff.id, payload: emergency, urgency: 'high', ttlSeconds: 86_400 },
      { userId: members.student.id, payload: news, urgency: 'normal', ttlSeconds: 3_600 },
    ]);
    expect(outcomes.get(members.staff.id)).toEqual({ accepted: 2, devices: 2 });
    expect(outcomes.get(members.student.id)).toEqual({ accepted: 1, devices: 1 });
    // What the browsers decrypt is exactly what was sent.
    expect(await decrypted(phone)).toEqual([emergency]);
    expect(await decrypted(laptop)).toEqual([emergency]);
    expect(await decrypted(tablet)).toEqual([news]);
    // RFC 8030 headers: an emergency wakes a phone in power saving and waits a day for one that is off.
    const seenBy = (subscription: PushSubscriptionJson) => service.seen.find((request) => request.clientHash === subscription.clientHash);
    expect(seenBy(phone)).toMatchObject({ urgency: 'high', ttl: '86400', encoding: 'aes128gcm' });
    expect(seenBy(tablet)).toMatchObject({ urgency: 'normal', ttl: '3600', encoding: 'aes128gcm' });
    expect(seenBy(phone)?.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    // Signed once for this push service, not per message.
    expect(new Set(service.seen.map((request) => request.authorization)).size).toBe(1);
    const row = await rowOf(phone.endpoint);
    expect(row?.lastPushedAt).toBeInstanceOf(Date);
    expect(row?.failures).toBe(0);
  });

  it("sends nothing to members without a browser, or to the browsers of another college's members", async () => {
    const abroad = await device('british');
    const outcomes = await sender.send(colinasId, [
      { userId: members.student.id, payload: news, urgency: 'normal', ttlSeconds: 60 },
      { userId: members.british.id, payload: news, urgency: 'normal', ttlSeconds: 60 },
    ]);
    expect(outcomes.get(members.student.id)).toEqual({ accepted: 0, devices: 0 });
    expect(outcomes.get(members.british.id)).toEqual({ accepted: 0, devices: 0 });
    expect(await decrypted(abroad)).toEqual([]);
    expect(service.seen).toEqual([]);
  });

  it('drops a browser whose subscription the push service says is gone (410)', async () => {
    const [kept, unsubscribed] = [await device('staff'), await device('staff')];
    await service.expire(unsubscribed.clientHash);
    const outcomes = await sender.send(colinasId, [{ userId: members.staff.id, payload: emergency, urgency: 'high', ttlSeconds: 60 }]);
    expect(outcomes.get(members.staff.id)).toEqual({ accepted: 1, devices: 2 });
    expect(await rowOf(unsubscribed.endpoint)).toBeUndefined();
    expect(await rowOf(kept.endpoint)).toBeDefined();
    expect(await decrypted(kept)).toEqual([emergency]);
  });

  it('counts refusals in a row and drops a browser after five', async () => {
    const working = await device('student');
    // Registered, but the push service does not know it (it answers 400).
    const unknown = browserSubscription(`http://${service.host}/notify/${'0'.repeat(64)}`);
    const registered = await server.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscriptions',
      headers: { host, ...bearer(members.student.token) },
      payload: unknown,
    });
    expect(registered.statusCode).toBe(204);
    for (let attempt = 1; attempt <= 4; attempt++) {
      const outcomes = await sender.send(colinasId, [{ userId: members.student.id, payload: news, urgency: 'normal', ttlSeconds: 60 }]);
      expect(outcomes.get(members.student.id)).toEqual({ accepted: 1, devices: 2 });
      expect((await rowOf(unknown.endpoint))?.failures).toBe(attempt);
    }
    await sender.send(colinasId, [{ userId: members.student.id, payload: news, urgency: 'normal', ttlSeconds: 60 }]);
    expect(await rowOf(unknown.endpoint)).toBeUndefined();
    expect((await rowOf(working.endpoint))?.failures).toBe(0);
    expect(await decrypted(working)).toHaveLength(5);
  });

  it('counts a push service that cannot be reached as a refusal, without failing the others', async () => {
    const working = await device('staff');
    // The discard port, where nothing listens on loopback: a private deployment's push
    // service that is down (stored directly: the API would refuse a host not configured).
    const down = browserSubscription(`http://${service.host}/notify/down`.replace(/:\d+\//, ':9/'));
    await server.db
      .insert(pushSubscriptions)
      .values({ endpoint: down.endpoint, collegeId: colinasId, userId: members.staff.id, p256dh: down.keys.p256dh, auth: down.keys.auth });
    const outcomes = await sender.send(colinasId, [{ userId: members.staff.id, payload: emergency, urgency: 'high', ttlSeconds: 60 }]);
    expect(outcomes.get(members.staff.id)).toEqual({ accepted: 1, devices: 2 });
    expect((await rowOf(down.endpoint))?.failures).toBe(1);
    expect(await decrypted(working)).toEqual([emergency]);
  });
});
