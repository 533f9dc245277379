import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../contract/ids';
import { mailOutboxResponse } from '../../contract/mail';
import { messages } from '../../contract/messages';
import { pushKeyResponse } from '../../contract/push';
import { colleges, users } from '../../server/db/schema';
import { pushSubscriptions } from '../../server/push/schema';
import { devicesPerMember } from '../../server/push/subscriptions';
import { loadVapidKeys } from '../../server/push/vapidKeys';
import { backends, bearer, demoPassword, hostOf, json, signIn, startServer, type TestServer } from './harness';
import { browserSubscription } from './pushService';

/** A push service on loopback that the configuration allows (nothing listens there: these tests only store). */
const testPushHost = '127.0.0.1:8613';

describe.each(backends)('push subscriptions on $name', (backend) => {
  let server: TestServer;
  const host = hostOf('colinas');
  const tokens = { staff: '', student: '', guardian: '', british: '' };
  const ids = { staff: '', student: '', guardian: '', british: '', colinas: '', britishCollege: '' };

  const subscribe = (token: string | null, payload: unknown, onHost = host) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscriptions',
      headers: { host: onHost, 'user-agent': 'Mozilla/5.0 (test)', ...(token ? bearer(token) : {}) },
      payload: payload as object,
    });
  const unsubscribe = (token: string | null, payload: unknown, onHost = host) =>
    server.app.inject({
      method: 'DELETE',
      url: '/api/v1/push/subscriptions',
      headers: { host: onHost, ...(token ? bearer(token) : {}) },
      payload: payload as object,
    });
  const rows = () => server.db.select().from(pushSubscriptions).orderBy(pushSubscriptions.endpoint);
  const rowOf = async (endpoint: string) => (await server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];
  const userId = async (email: string) => (await server.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

  beforeAll(async () => {
    server = await startServer(backend, { pushHosts: [testPushHost, 'push.example.org'] });
    for (const role of ['staff', 'student', 'guardian'] as const) {
      tokens[role] = await signIn(server.app, host, { email: `${role}@colinas.test` });
      ids[role] = await userId(`${role}@colinas.test`);
    }
    tokens.british = await signIn(server.app, hostOf('british'), { email: 'guardian@british.test' });
    ids.british = await userId('guardian@british.test');
    ids.colinas = (await server.db.select().from(colleges).where(eq(colleges.slug, 'colinas')))[0]!.id;
    ids.britishCollege = (await server.db.select().from(colleges).where(eq(colleges.slug, 'british')))[0]!.id;
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.db.delete(pushSubscriptions);
  });

  it("hands out the installation's VAPID public key to anyone", async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/push/key', headers: { host } });
    expect(response.statusCode).toBe(200);
    const { public_key } = pushKeyResponse.parse(json(response));
    expect(public_key).toBe((await loadVapidKeys(server.db, {})).publicKey);
    // An uncompressed P-256 point, as pushManager.subscribe expects it.
    expect(Buffer.from(public_key, 'base64url')).toHaveLength(65);
  });

  it("keeps a signed-in browser's subscription for the member", async () => {
    const subscription = browserSubscription();
    const response = await subscribe(tokens.guardian, subscription);
    expect(response.statusCode, response.body).toBe(204);
    expect(await rows()).toEqual([
      expect.objectContaining({
        endpoint: subscription.endpoint,
        collegeId: ids.colinas,
        userId: ids.guardian,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        userAgent: 'Mozilla/5.0 (test)',
        failures: 0,
      }),
    ]);
  });

  it('answers 401 to a browser that is not signed in, and keeps nothing', async () => {
    const response = await subscribe(null, browserSubscription());
    expect(response.statusCode).toBe(401);
    expect(json(response)).toEqual({ message: messages.unauthenticated });
    expect((await unsubscribe(null, { endpoint: 'https://fcm.googleapis.com/fcm/send/x' })).statusCode).toBe(401);
    // A token of another college is unknown here.
    expect((await subscribe(tokens.british, browserSubscription())).statusCode).toBe(401);
    expect(await rows()).toEqual([]);
  });

  const valid = browserSubscription();
  const malformed: [string, unknown][] = [
    ['no body', undefined],
    ['no keys', { endpoint: valid.endpoint }],
    ['an endpoint that is no URL', { ...valid, endpoint: 'fcm.googleapis.com/fcm/send/x' }],
    ['an endpoint of another scheme', { ...valid, endpoint: 'ftp://fcm.googleapis.com/x' }],
    ['an oversized endpoint', { ...valid, endpoint: `https://fcm.googleapis.com/${'x'.repeat(2100)}` }],
    ['a key that is not base64url', { ...valid, keys: { ...valid.keys, p256dh: 'a+b/c' } }],
    ['an empty auth secret', { ...valid, keys: { ...valid.keys, auth: '' } }],
    ['keys of the wrong type', { ...valid, keys: { p256dh: 12, auth: ['x'] } }],
    ['an array', [valid]],
  ];
  it.each(malformed)('refuses %s with 422 and keeps nothing', async (_, payload) => {
    const response = await subscribe(tokens.staff, payload);
    expect(response.statusCode, response.body).toBe(422);
    const body = json<{ message: string; errors: Record<string, string[]> }>(response);
    expect(typeof body.message).toBe('string');
    expect(Object.keys(body.errors).length).toBeGreaterThan(0);
    expect(await rows()).toEqual([]);
  });

  // The server will POST to whatever is stored: only the browsers' push services.
  const refusedEndpoints = [
    'http://fcm.googleapis.com/fcm/send/x',
    'https://fcm.googleapis.com:8443/fcm/send/x',
    'https://user:secret@fcm.googleapis.com/fcm/send/x',
    'https://fcm.googleapis.com.attacker.example/fcm/send/x',
    'https://attacker.example/fcm.googleapis.com/x',
    'https://push.apple.com/x',
    'https://evilpush.apple.com/x',
    'https://169.254.169.254/latest/meta-data',
    'http://127.0.0.1:5432/',
    'http://localhost:8613/notify/x',
    'http://127.0.0.1:8614/notify/x',
    'http://push.example.org/x',
    'https://[::1]/x',
    'https://fcm.googleapis.com/fcm/send/a\u0000b',
    'https://fcm.googleapis.com/fcm/send/a\ud800',
    'https://fcm.googleapis.com/fcm/send/ä',
    'https://fcm.googleapis.com/fcm/send/a b',
  ];
  it.each(refusedEndpoints)('refuses the endpoint %j with 422', async (endpoint) => {
    const response = await subscribe(tokens.staff, browserSubscription(endpoint));
    expect(response.statusCode, response.body).toBe(422);
    expect(json(response)).toEqual({ message: messages.pushSubscriptionInvalid, errors: { endpoint: [messages.pushSubscriptionInvalid] } });
    expect(await rows()).toEqual([]);
  });

  const acceptedEndpoints = [
    'https://fcm.googleapis.com/fcm/send/cXk:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
    'https://web.push.apple.com/QGuQyavXutnMH',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
    `http://${testPushHost}/notify/abc`,
    'https://push.example.org/sub/1',
  ];
  it.each(acceptedEndpoints)('accepts the push service endpoint %s', async (endpoint) => {
    expect((await subscribe(tokens.staff, browserSubscription(endpoint))).statusCode).toBe(204);
    expect((await rows()).map((row) => row.endpoint)).toEqual([endpoint]);
  });

  it('moves a browser to whoever signs in on it, with its new keys', async () => {
    const first = browserSubscription();
    expect((await subscribe(tokens.staff, first)).statusCode).toBe(204);
    const again = { ...browserSubscription(first.endpoint) };
    expect((await subscribe(tokens.student, again)).statusCode).toBe(204);
    expect(await rows()).toEqual([
      expect.objectContaining({ endpoint: first.endpoint, userId: ids.student, p256dh: again.keys.p256dh, auth: again.keys.auth }),
    ]);
    // The same browser in another college (its origin is another, but the row is one per endpoint).
    expect((await subscribe(tokens.british, again, hostOf('british'))).statusCode).toBe(204);
    expect(await rows()).toEqual([expect.objectContaining({ endpoint: first.endpoint, userId: ids.british, collegeId: ids.britishCollege })]);
  });

  it('registering again clears the failures of a browser', async () => {
    const subscription = browserSubscription();
    await subscribe(tokens.staff, subscription);
    await server.db.update(pushSubscriptions).set({ failures: 3 }).where(eq(pushSubscriptions.endpoint, subscription.endpoint));
    await subscribe(tokens.staff, subscription);
    expect((await rowOf(subscription.endpoint))?.failures).toBe(0);
  });

  it(`keeps the ${devicesPerMember} most recently registered browsers of a member`, async () => {
    const made = Array.from({ length: devicesPerMember + 2 }, () => browserSubscription());
    for (const subscription of made) expect((await subscribe(tokens.guardian, subscription)).statusCode).toBe(204);
    await subscribe(tokens.student, browserSubscription());
    const kept = await server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ids.guardian));
    expect(kept.map((row) => row.endpoint).sort()).toEqual(
      made
        .slice(2)
        .map((s) => s.endpoint)
        .sort(),
    );
    // Re-registering an old browser keeps it and drops the next oldest instead.
    await subscribe(tokens.guardian, made[2]!);
    await subscribe(tokens.guardian, browserSubscription());
    const after = (await server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ids.guardian))).map((row) => row.endpoint);
    expect(after).toHaveLength(devicesPerMember);
    expect(after).toContain(made[2]!.endpoint);
    expect(after).not.toContain(made[3]!.endpoint);
    // Other members are not counted against this one.
    expect(await server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ids.student))).toHaveLength(1);
  });

  it('lets the service worker move a browser to the subscription its push service replaced it with', async () => {
    const old = browserSubscription();
    await subscribe(tokens.guardian, old);
    const next = browserSubscription();
    const renew = (payload: unknown, onHost = host) =>
      server.app.inject({ method: 'POST', url: '/api/v1/push/subscriptions/renew', headers: { host: onHost }, payload: payload as object });
    // Proof of the old subscription is its endpoint with its auth secret, in its college.
    for (const wrong of [
      { old_endpoint: old.endpoint, old_auth: next.keys.auth, subscription: next },
      { old_endpoint: next.endpoint, old_auth: old.keys.auth, subscription: next },
    ]) {
      const refused = await renew(wrong);
      expect(refused.statusCode).toBe(404);
      expect(json(refused)).toEqual({ message: messages.notFound });
    }
    expect((await renew({ old_endpoint: old.endpoint, old_auth: old.keys.auth, subscription: next }, hostOf('british'))).statusCode).toBe(404);
    const elsewhere = await renew({ old_endpoint: old.endpoint, old_auth: old.keys.auth, subscription: browserSubscription('https://attacker.example/x') });
    expect(elsewhere.statusCode).toBe(422);
    expect(json(elsewhere)).toEqual({ message: messages.pushSubscriptionInvalid, errors: { 'subscription.endpoint': [messages.pushSubscriptionInvalid] } });
    expect((await renew({ old_endpoint: old.endpoint, old_auth: old.keys.auth })).statusCode).toBe(422);
    expect((await rows()).map((row) => row.endpoint)).toEqual([old.endpoint]);

    expect((await renew({ old_endpoint: old.endpoint, old_auth: old.keys.auth, subscription: next })).statusCode).toBe(204);
    expect(await rows()).toEqual([
      expect.objectContaining({ endpoint: next.endpoint, userId: ids.guardian, collegeId: ids.colinas, p256dh: next.keys.p256dh, auth: next.keys.auth }),
    ]);
    // Once moved, the old proof no longer works.
    expect((await renew({ old_endpoint: old.endpoint, old_auth: old.keys.auth, subscription: browserSubscription() })).statusCode).toBe(404);
  });

  it("forgets only the caller's own browser", async () => {
    const staffs = browserSubscription();
    const students = browserSubscription();
    await subscribe(tokens.staff, staffs);
    await subscribe(tokens.student, students);
    expect((await unsubscribe(tokens.staff, { endpoint: students.endpoint })).statusCode).toBe(204);
    expect((await unsubscribe(tokens.british, { endpoint: students.endpoint }, hostOf('british'))).statusCode).toBe(204);
    expect((await rows()).map((row) => row.endpoint).sort()).toEqual([staffs.endpoint, students.endpoint].sort());
    expect((await unsubscribe(tokens.student, { endpoint: students.endpoint })).statusCode).toBe(204);
    expect((await rows()).map((row) => row.endpoint)).toEqual([staffs.endpoint]);
    // Twice is fine: the browser's sign-out may repeat it.
    expect((await unsubscribe(tokens.student, { endpoint: students.endpoint })).statusCode).toBe(204);
  });

  it('refuses a malformed unsubscribe with 422 and forgets nothing', async () => {
    const subscription = browserSubscription();
    await subscribe(tokens.staff, subscription);
    for (const payload of [undefined, {}, { endpoint: 42 }, { endpoint: 'x'.repeat(2001) }, [subscription.endpoint]]) {
      const response = await unsubscribe(tokens.staff, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(await rows()).toHaveLength(1);
  });

  it("forgets a member's browsers when a password change signs the other devices out", async () => {
    const token = await signIn(server.app, host, { email: 'staff@colinas.test' });
    await subscribe(token, browserSubscription());
    await subscribe(token, browserSubscription());
    await subscribe(tokens.student, browserSubscription());
    const change = (password: string, current: string) =>
      server.app.inject({
        method: 'PUT',
        url: '/api/v1/users/update/password',
        headers: { host, ...bearer(token) },
        payload: { current_password: current, password, password_confirmation: password },
      });
    expect((await change('a-new-password-1', demoPassword)).statusCode).toBe(200);
    expect((await rows()).map((row) => row.userId)).toEqual([ids.student]);
    // The device that changed it registers again (the app does so after the change).
    expect((await subscribe(token, browserSubscription())).statusCode).toBe(204);
    expect((await change(demoPassword, 'a-new-password-1')).statusCode).toBe(200);
    tokens.staff = await signIn(server.app, host, { email: 'staff@colinas.test' });
  });

  it("forgets a member's browsers when a password reset signs them out everywhere", async () => {
    const admin = await signIn(server.app, host, { email: 'admin@colinas.test' });
    await subscribe(tokens.guardian, browserSubscription());
    await subscribe(tokens.student, browserSubscription());
    expect(
      (await server.app.inject({ method: 'POST', url: '/api/forgot-password-user', headers: { host }, payload: { email: 'guardian@colinas.test' } }))
        .statusCode,
    ).toBe(200);
    const outbox = await server.app.inject({ method: 'GET', url: '/api/v1/admin/mail-outbox', headers: { host, ...bearer(admin) } });
    const mail = mailOutboxResponse.parse(json(outbox)).data.find((item) => item.to === 'guardian@colinas.test');
    const link = new URL(/(http:\/\/localhost\/auth\/reset-password\?\S+)/.exec(mail!.text)![1]!);
    const reset = await server.app.inject({
      method: 'POST',
      url: '/api/reset-password-user',
      headers: { host },
      payload: { token: link.searchParams.get('token'), email: 'guardian@colinas.test', password: demoPassword, password_confirmation: demoPassword },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await rows()).map((row) => row.userId)).toEqual([ids.student]);
  });

  it("drops a member's browsers with the member", async () => {
    const subscription = browserSubscription();
    const [extra] = await server.db
      .insert(users)
      .values({
        id: uuidv7(),
        collegeId: ids.colinas,
        email: `gone-${randomBytes(4).toString('hex')}@colinas.test`,
        name: 'Gone',
        role: 'guardian',
        passwordHash: 'x',
        status: 'active',
      })
      .returning({ id: users.id });
    await server.db
      .insert(pushSubscriptions)
      .values({ endpoint: subscription.endpoint, collegeId: ids.colinas, userId: extra!.id, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth });
    await server.db.delete(users).where(and(eq(users.collegeId, ids.colinas), eq(users.id, extra!.id)));
    expect(await rows()).toEqual([]);
  });
});
