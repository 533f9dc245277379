import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../contract/messages';
import type { SecondStepRequired, TotpBeginResponse } from '../../contract/secondFactor';
import { auditRecords } from '../../server/auditRecord/schema';
import { users } from '../../server/db/schema';
import { regenerateRecoveryCodes } from '../../server/secondFactor/recoveryCodes';
import { recoveryCodes, secondFactors } from '../../server/secondFactor/schema';
import { totpCode, totpPeriodSeconds, totpStep } from '../../server/secondFactor/totp';
import { backends, bearer, demoPassword, hostOf, signIn, startServer, type TestServer } from './harness';
import { startOidcProvider, type TestProvider } from './oidcProvider';
import { SoftAuthenticator, type CeremonyOptionsLike } from './softAuthenticator';

const colinas = hostOf('colinas');
const british = hostOf('british');
const alianza = hostOf('alianza');
const origin = 'http://localhost';

describe.each(backends)('a second factor for administrators and staff ($name)', (backend) => {
  let server: TestServer;
  // Each test's requests from their own address, so one test's counted tries never decide another's.
  let address = 0;
  const newAddress = () => `10.30.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: { host?: string; token?: string; payload?: object; ip?: string } = {}) =>
    server.app.inject({
      method,
      url,
      headers: { host: options.host ?? colinas, ...(options.token ? bearer(options.token) : {}) },
      ...(options.payload ? { payload: options.payload } : {}),
      remoteAddress: options.ip ?? '10.99.0.1',
    });
  const login = (email: string, host = colinas, ip?: string) =>
    call('POST', '/api/login-mobile', { host, payload: { email, password: demoPassword }, ...(ip ? { ip } : {}) });
  const ticketOf = async (email: string, host = colinas, ip?: string): Promise<SecondStepRequired> => {
    const response = await login(email, host, ip);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<SecondStepRequired>();
    expect(body.second_factor_required).toBe(true);
    return body;
  };
  const memberId = async (email: string) => (await server.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  const kindsOf = async (userId: string) =>
    (await server.db.select({ kind: auditRecords.kind }).from(auditRecords).where(eq(auditRecords.subjectMemberId, userId))).map((r) => r.kind);

  /** Adds an authenticator app on the profile and answers its secret and the recovery codes. */
  async function enrolTotp(token: string, host = colinas): Promise<{ secret: string; codes: string[] | null }> {
    const begun = await call('POST', '/api/v1/profile/second-factors/totp', { host, token, payload: { label: 'Phone' } });
    expect(begun.statusCode, begun.body).toBe(201);
    const { id, secret } = begun.json<TotpBeginResponse>();
    const confirmed = await call('POST', `/api/v1/profile/second-factors/totp/${id}/confirm`, {
      host,
      token,
      payload: { code: totpCode(secret, totpStep(Date.now())) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { secret, codes: confirmed.json<{ recovery_codes: string[] | null }>().recovery_codes };
  }

  /** Adds a passkey on the profile with a software authenticator. */
  async function enrolPasskey(token: string, host = colinas): Promise<{ key: SoftAuthenticator; response: LightMyRequestResponse }> {
    const key = new SoftAuthenticator();
    const options = await call('POST', '/api/v1/profile/second-factors/webauthn/options', { host, token });
    expect(options.statusCode, options.body).toBe(200);
    const siteOrigin = `http://${host}`;
    const response = await call('POST', '/api/v1/profile/second-factors/webauthn', {
      host,
      token,
      payload: { label: 'Laptop', credential: key.register(options.json<CeremonyOptionsLike>(), siteOrigin) },
    });
    return { key, response };
  }

  const passkeyStep = async (ticket: string, key: SoftAuthenticator, ip?: string) => {
    const options = await call('POST', '/api/v1/auth/second-factor/webauthn/options', { payload: { ticket }, ...(ip ? { ip } : {}) });
    expect(options.statusCode, options.body).toBe(200);
    const credential = key.assert(options.json<CeremonyOptionsLike>(), origin);
    return { credential, response: await call('POST', '/api/v1/auth/second-factor/webauthn', { payload: { ticket, credential }, ...(ip ? { ip } : {}) }) };
  };

  beforeAll(async () => {
    server = await startServer(backend);
  });
  afterAll(() => server.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('signs a member without a factor in as before: a session at once', async () => {
    const response = await login('staff@colinas.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty('token');
    expect(response.json()).not.toHaveProperty('second_factor_required');
  });

  it('adds an authenticator app: its secret sealed, a wrong first code refused, the right one gives ten recovery codes once', async () => {
    const token = await signIn(server.app, colinas, { email: 'admin@colinas.test' });
    const begun = await call('POST', '/api/v1/profile/second-factors/totp', { token, payload: { label: 'Phone' } });
    expect(begun.statusCode).toBe(201);
    const { id, secret, uri } = begun.json<TotpBeginResponse>();
    expect(uri.startsWith('otpauth://totp/')).toBe(true);
    expect(uri).toContain(`secret=${secret}`);
    const [stored] = await server.db.select().from(secondFactors).where(eq(secondFactors.id, id));
    expect(stored!.totpSecretEncrypted!.startsWith('v1:')).toBe(true);
    expect(stored!.totpSecretEncrypted).not.toContain(secret);

    // Not confirmed yet: it does not count, the sign-in still gives a session.
    expect((await login('admin@colinas.test')).json()).toHaveProperty('token');
    const step = totpStep(Date.now());
    const wrong = await call('POST', `/api/v1/profile/second-factors/totp/${id}/confirm`, { token, payload: { code: totpCode(secret, step + 5) } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ errors: { code: [messages.secondFactorWrong] } });
    const right = await call('POST', `/api/v1/profile/second-factors/totp/${id}/confirm`, { token, payload: { code: totpCode(secret, step) } });
    expect(right.statusCode, right.body).toBe(200);
    const codes = right.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(new Set(codes).size).toBe(10);

    const list = await call('GET', '/api/v1/profile/second-factors', { token });
    expect(list.json()).toMatchObject({ factors: [{ id, kind: 'totp', label: 'Phone' }], recovery_codes_left: 10, required: false });
    const ticket = await ticketOf('admin@colinas.test');
    expect(ticket).toMatchObject({ methods: ['totp', 'recovery'], enrolment_required: false });
    expect(ticket).not.toHaveProperty('token');
    expect(await kindsOf(await memberId('admin@colinas.test'))).toContain('secondFactor.added');
  });

  it('accepts an app’s code of the previous and next 30 s windows, refuses two away and a code reused (fake clock)', async () => {
    const token = await signIn(server.app, colinas, { email: 'staff@colinas.test' });
    const { secret } = await enrolTotp(token);
    // The clock is ours from here: a day ahead, in the middle of a step.
    const start = (totpStep(Date.now()) + 2880) * totpPeriodSeconds * 1000 + 15_000;
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const step = totpStep(start);
    const totp = (ticket: string, code: string) => call('POST', '/api/v1/auth/second-factor/totp', { payload: { ticket, code } });

    const first = (await ticketOf('staff@colinas.test')).ticket;
    for (const offset of [-2, 2]) expect((await totp(first, totpCode(secret, step + offset))).statusCode).toBe(422);
    expect((await totp(first, totpCode(secret, step - 1))).statusCode).toBe(200);
    // The ticket is gone with its use.
    expect((await totp(first, totpCode(secret, step))).json()).toMatchObject({ errors: { ticket: [messages.secondFactorExpired] } });

    const second = (await ticketOf('staff@colinas.test')).ticket;
    const reused = await totp(second, totpCode(secret, step - 1));
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ errors: { code: [messages.secondFactorWrong] } });
    expect((await totp(second, totpCode(secret, step + 1))).statusCode).toBe(200);
    // After the next window's code, the current one is older than the last accepted.
    const third = (await ticketOf('staff@colinas.test')).ticket;
    expect((await totp(third, totpCode(secret, step))).statusCode).toBe(422);

    // Thirty seconds on, the code of what was the next step is the current one: still used.
    vi.setSystemTime(start + totpPeriodSeconds * 1000);
    expect((await totp(third, totpCode(secret, step + 1))).statusCode).toBe(422);
    expect((await totp(third, totpCode(secret, step + 2))).json()).toHaveProperty('token');
  });

  it('adds a passkey bound to the host and signs in with it; a wrong passkey, a replayed answer and a wrong origin are refused', async () => {
    // admin@colinas has an app already (above): the session comes through the second step.
    const session = await sessionOf('admin@colinas.test');
    const badOrigin = new SoftAuthenticator();
    const options = await call('POST', '/api/v1/profile/second-factors/webauthn/options', { token: session });
    expect(options.json<{ rp: { id: string } }>().rp.id).toBe('localhost');
    const foreign = await call('POST', '/api/v1/profile/second-factors/webauthn', {
      token: session,
      payload: { credential: badOrigin.register(options.json<CeremonyOptionsLike>(), 'http://evil.test', 'localhost') },
    });
    expect(foreign.statusCode).toBe(422);

    const { key, response } = await enrolPasskey(session);
    expect(response.statusCode, response.body).toBe(200);
    // Not the first factor: no new recovery codes.
    expect(response.json()).toMatchObject({ factor: { kind: 'webauthn', label: 'Laptop' }, recovery_codes: null });

    const { ticket, methods } = await ticketOf('admin@colinas.test');
    expect(methods).toEqual(['webauthn', 'totp', 'recovery']);
    const stranger = await passkeyStep(ticket, new SoftAuthenticator());
    expect(stranger.response.statusCode).toBe(422);
    expect(stranger.response.json()).toMatchObject({ errors: { credential: [messages.secondFactorPasskeyUnknown] } });
    const good = await passkeyStep(ticket, key);
    expect(good.response.statusCode, good.response.body).toBe(200);
    expect(good.response.json()).toHaveProperty('token');
    const [stored] = await server.db.select().from(secondFactors).where(eq(secondFactors.credentialId, key.id));
    expect(stored!.counter).toBe(1);
    expect(stored!.lastUsedAt).not.toBeNull();

    // The same answer again, with a new ticket: its challenge was taken.
    const again = await ticketOf('admin@colinas.test');
    await call('POST', '/api/v1/auth/second-factor/webauthn/options', { payload: { ticket: again.ticket } });
    const replay = await call('POST', '/api/v1/auth/second-factor/webauthn', { payload: { ticket: again.ticket, credential: good.credential } });
    expect(replay.statusCode).toBe(422);
    expect((await passkeyStep(again.ticket, key)).response.statusCode).toBe(200);
  });

  it('takes a recovery code once: a burst of the same code with two tickets gives one session', async () => {
    const session = await signIn(server.app, british, { email: 'admin@british.test' });
    const { codes } = await enrolTotp(session, british);
    const code = codes![3]!;
    const a = await ticketOf('admin@british.test', british);
    const b = await ticketOf('admin@british.test', british);
    const burst = await Promise.all(
      [a, b, a, b].map(({ ticket }) => call('POST', '/api/v1/auth/second-factor/recovery', { host: british, payload: { ticket, code } })),
    );
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(burst.every((r) => r.statusCode === 200 || r.statusCode === 422)).toBe(true);
    const c = await ticketOf('admin@british.test', british);
    const reused = await call('POST', '/api/v1/auth/second-factor/recovery', { host: british, payload: { ticket: c.ticket, code } });
    expect(reused.json()).toMatchObject({ errors: { code: [messages.secondFactorWrong] } });
    // Typed in lower case with a space: another code works, and it is in the audit trail.
    const other = codes![4]!.toLowerCase().replace('-', ' ');
    expect((await call('POST', '/api/v1/auth/second-factor/recovery', { host: british, payload: { ticket: c.ticket, code: other } })).statusCode).toBe(200);
    const left = await call('GET', '/api/v1/profile/second-factors', { host: british, token: session });
    expect(left.json()).toMatchObject({ recovery_codes_left: 8 });
    expect((await kindsOf(await memberId('admin@british.test'))).filter((k) => k === 'secondFactor.recoveryCodeUsed')).toHaveLength(2);
  });

  it('counts wrong codes against the sign-in limit: a burst of wrong codes checks no more than five', async () => {
    const ip = newAddress();
    const { ticket } = await ticketOf('staff@colinas.test', colinas, ip);
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call('POST', '/api/v1/auth/second-factor/totp', { ip, payload: { ticket, code: String(100000 + i) } })),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    // The limit holds for a right code too, and for a recovery code: the ticket waits.
    const recovery = await call('POST', '/api/v1/auth/second-factor/recovery', { ip, payload: { ticket, code: 'AAAAA-BBBBB' } });
    expect(recovery.statusCode).toBe(429);
    expect(recovery.json()).toMatchObject({ message: messages.throttled });
  });

  it('lets a member the college requires a factor of enrol within the ticket, and refuses removing their last one', async () => {
    const admin = await signIn(server.app, alianza, { email: 'admin@alianza.test' });
    const put = (body: object, token = admin) => call('PUT', '/api/v1/admin/security', { host: alianza, token, payload: body });
    expect((await put({ require_for_admins: true, require_for_staff: false })).json()).toMatchObject({ require_for_admins: true, require_for_staff: false });
    expect((await call('GET', '/api/v1/admin/security', { host: alianza, token: admin })).json()).toMatchObject({ require_for_admins: true });

    const enrol = await ticketOf('admin@alianza.test', alianza);
    expect(enrol).toMatchObject({ methods: [], enrolment_required: true });
    // No factor to verify with: a code is wrong.
    expect((await call('POST', '/api/v1/auth/second-factor/totp', { host: alianza, payload: { ticket: enrol.ticket, code: '123456' } })).statusCode).toBe(422);
    const begun = await call('POST', '/api/v1/auth/second-factor/enrol/totp', { host: alianza, payload: { ticket: enrol.ticket } });
    expect(begun.statusCode, begun.body).toBe(201);
    const { id, secret } = begun.json<TotpBeginResponse>();
    const done = await call('POST', '/api/v1/auth/second-factor/enrol/totp/confirm', {
      host: alianza,
      payload: { ticket: enrol.ticket, id, code: totpCode(secret, totpStep(Date.now())) },
    });
    expect(done.statusCode, done.body).toBe(200);
    const { token, recovery_codes } = done.json<{ token: string; recovery_codes: string[] }>();
    expect(recovery_codes).toHaveLength(10);

    // Now they have one: the next sign-in asks for it, and no one enrols another with a password alone.
    const next = await ticketOf('admin@alianza.test', alianza);
    expect(next).toMatchObject({ methods: ['totp', 'recovery'], enrolment_required: false });
    const sneaky = await call('POST', '/api/v1/auth/second-factor/enrol/totp', { host: alianza, payload: { ticket: next.ticket } });
    expect(sneaky.statusCode).toBe(409);
    expect(sneaky.json()).toMatchObject({ message: messages.secondFactorAlreadyEnrolled });

    const list = await call('GET', '/api/v1/profile/second-factors', { host: alianza, token });
    expect(list.json()).toMatchObject({ required: true });
    const removal = await call('DELETE', `/api/v1/profile/second-factors/${id}`, { host: alianza, token });
    expect(removal.statusCode).toBe(409);
    expect(removal.json()).toMatchObject({ message: messages.secondFactorLastRequired });

    // Staff are not required until the college says so; then a passkey is enrolled within the ticket.
    expect((await login('staff@alianza.test', alianza)).json()).toHaveProperty('token');
    await put({ require_for_admins: true, require_for_staff: true }, token);
    const staff = await ticketOf('staff@alianza.test', alianza);
    expect(staff.enrolment_required).toBe(true);
    const key = new SoftAuthenticator();
    const options = await call('POST', '/api/v1/auth/second-factor/enrol/webauthn/options', { host: alianza, payload: { ticket: staff.ticket } });
    expect(options.statusCode, options.body).toBe(200);
    const registered = await call('POST', '/api/v1/auth/second-factor/enrol/webauthn', {
      host: alianza,
      payload: { ticket: staff.ticket, label: 'Key', credential: key.register(options.json<CeremonyOptionsLike>(), 'http://alianza.localhost') },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json<{ recovery_codes: string[] }>().recovery_codes).toHaveLength(10);
    // Students and guardians are never asked.
    expect((await login('student@alianza.test', alianza)).json()).toHaveProperty('token');
    expect((await login('guardian@alianza.test', alianza)).json()).toHaveProperty('token');
    const audit = await server.db.select({ kind: auditRecords.kind }).from(auditRecords).where(eq(auditRecords.kind, 'security.settingsChanged'));
    expect(audit).toHaveLength(2);
  });

  it('removes a factor, and with the last one its recovery codes; regenerating gives ten new codes once', async () => {
    const token = await signIn(server.app, colinas, { email: 'francisca.soto@colinas.test' });
    const [member] = await server.db
      .select()
      .from(users)
      .where(and(eq(users.role, 'staff'), eq(users.email, 'francisca.soto@colinas.test')));
    const { codes } = await enrolTotp(token);
    const regenerated = await call('POST', '/api/v1/profile/second-factors/recovery-codes', { token });
    const fresh = regenerated.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(codes![0]);
    const [factor] = await server.db.select().from(secondFactors).where(eq(secondFactors.userId, member!.id));
    expect((await call('DELETE', `/api/v1/profile/second-factors/${factor!.id}`, { token })).statusCode).toBe(204);
    expect(await server.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member!.id))).toHaveLength(0);
    expect((await login('francisca.soto@colinas.test')).json()).toHaveProperty('token');
    expect((await call('POST', '/api/v1/profile/second-factors/recovery-codes', { token })).statusCode).toBe(409);
    expect(await kindsOf(member!.id)).toEqual(expect.arrayContaining(['secondFactor.added', 'secondFactor.removed', 'secondFactor.recoveryCodesRegenerated']));
  });

  it('refuses students and guardians enrolment, and staff the college’s setting (403)', async () => {
    for (const email of ['student@colinas.test', 'guardian@colinas.test']) {
      const token = await signIn(server.app, colinas, { email });
      for (const [method, url] of [
        ['GET', '/api/v1/profile/second-factors'],
        ['POST', '/api/v1/profile/second-factors/totp'],
        ['POST', '/api/v1/profile/second-factors/webauthn/options'],
        ['POST', '/api/v1/profile/second-factors/recovery-codes'],
      ] as const) {
        expect((await call(method, url, { token, payload: {} })).statusCode, `${email} ${url}`).toBe(403);
      }
    }
    const staff = await signIn(server.app, colinas, { email: 'rodrigo.rojas@colinas.test' });
    expect((await call('GET', '/api/v1/admin/security', { token: staff })).statusCode).toBe(403);
    expect((await call('PUT', '/api/v1/admin/security', { token: staff, payload: { require_for_admins: false, require_for_staff: false } })).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/api/v1/profile/second-factors')).statusCode).toBe(401);
  });

  it('answers 404 for another member’s or another college’s factor, and refuses a ticket at another college', async () => {
    const [colinasFactor] = await server.db
      .select()
      .from(secondFactors)
      .where(eq(secondFactors.userId, await memberId('staff@colinas.test')));
    const elsewhereStaff = await signIn(server.app, british, { email: 'matias.silva@british.test' });
    const colleague = await signIn(server.app, colinas, { email: 'rodrigo.rojas@colinas.test' });
    for (const [host, token] of [
      [british, elsewhereStaff],
      [colinas, colleague],
    ] as const) {
      expect((await call('DELETE', `/api/v1/profile/second-factors/${colinasFactor!.id}`, { host, token })).statusCode).toBe(404);
      const confirm = await call('POST', `/api/v1/profile/second-factors/totp/${colinasFactor!.id}/confirm`, { host, token, payload: { code: '123456' } });
      expect(confirm.statusCode).toBe(404);
    }
    expect((await call('DELETE', '/api/v1/profile/second-factors/not-a-uuid', { host: british, token: elsewhereStaff })).statusCode).toBe(404);
    expect(await server.db.select().from(secondFactors).where(eq(secondFactors.id, colinasFactor!.id))).toHaveLength(1);
    const { ticket } = await ticketOf('staff@colinas.test');
    const elsewhere = await call('POST', '/api/v1/auth/second-factor/recovery', { host: british, payload: { ticket, code: 'AAAAA-BBBBB' } });
    expect(elsewhere.json()).toMatchObject({ errors: { ticket: [messages.secondFactorExpired] } });
  });

  it('lets an administrator remove a member’s factors (the way back for a lost phone), not staff, not across colleges', async () => {
    const staffId = await memberId('staff@colinas.test');
    const admin = await sessionOf('admin@colinas.test');
    const path = `/api/v1/admin/members/${staffId}/second-factors`;
    expect((await call('GET', path, { token: admin })).json()).toMatchObject({ apps: 1, passkeys: 0 });
    const colleague = await signIn(server.app, colinas, { email: 'rodrigo.rojas@colinas.test' });
    expect((await call('DELETE', path, { token: colleague })).statusCode).toBe(403);
    const otherAdmin = await sessionOf('admin@british.test', british);
    expect((await call('DELETE', path, { host: british, token: otherAdmin })).statusCode).toBe(404);
    expect((await call('GET', path, { host: british, token: otherAdmin })).statusCode).toBe(404);
    expect((await call('DELETE', path, { token: admin })).statusCode).toBe(204);
    expect((await call('GET', path, { token: admin })).json()).toEqual({ apps: 0, passkeys: 0 });
    expect(await server.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, staffId))).toHaveLength(0);
    // Back to the password alone (the college does not require a factor of staff).
    expect((await login('staff@colinas.test')).json()).toHaveProperty('token');
    const records = await server.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.subjectMemberId, staffId), eq(auditRecords.kind, 'secondFactor.removed')));
    expect(records.map((r) => r.actorId)).toContain(await memberId('admin@colinas.test'));
  });

  describe('single sign-on', () => {
    let provider: TestProvider;
    beforeAll(async () => {
      provider = await startOidcProvider('http://localhost/api/v1/sso/callback');
    });
    afterAll(async () => {
      await provider?.stop().catch(() => {});
    });

    it('is the provider’s own factor: an administrator with a second factor is not asked for it', async () => {
      // admin@colinas has an app and a passkey (above): their password sign-in asks for one.
      expect((await ticketOf('admin@colinas.test')).methods).toContain('webauthn');
      const adminToken = await sessionOf('admin@colinas.test');
      const saved = await call('PUT', '/api/v1/admin/integrations/sso', {
        token: adminToken,
        payload: {
          display_name: 'Test provider',
          issuer: provider.issuer,
          client_id: provider.clientId,
          client_secret: provider.clientSecret,
          allowed_domains: [],
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      provider.account = { email: 'admin@colinas.test', email_verified: true };
      const start = await call('GET', '/api/v1/sso/start?return_to=/app', { ip: newAddress() });
      const back = await provider.authorize(String(start.headers.location));
      const callback = await call('GET', `${back.pathname}${back.search}`, { ip: newAddress() });
      const exchange = /#exchange=([A-Za-z0-9_-]+)$/.exec(String(callback.headers.location))![1]!;
      const signedIn = await call('POST', '/api/v1/sso/exchange', { payload: { exchange }, ip: newAddress() });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json()).toHaveProperty('token');
      expect(signedIn.json()).not.toHaveProperty('second_factor_required');
    });
  });

  /** A session of a member who has factors: the password and a recovery code regenerated for the test. */
  async function sessionOf(email: string, host = colinas): Promise<string> {
    const userId = await memberId(email);
    const [member] = await server.db.select().from(users).where(eq(users.id, userId));
    const [code] = await regenerateRecoveryCodes(server.db, member!.collegeId, userId);
    const { ticket } = await ticketOf(email, host);
    const response = await call('POST', '/api/v1/auth/second-factor/recovery', { host, payload: { ticket, code: code! } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ token: string }>().token;
  }
});
