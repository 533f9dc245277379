import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecondStepRequired } from '../../contract/secondFactor';
import { backends, bearer, demoPassword, hostOf, signIn, startServer, type TestServer } from './harness';
import { hostileString, hostileUrlValue } from './hostileValues';

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: string; actor: 'admin' | 'staff' | 'student' | 'none' };

/**
 * Every route of the second factor with what a device, an old client or an attacker could
 * send (odd strings, wrong types, ids of nothing, tickets made up or real, credentials that are
 * not one): only a 2xx or a 4xx with a message, never a 5xx.
 */
describe.each(backends)('second factor routes with generated input on $name', (backend) => {
  let server: TestServer;
  const host = hostOf('colinas');
  const tokens = { admin: '', staff: '', student: '', none: '' };
  let ticket = '';
  let staffId = '';

  beforeAll(async () => {
    server = await startServer(backend);
    tokens.admin = await signIn(server.app, host, { email: 'admin@colinas.test' });
    tokens.staff = await signIn(server.app, host, { email: 'staff@colinas.test' });
    tokens.student = await signIn(server.app, host, { email: 'student@colinas.test' });
    // The staff member gets an app (its first code is never sent here), so their sign-in gives a real ticket.
    const begun = await server.app.inject({
      method: 'POST',
      url: '/api/v1/profile/second-factors/totp',
      headers: { host, ...bearer(tokens.staff) },
      payload: {},
    });
    const { id, secret } = begun.json<{ id: string; secret: string }>();
    const { totpCode, totpStep } = await import('../../server/secondFactor/totp');
    await server.app.inject({
      method: 'POST',
      url: `/api/v1/profile/second-factors/totp/${id}/confirm`,
      headers: { host, ...bearer(tokens.staff) },
      payload: { code: totpCode(secret, totpStep(Date.now())) },
    });
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/login-mobile',
      headers: { host },
      payload: { email: 'staff@colinas.test', password: demoPassword },
    });
    ticket = login.json<SecondStepRequired>().ticket;
    const me = await server.app.inject({ method: 'GET', url: '/api/v1/user', headers: { host, ...bearer(tokens.staff) } });
    staffId = me.json<{ id: string }>().id;
  });
  afterAll(() => server.close());

  const anyValue = fc.oneof(hostileString, fc.integer(), fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 2 }));
  const ticketValue = fc.oneof(fc.constant('__ticket__'), hostileString, fc.constant(''));
  const code = fc.oneof(
    fc.integer({ min: 0, max: 999_999 }).map((n) => String(n).padStart(6, '0')),
    fc.constantFrom('AAAAA-BBBBB', ' 12 34 56 '),
    hostileString,
  );
  const b64 = fc.oneof(
    fc.base64String({ maxLength: 80 }).map((s) => s.replace(/[+/=]/g, 'A')),
    hostileString,
  );
  const credential = fc.record(
    {
      id: b64,
      rawId: b64,
      type: fc.constantFrom('public-key', 'other'),
      clientExtensionResults: fc.constant({}),
      response: fc.record(
        {
          clientDataJSON: fc.oneof(
            b64,
            fc.constant(Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: 'abc', origin: 'http://localhost' })).toString('base64url')),
          ),
          attestationObject: b64,
          authenticatorData: b64,
          signature: b64,
          transports: fc.array(fc.constantFrom('usb', 'internal', 'nope'), { maxLength: 3 }),
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  );
  const body = (shape: Record<string, fc.Arbitrary<unknown>>) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.record(shape, { requiredKeys: [] }).map((value) => JSON.stringify(value)) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
    );
  const id = fc.oneof(
    fc.uuid(),
    hostileUrlValue.filter((value) => value !== ''),
  );
  const actor = fc.constantFrom<Call['actor']>('admin', 'staff', 'student', 'none');

  const call: fc.Arbitrary<Call> = fc.oneof(
    fc.record({ method: fc.constant('GET' as const), url: fc.constant('/api/v1/profile/second-factors'), actor }),
    fc.record({ method: fc.constant('POST' as const), url: fc.constant('/api/v1/profile/second-factors/totp'), payload: body({ label: anyValue }), actor }),
    fc.record({ method: fc.constant('POST' as const), url: id.map((i) => `/api/v1/profile/second-factors/totp/${i}/confirm`), payload: body({ code }), actor }),
    fc.record({ method: fc.constant('POST' as const), url: fc.constant('/api/v1/profile/second-factors/webauthn/options'), actor }),
    fc.record({
      method: fc.constant('POST' as const),
      url: fc.constant('/api/v1/profile/second-factors/webauthn'),
      payload: body({ label: anyValue, credential }),
      actor,
    }),
    fc.record({ method: fc.constant('DELETE' as const), url: id.map((i) => `/api/v1/profile/second-factors/${i}`), actor }),
    fc.record({ method: fc.constant('POST' as const), url: fc.constant('/api/v1/profile/second-factors/recovery-codes'), actor }),
    fc.record({ method: fc.constant('GET' as const), url: fc.constant('/api/v1/admin/security'), actor }),
    fc.record({
      method: fc.constantFrom('GET' as const, 'DELETE' as const),
      url: fc.oneof(id, fc.constant('__staff__')).map((i) => `/api/v1/admin/members/${i}/second-factors`),
      actor,
    }),
    fc.record({
      method: fc.constant('PUT' as const),
      url: fc.constant('/api/v1/admin/security'),
      payload: body({ require_for_admins: fc.oneof(fc.boolean(), anyValue), require_for_staff: fc.boolean() }),
      actor,
    }),
    ...['totp', 'recovery'].map((method) =>
      fc.record({
        method: fc.constant('POST' as const),
        url: fc.constant(`/api/v1/auth/second-factor/${method}`),
        payload: body({ ticket: ticketValue, code }),
        actor: fc.constant('none' as const),
      }),
    ),
    ...['webauthn/options', 'enrol/webauthn/options', 'enrol/totp'].map((path) =>
      fc.record({
        method: fc.constant('POST' as const),
        url: fc.constant(`/api/v1/auth/second-factor/${path}`),
        payload: body({ ticket: ticketValue, label: anyValue }),
        actor: fc.constant('none' as const),
      }),
    ),
    fc.record({
      method: fc.constant('POST' as const),
      url: fc.constant('/api/v1/auth/second-factor/enrol/totp/confirm'),
      payload: body({ ticket: ticketValue, id: fc.oneof(fc.uuid(), hostileString), code }),
      actor: fc.constant('none' as const),
    }),
    ...['webauthn', 'enrol/webauthn'].map((path) =>
      fc.record({
        method: fc.constant('POST' as const),
        url: fc.constant(`/api/v1/auth/second-factor/${path}`),
        payload: body({ ticket: ticketValue, label: anyValue, credential }),
        actor: fc.constant('none' as const),
      }),
    ),
  );

  it('never answers 5xx to generated calls of the second factor’s routes', async () => {
    let address = 0;
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(call, async ({ method, url, payload, actor: who }) => {
        const response = await server.app.inject({
          method,
          url: url.replace('__staff__', staffId),
          headers: { host, 'content-type': 'application/json', ...(who === 'none' ? {} : bearer(tokens[who])) },
          ...(payload === undefined ? {} : { payload: payload.replaceAll('__ticket__', ticket) }),
          // Each call from its own address: the sign-in limit answering 429 would hide the routes.
          remoteAddress: `10.40.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
        });
        seen.add(response.statusCode);
        expect(response.statusCode, `${method} ${url} ${payload ?? ''} → ${response.body}`).toBeLessThan(500);
        if (response.statusCode >= 400) expect(typeof response.json<{ message?: unknown }>().message, response.body).toBe('string');
        // A student is refused before anything is read; a path that is not even a URL (`%80`), or too long, earlier still.
        if (who === 'student' && !url.startsWith('/api/v1/auth/')) expect([400, 403, 414]).toContain(response.statusCode);
        if (who === 'staff' && url.startsWith('/api/v1/admin/')) expect([400, 403, 414]).toContain(response.statusCode);
      }),
      { numRuns: 250 },
    );
    // The routes were reached, not only refused at the door: some calls passed, some were checked and refused.
    expect([...seen]).toEqual(expect.arrayContaining([200, 403, 422]));
  });
});
