import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user as userSchema } from '../../contract/auth';
import { messages } from '../../contract/messages';
import { accessTokens, entries, users } from '../../server/db/schema';
import { backends, bearer, demoPassword, hostOf, json, signIn, startServer, type TestServer } from './harness';

describe.each(backends)('signing in and out on $name', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend);
  });
  afterAll(() => server.close());

  const login = (payload: object, host = hostOf('colinas'), remoteAddress = '127.0.0.1') =>
    server.app.inject({ method: 'POST', url: '/api/login-mobile', headers: { host }, payload, remoteAddress });

  it('signs in by email and answers the token and the user', async () => {
    const response = await login({ email: 'Admin@Colinas.test', password: demoPassword });
    expect(response.statusCode).toBe(200);
    const body = json<{ token: string; user: unknown }>(response);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const user = userSchema.parse(body.user);
    expect(user).toMatchObject({ email: 'admin@colinas.test', role: 'admin', rut: '12.345.678-5', status: 'active' });
  });

  it('stores only a sha256 digest of the token and an argon2id password hash', async () => {
    const token = await signIn(server.app, hostOf('colinas'), { email: 'staff@colinas.test' });
    const rows = await server.db.select().from(accessTokens);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
    const [staff] = await server.db.select().from(users).where(eq(users.email, 'staff@colinas.test'));
    expect(staff?.passwordHash.startsWith('$argon2id$')).toBe(true);
  });

  it('signs in by rut with dots and dash, and without them', async () => {
    for (const rut of ['12.345.678-5', '123456785', '12345678-5']) {
      const response = await login({ rut, password: demoPassword });
      expect(response.statusCode, rut).toBe(200);
      expect(json<{ user: { email: string } }>(response).user.email).toBe('admin@colinas.test');
    }
  });

  it('refuses a rut with a wrong check digit before checking anything else', async () => {
    const response = await login({ rut: '12.345.678-9', password: demoPassword });
    expect(response.statusCode).toBe(422);
    expect(json(response)).toEqual({ message: messages.rutInvalid, errors: { rut: [messages.rutInvalid] } });
  });

  it('asks for an email or a rut and a password', async () => {
    const noIdentifier = await login({ password: 'something' });
    expect(noIdentifier.statusCode).toBe(422);
    expect(json(noIdentifier)).toEqual({ message: messages.emailOrRut, errors: { email: [messages.emailOrRut] } });
    const noPassword = await login({ email: 'admin@colinas.test' });
    expect(noPassword.statusCode).toBe(422);
    expect(json(noPassword)).toEqual({ message: messages.required, errors: { password: [messages.required] } });
    const badEmail = await login({ email: 'not-an-email', password: 'something' });
    expect(json(badEmail)).toEqual({ message: messages.emailInvalid, errors: { email: [messages.emailInvalid] } });
  });

  it('answers wrong credentials with 422 on the field used', async () => {
    const byEmail = await login({ email: 'admin@colinas.test', password: 'wrong-password' }, hostOf('colinas'), '10.0.0.2');
    expect(byEmail.statusCode).toBe(422);
    expect(json(byEmail)).toEqual({ message: messages.credentials, errors: { email: [messages.credentials] } });
    const unknown = await login({ email: 'nobody@colinas.test', password: 'whatever1' }, hostOf('colinas'), '10.0.0.2');
    expect(json(unknown)).toEqual({ message: messages.credentials, errors: { email: [messages.credentials] } });
    const byRut = await login({ rut: '12345678-5', password: 'wrong-password' }, hostOf('colinas'), '10.0.0.2');
    expect(json(byRut)).toEqual({ message: messages.credentials, errors: { rut: [messages.credentials] } });
  });

  it('does not sign a user of one college in on another college', async () => {
    const response = await login({ email: 'admin@british.test', password: demoPassword });
    expect(response.statusCode).toBe(422);
  });

  it('answers 429 after 5 failed attempts for the same identifier and address, even with the right password', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 5; i++) {
      const response = await login({ email: 'guardian@colinas.test', password: 'not-the-password' }, hostOf('colinas'), ip);
      expect(response.statusCode).toBe(422);
    }
    const blocked = await login({ email: 'guardian@colinas.test', password: demoPassword }, hostOf('colinas'), ip);
    expect(blocked.statusCode).toBe(429);
    expect(json(blocked)).toEqual({ message: messages.throttled });
    // Another address is not blocked.
    const elsewhere = await login({ email: 'guardian@colinas.test', password: demoPassword }, hostOf('colinas'), '10.9.9.10');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('clears the failure count after a successful sign-in', async () => {
    const ip = '10.8.8.8';
    for (let i = 0; i < 4; i++) await login({ email: 'student@colinas.test', password: 'nope-nope' }, hostOf('colinas'), ip);
    expect((await login({ email: 'student@colinas.test', password: demoPassword }, hostOf('colinas'), ip)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      const response = await login({ email: 'student@colinas.test', password: 'nope-nope' }, hostOf('colinas'), ip);
      expect(response.statusCode).toBe(422);
    }
  });

  it('answers the current user for a valid token and 401 Unauthenticated. otherwise', async () => {
    const token = await signIn(server.app, hostOf('british'), { email: 'student@british.test' });
    const me = await server.app.inject({ method: 'GET', url: '/api/v1/user', headers: { host: hostOf('british'), ...bearer(token) } });
    expect(me.statusCode).toBe(200);
    const user = userSchema.parse(json(me));
    expect(user.email).toBe('student@british.test');
    expect(user.section_ids.length).toBe(1);

    for (const headers of [{}, bearer('not-a-real-token-but-long-enough'), { authorization: 'Basic abc' }]) {
      const response = await server.app.inject({ method: 'GET', url: '/api/v1/user', headers: { host: hostOf('british'), ...headers } });
      expect(response.statusCode).toBe(401);
      expect(json(response)).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it("refuses a college's token on another college's host", async () => {
    const token = await signIn(server.app, hostOf('british'), { email: 'admin@british.test' });
    for (const url of ['/api/v1/user', '/api/v1/session/college']) {
      const response = await server.app.inject({ method: 'GET', url, headers: { host: hostOf('alianza'), ...bearer(token) } });
      expect(response.statusCode).toBe(401);
      expect(json(response)).toEqual({ message: messages.unauthenticated });
    }
  });

  it('refuses the token of a user who has since been disabled', async () => {
    const token = await signIn(server.app, hostOf('alianza'), { email: 'guardian@alianza.test' });
    await server.db.update(users).set({ status: 'disabled' }).where(eq(users.email, 'guardian@alianza.test'));
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/user', headers: { host: hostOf('alianza'), ...bearer(token) } });
    expect(response.statusCode).toBe(401);
    const again = await server.app.inject({
      method: 'POST',
      url: '/api/login-mobile',
      headers: { host: hostOf('alianza') },
      payload: { email: 'guardian@alianza.test', password: demoPassword },
    });
    expect(json(again)).toEqual({ message: messages.accountDisabled, errors: { email: [messages.accountDisabled] } });
  });

  it('revokes only the token used to sign out', async () => {
    const host = hostOf('alianza');
    const first = await signIn(server.app, host, { email: 'staff@alianza.test' });
    const second = await signIn(server.app, host, { email: 'staff@alianza.test' });
    const out = await server.app.inject({ method: 'POST', url: '/api/logout-mobile', headers: { host, ...bearer(first) } });
    expect(out.statusCode).toBe(200);
    expect(json(out)).toEqual({ message: messages.signedOut });
    const gone = await server.app.inject({ method: 'GET', url: '/api/v1/user', headers: { host, ...bearer(first) } });
    expect(gone.statusCode).toBe(401);
    const kept = await server.app.inject({ method: 'GET', url: '/api/v1/user', headers: { host, ...bearer(second) } });
    expect(kept.statusCode).toBe(200);
    const noToken = await server.app.inject({ method: 'POST', url: '/api/logout-mobile', headers: { host } });
    expect(noToken.statusCode).toBe(401);
  });

  it('records a sign-in entry with its hour', async () => {
    await signIn(server.app, hostOf('alianza'), { email: 'admin@alianza.test' });
    const [admin] = await server.db.select().from(users).where(eq(users.email, 'admin@alianza.test'));
    const rows = await server.db
      .select()
      .from(entries)
      .where(and(eq(entries.userId, admin!.id), eq(entries.kind, 'sign_in')));
    expect(rows.length).toBe(1);
    expect(rows[0]!.hour).toBeGreaterThanOrEqual(0);
    expect(rows[0]!.hour).toBeLessThan(24);
  });
});
