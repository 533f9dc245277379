import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../contract/messages';
import { buildApp } from '../../server/app';
import { defaultSignInLimits, loginTryKey, maxFailedLogins } from '../../server/auth/loginThrottle';
import { defaultConfig } from '../../server/config';
import { users } from '../../server/db/schema';
import { smtpTestLimit } from '../../server/integrations/smtpRoutes';
import { invitationLinkLimit } from '../../server/invitations/invitationRoutes';
import { ssoFlowLimit } from '../../server/sso/flowRoutes';
import { maxWrongPins, pinTryKey, pinWindowMs } from '../../server/members/memberAccess';
import { backends, bearer, demoPassword, hostOf, json, signIn, startServer, type TestServer } from './harness';

describe.each(backends)('limits under a burst of simultaneous requests on $name', (backend) => {
  let server: TestServer;
  /** A second server on the same database, as a second API process would be: they share only the database. */
  let other: FastifyInstance;
  const logLines: string[] = [];
  const host = hostOf('colinas');
  const tokens = { admin: '', staff: '', student: '', britishAdmin: '' };
  beforeAll(async () => {
    const logStream = { write: (line: string) => void logLines.push(line) };
    server = await startServer(backend, { logger: true }, { logStream });
    other = await buildApp({ db: server.db, config: defaultConfig({ dataDir: server.dataDir, logger: true }), logStream });
    await other.ready();
    for (const role of ['admin', 'staff', 'student'] as const) tokens[role] = await signIn(server.app, host, { email: `${role}@colinas.test` });
    tokens.britishAdmin = await signIn(server.app, hostOf('british'), { email: 'admin@british.test' });
  });
  afterAll(async () => {
    await other.close();
    await server.close();
  });
  /** Half of a burst goes to each server. */
  const appFor = (index: number) => (index % 2 === 0 ? server.app : other);

  /**
   * Sends `count` requests at once. The server's log proves they interleaved: every one of
   * them was received before the first was answered.
   */
  async function burst(count: number, send: (index: number) => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse[]> {
    const from = logLines.length;
    const answers = await Promise.all(Array.from({ length: count }, (_, index) => send(index)));
    const events = logLines.slice(from).map((line) => (JSON.parse(line) as { msg: string }).msg);
    const firstAnswer = events.indexOf('request completed');
    expect(events.slice(0, firstAnswer).filter((msg) => msg === 'incoming request')).toHaveLength(count);
    return answers;
  }
  const tally = (answers: LightMyRequestResponse[], checked: (answer: LightMyRequestResponse) => boolean) => ({
    checked: answers.filter(checked).length,
    refused: answers.filter((answer) => answer.statusCode === 429).length,
  });
  const memberId = async (email: string) => (await server.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

  it('checks at most 5 PINs of a member out of 12 sent at once to two servers, and refuses the right one after them', async () => {
    const id = await memberId('valentina.navarro@colinas.test');
    const url = `/api/v1/members/${id}/verify-pin`;
    const set = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/members/${id}/pin`,
      headers: { host, ...bearer(tokens.admin) },
      payload: { pin: '482916' },
    });
    expect(set.statusCode).toBe(200);
    const verify = (pin: string, index = 0) => appFor(index).inject({ method: 'POST', url, headers: { host, ...bearer(tokens.staff) }, payload: { pin } });

    const answers = await burst(12, (index) => verify('000000', index));
    const wrong = (answer: LightMyRequestResponse) => answer.statusCode === 200 && json(answer).valid === false;
    expect(tally(answers, wrong)).toEqual({ checked: maxWrongPins, refused: 12 - maxWrongPins });
    for (const answer of answers.filter((a) => a.statusCode === 429)) expect(json(answer)).toEqual({ message: messages.tooManyRequests });
    expect((await verify('482916')).statusCode).toBe(429);
    // Once the window has passed, the right PIN is checked again (and clears the count).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + pinWindowMs + 1000 });
    try {
      expect(json(await verify('482916'))).toEqual({ valid: true });
    } finally {
      vi.useRealTimers();
    }
    expect(json(await verify('482916'))).toEqual({ valid: true });
  });

  it('checks at most 5 passwords of an account from one address out of 30 sent at once to two servers, by email or by rut', async () => {
    const login = (payload: object, remoteAddress: string, index = 0) =>
      appFor(index).inject({ method: 'POST', url: '/api/login-mobile', headers: { host }, payload, remoteAddress });
    for (const [account, address] of [
      [{ email: 'guardian@colinas.test' }, '10.1.2.3'],
      [{ rut: '12.345.678-5' }, '10.1.2.4'],
    ] as const) {
      const answers = await burst(30, (index) => login({ ...account, password: 'not-the-password' }, address, index));
      expect(tally(answers, (answer) => answer.statusCode === 422)).toEqual({ checked: maxFailedLogins, refused: 30 - maxFailedLogins });
      for (const answer of answers.filter((a) => a.statusCode === 429)) expect(json(answer)).toEqual({ message: messages.throttled });
      expect((await login({ ...account, password: demoPassword }, address)).statusCode).toBe(429);
    }
  });

  it('checks at most 20 passwords of an account from any address out of 30 sent at once from 30 addresses to two servers', async () => {
    const login = (password: string, remoteAddress: string, index = 0) =>
      appFor(index).inject({
        method: 'POST',
        url: '/api/login-mobile',
        headers: { host },
        payload: { email: 'valentina.navarro@colinas.test', password },
        remoteAddress,
      });
    const answers = await burst(30, (index) => login('not-the-password', `10.20.0.${index}`, index));
    expect(tally(answers, (answer) => answer.statusCode === 422)).toEqual({
      checked: defaultSignInLimits.perAccount,
      refused: 30 - defaultSignInLimits.perAccount,
    });
    for (const answer of answers.filter((a) => a.statusCode === 429)) expect(json(answer)).toEqual({ message: messages.throttled });
    expect((await login(demoPassword, '10.20.1.1')).statusCode).toBe(429);
    // Another account, from the same address, is not held back by it.
    const staff = await server.app.inject({
      method: 'POST',
      url: '/api/login-mobile',
      headers: { host },
      payload: { email: 'staff@colinas.test', password: demoPassword },
      remoteAddress: '10.20.1.1',
    });
    expect(staff.statusCode).toBe(200);
  });

  it("checks at most the address's limit of passwords at any account out of a burst from one address, and holds back only that address", async () => {
    // A process whose address limit is 8, so that a burst of 12 crosses it (the default is 200).
    const narrow = await buildApp({
      db: server.db,
      config: defaultConfig({ dataDir: server.dataDir, logger: true, signInLimits: { perAccount: 20, perAddress: 8 } }),
      logStream: { write: (line: string) => void logLines.push(line) },
    });
    await narrow.ready();
    try {
      const login = (email: string, password: string, remoteAddress: string) =>
        narrow.inject({ method: 'POST', url: '/api/login-mobile', headers: { host }, payload: { email, password }, remoteAddress });
      const answers = await burst(12, (index) => login(`nobody.${index}@colinas.test`, 'not-the-password', '10.30.0.1'));
      expect(tally(answers, (answer) => answer.statusCode === 422)).toEqual({ checked: 8, refused: 4 });
      expect((await login('staff@colinas.test', demoPassword, '10.30.0.1')).statusCode).toBe(429);
      expect((await login('staff@colinas.test', demoPassword, '10.30.0.2')).statusCode).toBe(200);
    } finally {
      await narrow.close();
    }
  });

  it('checks at most 5 current passwords of a member out of 12 sent at once to two servers, from any address', async () => {
    const change = (current: string, index = 0) =>
      appFor(index).inject({
        method: 'PUT',
        url: '/api/v1/users/update/password',
        headers: { host, ...bearer(tokens.student) },
        payload: { current_password: current, password: 'a-new-password-1', password_confirmation: 'a-new-password-1' },
        remoteAddress: `10.4.0.${index}`,
      });
    const answers = await burst(12, (index) => change('not-the-password', index));
    expect(tally(answers, (answer) => answer.statusCode === 422)).toEqual({ checked: maxFailedLogins, refused: 12 - maxFailedLogins });
    for (const answer of answers.filter((a) => a.statusCode === 429)) expect(json(answer)).toEqual({ message: messages.tooManyRequests });
    expect((await change(demoPassword)).statusCode).toBe(429);
  });

  it('counts SMTP tests per administrator after authentication: anonymous tries spend no one’s budget', async () => {
    const test = (token: string | null, on = host) =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/admin/integrations/smtp/test',
        headers: { host: on, ...(token ? bearer(token) : {}) },
        payload: { to: 'someone@example.test' },
        remoteAddress: '10.7.7.7',
      });
    const anonymous = await burst(smtpTestLimit + 5, () => test(null));
    expect(anonymous.map((answer) => answer.statusCode)).toEqual(Array.from({ length: smtpTestLimit + 5 }, () => 401));
    // The college has no SMTP settings: each counted test answers 409 without opening a connection.
    const admin = await burst(smtpTestLimit + 5, () => test(tokens.admin));
    expect(tally(admin, (answer) => answer.statusCode === 409)).toEqual({ checked: smtpTestLimit, refused: 5 });
    expect((await test(tokens.britishAdmin, hostOf('british'))).statusCode).toBe(409);
  });

  it("holds an address to the invitation link's and the single sign-on's limits, and another address keeps its own", async () => {
    const limited = [
      { url: '/api/v1/invitations/lookup', payload: { token: 'not-a-live-invitation' }, limit: invitationLinkLimit.max, status: 422 },
      { url: '/api/v1/sso/exchange', payload: { exchange: 'not-a-live-exchange' }, limit: ssoFlowLimit.max, status: 422 },
    ];
    for (const { url, payload, limit, status } of limited) {
      const send = (remoteAddress: string) => server.app.inject({ method: 'POST', url, headers: { host }, payload, remoteAddress });
      const answers = await burst(limit + 5, () => send('10.9.9.9'));
      expect(
        tally(answers, (answer) => answer.statusCode === status),
        url,
      ).toEqual({ checked: limit, refused: 5 });
      for (const answer of answers.filter((a) => a.statusCode === 429)) expect(json(answer)).toEqual({ message: messages.tooManyRequests });
      expect((await send('10.9.9.10')).statusCode, url).toBe(status);
    }
  });

  it('asks who is asking before reading the SMTP forms: anonymous 401 and a student 403, whatever the body', async () => {
    const smtpUrl = '/api/v1/admin/integrations/smtp';
    for (const [method, url] of [
      ['PUT', smtpUrl],
      ['POST', `${smtpUrl}/test`],
    ] as const) {
      for (const payload of [{}, { port: 'x', to: 12 }]) {
        const anonymous = await server.app.inject({ method, url, headers: { host }, payload });
        expect([anonymous.statusCode, json(anonymous)], `${method} ${url}`).toEqual([401, { message: messages.unauthenticated }]);
        const student = await server.app.inject({ method, url, headers: { host, ...bearer(tokens.student) }, payload });
        expect([student.statusCode, json(student)], `${method} ${url}`).toEqual([403, { message: messages.forbidden }]);
      }
    }
  });
});

// Only PostgreSQL can hold the tries at the lock while the test watches them queue (PGlite
// has one connection, which the holder's transaction would keep from every request).
describe.each(backends.filter((backend) => backend.name === 'postgres'))('the right answer sent last of a burst on $name', (backend) => {
  let server: TestServer;
  let holder: pg.Client;
  const host = hostOf('colinas');
  beforeAll(async () => {
    server = await startServer(backend);
    holder = new pg.Client({ connectionString: (server.db as unknown as { $client: pg.Pool }).$client.options.connectionString });
    await holder.connect();
  });
  afterAll(async () => {
    await holder.end();
    await server.close();
  });

  const waiting = async () =>
    Number(
      (
        await holder.query<{ n: string }>(
          "select count(*) as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())",
        )
      ).rows[0]!.n,
    );

  /**
   * Holds the lock of `key` and sends each request once the previous one waits behind it, so
   * they queue in the order sent; proves all of them waited at once, then lets them go.
   */
  async function inTurn(key: string, requests: (() => Promise<LightMyRequestResponse>)[]): Promise<LightMyRequestResponse[]> {
    await holder.query('begin');
    await holder.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
    const sent: Promise<LightMyRequestResponse>[] = [];
    try {
      for (const send of requests) {
        let answered = false;
        sent.push(send().finally(() => (answered = true)));
        await expect.poll(async () => answered || (await waiting()) === sent.length).toBe(true);
      }
      expect(await waiting()).toBe(requests.length);
    } finally {
      await holder.query('commit');
    }
    return Promise.all(sent);
  }

  it('refuses the right PIN sent after 5 wrong ones, all six waiting for their turn at once', async () => {
    const [admin, staff] = [await signIn(server.app, host, { email: 'admin@colinas.test' }), await signIn(server.app, host, { email: 'staff@colinas.test' })];
    const [member] = await server.db.select({ id: users.id, collegeId: users.collegeId }).from(users).where(eq(users.email, 'valentina.navarro@colinas.test'));
    const url = `/api/v1/members/${member!.id}/verify-pin`;
    const set = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/members/${member!.id}/pin`,
      headers: { host, ...bearer(admin) },
      payload: { pin: '482916' },
    });
    expect(set.statusCode).toBe(200);
    const verify = (pin: string) => () => server.app.inject({ method: 'POST', url, headers: { host, ...bearer(staff) }, payload: { pin } });
    const answers = await inTurn(pinTryKey(member!.collegeId, member!.id), ['000000', '000001', '000002', '000003', '000004', '482916'].map(verify));
    expect(answers.map((answer) => [answer.statusCode, json(answer)])).toEqual([
      ...Array.from({ length: maxWrongPins }, () => [200, { valid: false }]),
      [429, { message: messages.tooManyRequests }],
    ]);
  });

  it('refuses the right password sent after 5 wrong ones, all six waiting for their turn at once', async () => {
    const [college] = await server.db.select({ id: users.collegeId }).from(users).where(eq(users.email, 'guardian@colinas.test'));
    const login = (password: string) => () =>
      server.app.inject({
        method: 'POST',
        url: '/api/login-mobile',
        headers: { host },
        payload: { email: 'guardian@colinas.test', password },
        remoteAddress: '10.5.5.5',
      });
    const key = loginTryKey({ collegeId: college!.id, identifier: 'email:guardian@colinas.test', ip: '10.5.5.5' });
    const answers = await inTurn(key, [...Array.from({ length: maxFailedLogins }, (_, i) => login(`wrong-password-${i}`)), login(demoPassword)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([...Array.from({ length: maxFailedLogins }, () => 422), 429]);
    expect(json(answers.at(-1)!)).toEqual({ message: messages.throttled });
  });
});
