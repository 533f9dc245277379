import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import type { SsoExchangeResponse } from '../../contract/sso';
import { colleges, entries, users } from '../../server/db/schema';
import { loadSecretKey } from '../../server/mail/secretKey';
import { answerCallback, redeemExchange, ssoExchangeLifetimeMs, ssoLoginLifetimeMs, SsoRefusal } from '../../server/sso/flow';
import { ssoLoginPruneAfterMs, ssoLoginsPruneJob } from '../../server/sso/pruneJob';
import { ssoLogins } from '../../server/sso/schema';
import { backends, bearer, hostOf, signIn, startServer, type TestServer } from './harness';
import { startOidcProvider, type TestProvider } from './oidcProvider';

const host = hostOf('colinas');

describe.each(backends)('signing in with the college’s OpenID Connect provider ($name)', (backend) => {
  let server: TestServer;
  let provider: TestProvider;
  let collegeId = '';
  let adminToken = '';
  // Each request from its own address, so the routes' rate limit never decides a test.
  let address = 0;
  const remoteAddress = () => `10.20.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

  const get = (url: string) => server.app.inject({ method: 'GET', url, headers: { host }, remoteAddress: remoteAddress() });
  const exchange = (payload: unknown) =>
    server.app.inject({ method: 'POST', url: '/api/v1/sso/exchange', headers: { host }, payload: payload as object, remoteAddress: remoteAddress() });
  const saveSettings = (changes: Record<string, unknown> = {}) =>
    server.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/integrations/sso',
      headers: { host, ...bearer(adminToken) },
      payload: {
        display_name: 'Test provider',
        issuer: provider.issuer,
        client_id: provider.clientId,
        client_secret: provider.clientSecret,
        allowed_domains: [],
        ...changes,
      },
    });

  /** The browser's way from the app to the provider and back; answers the provider's redirect back. */
  async function toProvider(returnTo = '/posts'): Promise<URL> {
    const start = await get(`/api/v1/sso/start?return_to=${encodeURIComponent(returnTo)}`);
    expect(start.statusCode).toBe(302);
    const location = String(start.headers.location);
    expect(location.startsWith(`${provider.issuer}/`)).toBe(true);
    return provider.authorize(location);
  }
  const callback = (back: URL) => get(`${back.pathname}${back.search}`);
  const refusalOf = (response: LightMyRequestResponse) => {
    expect(response.statusCode).toBe(302);
    return new URL(String(response.headers.location), 'http://localhost').searchParams.get('sso_error');
  };
  const exchangeOf = (response: LightMyRequestResponse) => {
    expect(response.statusCode).toBe(302);
    const match = /^\/auth\/sso#exchange=([A-Za-z0-9_-]+)$/.exec(String(response.headers.location));
    expect(match).not.toBeNull();
    return match![1]!;
  };
  const flowContext = (now: Date) => ({ db: server.db, secrets: loadSecretKey(server.dataDir), collegeId, origin: 'http://localhost', now });

  beforeAll(async () => {
    server = await startServer(backend);
    provider = await startOidcProvider('http://localhost/api/v1/sso/callback');
    const [college] = await server.db.select().from(colleges).where(eq(colleges.slug, 'colinas'));
    collegeId = college!.id;
    adminToken = await signIn(server.app, host, { email: 'admin@colinas.test' });
    expect((await saveSettings()).statusCode).toBe(200);
  });
  afterAll(async () => {
    await provider?.stop().catch(() => {});
    await server?.close();
  });

  it('signs a member in: the provider’s verified email names them, the one-time secret becomes a session', async () => {
    provider.account = { email: 'Staff@Colinas.test', email_verified: true };
    const start = await get('/api/v1/sso/start?return_to=/posts');
    const authorization = new URL(String(start.headers.location));
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      redirect_uri: 'http://localhost/api/v1/sso/callback',
      client_id: provider.clientId,
      response_type: 'code',
    });
    const secret = exchangeOf(await callback(await provider.authorize(authorization.href)));

    const [staff] = await server.db
      .select()
      .from(users)
      .where(and(eq(users.collegeId, collegeId), eq(users.email, 'staff@colinas.test')));
    const before = await server.db.select().from(entries).where(eq(entries.userId, staff!.id));
    const signedIn = await exchange({ exchange: secret });
    expect(signedIn.statusCode).toBe(200);
    const { token, user, return_to } = signedIn.json<SsoExchangeResponse>();
    expect(user.email).toBe('staff@colinas.test');
    // Where the person was going when they started.
    expect(return_to).toBe('/posts');
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/session/college', headers: { host, ...bearer(token) } })).statusCode).toBe(200);
    const after = await server.db.select().from(entries).where(eq(entries.userId, staff!.id));
    expect(after.filter((entry) => entry.kind === 'sign_in').length).toBe(before.filter((entry) => entry.kind === 'sign_in').length + 1);

    // The secret is good once.
    const again = await exchange({ exchange: secret });
    expect(again.statusCode).toBe(422);
    expect(again.body).toContain(messages.ssoExpired);
  });

  it('refuses an answer with a state it never sent, and a second answer to the same sign-in or with the same code', async () => {
    provider.account = { email: 'staff@colinas.test', email_verified: true };
    const back = await toProvider();
    const forged = new URL(back);
    forged.searchParams.set('state', 'not-one-we-sent');
    expect(refusalOf(await callback(forged))).toBe('state');
    expect(refusalOf(await get('/api/v1/sso/callback'))).toBe('state');

    exchangeOf(await callback(back));
    expect(refusalOf(await callback(back))).toBe('state');

    // The same code under the state of a new sign-in: the provider refuses it (PKCE, one use).
    const fresh = await toProvider();
    const replayed = new URL(fresh);
    replayed.searchParams.set('code', back.searchParams.get('code')!);
    expect(refusalOf(await callback(replayed))).toBe('state');
  });

  it('refuses an expired ID token, a sign-in answered after ten minutes and a secret traded after two', async () => {
    provider.account = { email: 'staff@colinas.test', email_verified: true };
    provider.idTokenTtl = 60;
    try {
      const late = await toProvider();
      const fiveMinutesOn = new Date(Date.now() + 5 * 60 * 1000);
      await expect(answerCallback(flowContext(fiveMinutesOn), late.searchParams)).rejects.toEqual(new SsoRefusal('token'));
    } finally {
      provider.idTokenTtl = 3600;
    }
    const tooLate = await toProvider();
    await expect(answerCallback(flowContext(new Date(Date.now() + ssoLoginLifetimeMs + 1000)), tooLate.searchParams)).rejects.toEqual(new SsoRefusal('state'));

    const back = await toProvider();
    const { exchange: secret } = await answerCallback(flowContext(new Date()), back.searchParams);
    expect(await redeemExchange(server.db, collegeId, secret, new Date(Date.now() + ssoExchangeLifetimeMs + 1000))).toBeNull();
    expect((await exchange({ exchange: secret })).statusCode).toBe(422);
  });

  it('refuses an unverified email, one outside the allowed domains, and a closed account', async () => {
    provider.account = { email: 'staff@colinas.test', email_verified: false };
    expect(refusalOf(await callback(await toProvider()))).toBe('unverified');

    expect((await saveSettings({ allowed_domains: ['school.example'] })).statusCode).toBe(200);
    provider.account = { email: 'staff@colinas.test', email_verified: true };
    expect(refusalOf(await callback(await toProvider()))).toBe('domain');
    expect((await saveSettings()).statusCode).toBe(200);

    await server.db
      .update(users)
      .set({ status: 'disabled' })
      .where(and(eq(users.collegeId, collegeId), eq(users.email, 'guardian@colinas.test')));
    provider.account = { email: 'guardian@colinas.test', email_verified: true };
    expect(refusalOf(await callback(await toProvider()))).toBe('disabled');
    const [login] = await server.db.select().from(ssoLogins).where(eq(ssoLogins.error, 'ssoDisabled'));
    expect(login?.userId).toBeNull();
  });

  it('refuses a member of another college and an unknown email, and creates no account', async () => {
    const count = async () => (await server.db.select({ id: users.id }).from(users)).length;
    const before = await count();
    provider.account = { email: 'admin@british.test', email_verified: true };
    expect(refusalOf(await callback(await toProvider()))).toBe('unknown');
    provider.account = { email: 'nobody@colinas.test', email_verified: true };
    expect(refusalOf(await callback(await toProvider()))).toBe('unknown');
    expect(await count()).toBe(before);
  });

  it('says the provider is down when it stops answering, and the password still signs in', async () => {
    provider.account = { email: 'staff@colinas.test', email_verified: true };
    const back = await toProvider();
    await provider.stop();
    try {
      expect(refusalOf(await callback(back))).toBe('provider_down');
      // New settings are discovered anew.
      expect((await saveSettings({ display_name: 'Renamed' })).statusCode).toBe(200);
      expect(refusalOf(await get('/api/v1/sso/start'))).toBe('provider_down');
      expect(await signIn(server.app, host, { email: 'staff@colinas.test' })).toBeTruthy();
    } finally {
      await provider.start();
    }
    expect((await get('/api/v1/sso/start')).headers.location).toMatch(/^http:\/\/127\.0\.0\.1:/);
  });

  it('sends only this site’s paths back and answers generated input without a server error', async () => {
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      await get(`/api/v1/sso/start?return_to=${encodeURIComponent(returnTo)}`);
    }
    const kept = await server.db.select({ returnTo: ssoLogins.returnTo }).from(ssoLogins);
    expect(kept.every((login) => login.returnTo.startsWith('/') && !login.returnTo.startsWith('//') && !login.returnTo.includes('\\'))).toBe(true);

    const value = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.integer().map(String), fc.constant(''), fc.constant('%00'));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/v1/sso/start', '/api/v1/sso/callback'),
        fc.dictionary(fc.constantFrom('return_to', 'code', 'state', 'error', 'iss', 'x'), value),
        async (path, query) => {
          const search = new URLSearchParams(query).toString();
          expect((await get(`${path}?${search}`)).statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 40 },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.anything(), fc.record({ exchange: fc.anything() }), fc.record({ exchange: fc.string() })), async (body) => {
        const response = await server.app.inject({
          method: 'POST',
          url: '/api/v1/sso/exchange',
          headers: { host, 'content-type': 'application/json' },
          payload: JSON.stringify(body) ?? 'null',
          remoteAddress: remoteAddress(),
        });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });
  it('removes sign-ins only once they are an hour past their expiry', async () => {
    const started = await get('/api/v1/sso/start');
    expect(started.statusCode).toBe(302);
    const rows = await server.db.select({ id: ssoLogins.id, expiresAt: ssoLogins.expiresAt }).from(ssoLogins);
    expect(rows.length).toBeGreaterThan(0);
    const expiries = rows.map((row) => row.expiresAt.getTime());
    await ssoLoginsPruneJob.run(server.db, new Date(Math.min(...expiries) + ssoLoginPruneAfterMs - 1000), undefined as never);
    expect(await server.db.select({ id: ssoLogins.id }).from(ssoLogins)).toHaveLength(rows.length);
    await ssoLoginsPruneJob.run(server.db, new Date(Math.max(...expiries) + ssoLoginPruneAfterMs + 1000), undefined as never);
    expect(await server.db.select({ id: ssoLogins.id }).from(ssoLogins)).toEqual([]);
  });
});
