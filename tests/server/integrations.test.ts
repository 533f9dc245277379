import { eq } from 'drizzle-orm';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailLogResponse, smtpSettingsResponse, type MailLogItem } from '../../contract/integrations';
import { messages } from '../../contract/messages';
import { uuidv7 } from '../../contract/ids';
import { colleges, mailOutbox, smtpSettings } from '../../server/db/schema';
import { createMailer, maxAttempts, sendLeaseMs } from '../../server/mail/mailer';
import { loadSecretKey } from '../../server/mail/secretKey';
import { backends, bearer, hostOf, json, signIn, startServer, type TestServer } from './harness';

interface Loopback {
  port: number;
  received: { from: string; to: string[]; data: string; user?: string }[];
  close: () => Promise<void>;
}

/** A real SMTP server on loopback (`smtp-server`; its bundled self-signed certificate for TLS). */
async function loopbackSmtp(options: SMTPServerOptions = {}, port = 0): Promise<Loopback> {
  const received: Loopback['received'] = [];
  const smtp = new SMTPServer({
    // No reverse DNS of 127.0.0.1 per connection (a resolver that does not answer costs seconds).
    disableReverseLookup: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret-pass') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
          user: typeof session.user === 'string' ? session.user : undefined,
        });
        callback();
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return {
    port: (smtp.server.address() as { port: number }).port,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe.each(backends)('SMTP integration on $name', (backend) => {
  let server: TestServer;
  let admin: string;
  const host = hostOf('colinas');
  const smtpUrl = '/api/v1/admin/integrations/smtp';

  beforeAll(async () => {
    server = await startServer(backend, {}, { mailerOptions: { tlsRejectUnauthorized: false, timeoutMs: 1500 } });
    admin = await signIn(server.app, host, { email: 'admin@colinas.test' });
  });
  afterAll(() => server.close());

  const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object, token = admin, on = host) =>
    server.app.inject({ method, url, headers: { host: on, ...bearer(token) }, ...(payload ? { payload } : {}) });
  const save = (settings: object, token = admin, on = host) =>
    call(
      'PUT',
      smtpUrl,
      { host: '127.0.0.1', port: 2525, security: 'none', from_address: 'no-reply@colinas.test', from_name: 'Colegio Las Colinas', ...settings },
      token,
      on,
    );
  const sendTest = (to = 'someone@example.test') => call('POST', `${smtpUrl}/test`, { to });
  const mailLog = async (token = admin, on = host): Promise<MailLogItem[]> => {
    const response = await call('GET', '/api/v1/admin/mail-log', undefined, token, on);
    expect(response.statusCode).toBe(200);
    return mailLogResponse.parse(json(response)).data;
  };
  const collegeId = async (slug: string) => (await server.db.select().from(colleges).where(eq(colleges.slug, slug)))[0]!.id;

  it('refuses signed-out users (401) and every role but admin (403)', async () => {
    const routes: [string, string, object?][] = [
      ['GET', smtpUrl],
      ['PUT', smtpUrl, { host: 'x', port: 25, security: 'none', from_address: 'a@b.test' }],
      ['DELETE', smtpUrl],
      ['POST', `${smtpUrl}/test`, { to: 'a@b.test' }],
      ['GET', '/api/v1/admin/mail-log'],
    ];
    for (const [method, url, payload] of routes) {
      const anonymous = await server.app.inject({ method: method as 'GET', url, headers: { host }, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    for (const email of ['staff@colinas.test', 'student@colinas.test', 'guardian@colinas.test']) {
      const token = await signIn(server.app, host, { email });
      for (const [method, url, payload] of routes) {
        const response = await call(method as 'GET', url, payload, token);
        expect(response.statusCode, `${email} ${method} ${url}`).toBe(403);
      }
    }
  });

  it('saves the settings, never answers the password and stores it encrypted', async () => {
    expect(json(await call('GET', smtpUrl))).toEqual({ data: null });
    const saved = await save({ username: 'mailer', password: 's3cret-pass', reply_to: 'office@colinas.test' });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain('s3cret-pass');
    const view = smtpSettingsResponse.parse(json(await call('GET', smtpUrl))).data!;
    expect(view).toMatchObject({ host: '127.0.0.1', port: 2525, security: 'none', username: 'mailer', password_set: true, reply_to: 'office@colinas.test' });
    expect(JSON.stringify(view)).not.toContain('s3cret-pass');
    const [row] = await server.db
      .select()
      .from(smtpSettings)
      .where(eq(smtpSettings.collegeId, await collegeId('colinas')));
    expect(row!.password).toBe('');
    expect(row!.passwordEncrypted).toMatch(/^v1:/);
    expect(row!.passwordEncrypted).not.toContain('s3cret-pass');
    expect(Buffer.from(row!.passwordEncrypted.slice(3), 'base64').toString('latin1')).not.toContain('s3cret');
    expect(loadSecretKey(server.dataDir).open(row!.passwordEncrypted)).toBe('s3cret-pass');

    // A blank password keeps the stored one; clear_password removes it.
    await save({ username: 'mailer', password: '', port: 2526 });
    const [kept] = await server.db
      .select()
      .from(smtpSettings)
      .where(eq(smtpSettings.collegeId, await collegeId('colinas')));
    expect(kept!.passwordEncrypted).toBe(row!.passwordEncrypted);
    expect(kept!.port).toBe(2526);
    const cleared = await save({ username: 'mailer', clear_password: true });
    expect(smtpSettingsResponse.parse(json(cleared)).data?.password_set).toBe(false);
  });

  it('answers the contract messages for invalid settings', async () => {
    const response = await save({ host: '', port: 70000, security: 'ssl', from_address: 'nope' });
    expect(response.statusCode).toBe(422);
    const { errors } = json<{ errors: Record<string, string[]> }>(response);
    expect(errors.host).toEqual([messages.smtpHostRequired]);
    expect(errors.port).toEqual([messages.smtpPortInvalid]);
    expect(errors.security).toEqual([messages.smtpSecurityInvalid]);
    expect(errors.from_address).toEqual([messages.emailInvalid]);
  });

  it('sends a test mail without auth on a plain server, even when it offers STARTTLS (none = ignoreTLS)', async () => {
    const smtp = await loopbackSmtp({ hideSTARTTLS: false });
    try {
      await save({ port: smtp.port, security: 'none', username: '', clear_password: true });
      const response = await sendTest('parent@example.test');
      expect(response.statusCode).toBe(200);
      expect(json(response)).toMatchObject({ ok: true, response: expect.stringMatching(/^250/) as unknown });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(['parent@example.test']);
      expect(smtp.received[0]!.from).toBe('no-reply@colinas.test');
      // In the college's language (colinas writes Spanish), like the recovery mail.
      expect(smtp.received[0]!.data).toMatch(/Subject: .*prueba de correo/);
    } finally {
      await smtp.close();
    }
  });

  it('sends a test mail with auth over STARTTLS, and over implicit TLS', async () => {
    const starttls = await loopbackSmtp({ authOptional: false });
    const tls = await loopbackSmtp({ authOptional: false, secure: true });
    try {
      await save({ port: starttls.port, security: 'starttls', username: 'mailer', password: 's3cret-pass', reply_to: 'office@colinas.test' });
      const viaStarttls = await sendTest();
      expect(viaStarttls.statusCode, viaStarttls.body).toBe(200);
      expect(starttls.received).toHaveLength(1);
      expect(starttls.received[0]!.user).toBe('mailer');
      expect(starttls.received[0]!.data).toMatch(/^Reply-To: office@colinas\.test/m);

      await save({ port: tls.port, security: 'tls', username: 'mailer' });
      const viaTls = await sendTest();
      expect(viaTls.statusCode, viaTls.body).toBe(200);
      expect(tls.received).toHaveLength(1);
    } finally {
      await Promise.all([starttls.close(), tls.close()]);
    }
  });

  it("answers 422 with the SMTP server's text for a refused login and a TLS mismatch", async () => {
    const smtp = await loopbackSmtp({ authOptional: false, disabledCommands: ['STARTTLS'] });
    try {
      await save({ port: smtp.port, security: 'none', username: 'mailer', password: 'wrong-pass' });
      const refused = await sendTest();
      expect(refused.statusCode).toBe(422);
      const body = json<{ message: string; smtp_error: string }>(refused);
      expect(body.message).toBe(messages.smtpTestFailed);
      expect(body.smtp_error).toMatch(/535.*Invalid username or password/);

      await save({ port: smtp.port, security: 'tls', username: 'mailer', password: 's3cret-pass' });
      const mismatch = await sendTest();
      expect(mismatch.statusCode).toBe(422);
      expect(json<{ smtp_error: string }>(mismatch).smtp_error).toMatch(/ssl|tls|version|socket|greeting|timeout/i);

      await save({ port: smtp.port, security: 'starttls' });
      const noStarttls = await sendTest();
      expect(noStarttls.statusCode).toBe(422);
      expect(json<{ smtp_error: string }>(noStarttls).smtp_error).toMatch(/STARTTLS/i);
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it('answers a host that never greets with its time-out, and one that refuses the connection', async () => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      await save({ port: (silent.address() as { port: number }).port, security: 'none', username: '', clear_password: true });
      // The mailer gave up waiting (its time-out), not the test.
      const response = await sendTest();
      expect(response.statusCode).toBe(422);
      expect(json<{ smtp_error: string }>(response).smtp_error).toMatch(/greeting|timeout/i);
    } finally {
      silent.close();
    }
    await save({ port: await freePort() });
    const refused = await sendTest();
    expect(refused.statusCode).toBe(422);
    expect(json<{ smtp_error: string }>(refused).smtp_error).toMatch(/ECONNREFUSED/);
  });

  it('sends the password reset mail through the saved settings', async () => {
    const smtp = await loopbackSmtp();
    try {
      await save({ port: smtp.port, security: 'none', username: '', clear_password: true });
      const forgot = await server.app.inject({
        method: 'POST',
        url: '/api/forgot-password-user',
        headers: { host },
        payload: { email: 'guardian@colinas.test' },
      });
      expect(forgot.statusCode).toBe(200);
      await expect.poll(async () => (await mailLog()).find((m) => m.to === 'guardian@colinas.test')?.status, { timeout: 10_000 }).toBe('sent');
      const mail = (await mailLog()).find((m) => m.to === 'guardian@colinas.test');
      expect(mail).toMatchObject({ status: 'sent', attempts: 1, next_attempt_at: null });
      expect(smtp.received.map((m) => m.to)).toEqual([['guardian@colinas.test']]);
    } finally {
      await smtp.close();
    }
  });

  it('keeps a failed mail pending, retries it with backoff and sends it when the server is back', async () => {
    const port = await freePort();
    await save({ port, security: 'none', username: '', clear_password: true });
    const asked = Date.now();
    const forgot = await server.app.inject({ method: 'POST', url: '/api/forgot-password-user', headers: { host }, payload: { email: 'student@colinas.test' } });
    expect(forgot.statusCode).toBe(200);
    await expect.poll(async () => (await mailLog()).find((m) => m.to === 'student@colinas.test')?.attempts, { timeout: 10_000 }).toBe(1);
    const tried = Date.now();
    let mail = (await mailLog()).find((m) => m.to === 'student@colinas.test');
    expect(mail).toMatchObject({ status: 'pending', attempts: 1, error: expect.stringMatching(/ECONNREFUSED/) as unknown });
    // The first attempt was made between `asked` and `tried`; the next one 30–60 s after it.
    expect(Date.parse(mail!.next_attempt_at!)).toBeGreaterThan(asked + 30_000);
    expect(Date.parse(mail!.next_attempt_at!)).toBeLessThanOrEqual(tried + 60_000);

    const mailer = createMailer(server.db, server.app.log, { secretKey: loadSecretKey(server.dataDir), timeoutMs: 1500 });
    // Not due yet: nothing is tried.
    expect(await mailer.retryDue(new Date())).toBe(0);
    // Still down: a second attempt, the next one 5 minutes later.
    expect(await mailer.retryDue(new Date(Date.now() + 61_000))).toBe(1);
    mail = (await mailLog()).find((m) => m.id === mail!.id);
    expect(mail).toMatchObject({ status: 'pending', attempts: 2 });
    expect(Date.parse(mail!.next_attempt_at!) - Date.now()).toBeGreaterThan(4 * 60_000);

    const smtp = await loopbackSmtp({}, port);
    try {
      expect(await mailer.retryDue(new Date(Date.now() + 6 * 60_000))).toBe(1);
      mail = (await mailLog()).find((m) => m.id === mail!.id);
      expect(mail).toMatchObject({ status: 'sent', attempts: 3, next_attempt_at: null });
      expect(smtp.received.map((m) => m.to)).toEqual([['student@colinas.test']]);
    } finally {
      await smtp.close();
    }
  });

  it(`gives up after ${maxAttempts} attempts and shows the mail as failed`, async () => {
    await save({ port: await freePort(), security: 'none' });
    const id = uuidv7();
    await server.db.insert(mailOutbox).values({
      id,
      collegeId: await collegeId('colinas'),
      to: 'late@colinas.test',
      subject: 's',
      text: 't',
      status: 'pending',
      attempts: maxAttempts - 1,
      nextAttemptAt: new Date(Date.now() - 1000),
    });
    const mailer = createMailer(server.db, server.app.log, { secretKey: loadSecretKey(server.dataDir), timeoutMs: 1500 });
    expect(await mailer.retryDue(new Date())).toBe(1);
    expect((await mailLog()).find((m) => m.id === id)).toMatchObject({ status: 'failed', attempts: maxAttempts, next_attempt_at: null });
    expect(await mailer.retryDue(new Date(Date.now() + 24 * 3600_000))).toBe(0);
  });

  it('never sends a mail twice when two processes retry at once (FOR UPDATE SKIP LOCKED and a lease)', async () => {
    const smtp = await loopbackSmtp();
    try {
      await save({ port: smtp.port, security: 'none', username: '', clear_password: true });
      const colinas = await collegeId('colinas');
      const ids = Array.from({ length: 6 }, () => uuidv7());
      await server.db.insert(mailOutbox).values(
        ids.map((id, i) => ({
          id,
          collegeId: colinas,
          to: `twice${i}@colinas.test`,
          subject: 's',
          text: 't',
          status: 'pending' as const,
          attempts: 1,
          nextAttemptAt: new Date(Date.now() - 1000),
        })),
      );
      const key = loadSecretKey(server.dataDir);
      const [a, b] = [createMailer(server.db, server.app.log, { secretKey: key }), createMailer(server.db, server.app.log, { secretKey: key })];
      const [first, second] = await Promise.all([a.retryDue(new Date()), b.retryDue(new Date())]);
      // Their pooled connections closed now, not after the pool's idle seconds (the sink's close waits for them).
      await Promise.all([a.idle(), b.idle()]);
      expect(first + second).toBe(6);
      expect(smtp.received.filter((m) => m.to[0]!.startsWith('twice'))).toHaveLength(6);
      const rows = await server.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 's'));
      expect(rows.filter((row) => ids.includes(row.id)).every((row) => row.status === 'sent')).toBe(true);
    } finally {
      await smtp.close();
    }
  });

  it('sends a recorded mail held past its lease once: by the retry job that took it meanwhile, not again by its own deliver', async () => {
    const smtp = await loopbackSmtp();
    try {
      await save({ port: smtp.port, security: 'none', username: '', clear_password: true });
      const colinas = await collegeId('colinas');
      const key = loadSecretKey(server.dataDir);
      const [holder, retrier] = [createMailer(server.db, server.app.log, { secretKey: key }), createMailer(server.db, server.app.log, { secretKey: key })];
      const to = `held-${uuidv7()}@colinas.test`;
      const { deliver } = await server.db.transaction((tx) => holder.record(tx, colinas, [{ to, subject: 'held', text: 't' }]));
      // Its lease ran out before the holder handed it over (the clock moves on past it), and
      // another process's retry job claimed it (its claim's new lease) and is sending it: the
      // holder sends nothing.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + sendLeaseMs + 1000 });
      try {
        await server.db
          .update(mailOutbox)
          .set({ nextAttemptAt: new Date(Date.now() + sendLeaseMs) })
          .where(eq(mailOutbox.to, to));
        await deliver();
        await holder.idle();
      } finally {
        vi.useRealTimers();
      }
      expect(smtp.received.filter((m) => m.to[0] === to)).toHaveLength(0);
      // The retry job's send (its claim replayed: the lease passed for it too).
      await server.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(mailOutbox.to, to));
      expect(await retrier.retryDue(new Date())).toBeGreaterThan(0);
      await retrier.idle();
      expect(smtp.received.filter((m) => m.to[0] === to)).toHaveLength(1);
      const [row] = await server.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await smtp.close();
    }
  });

  it('keeps the secret key outside the database: PATIO_SECRET_KEY, else a 0600 file made once', async () => {
    const fromEnv = loadSecretKey(server.dataDir, { PATIO_SECRET_KEY: Buffer.alloc(32, 7).toString('base64') });
    const sealed = fromEnv.seal('x');
    expect(loadSecretKey(server.dataDir, { PATIO_SECRET_KEY: Buffer.alloc(32, 7).toString('base64') }).open(sealed)).toBe('x');
    expect(() => loadSecretKey(server.dataDir, {}).open(sealed)).toThrow();
    expect(() => loadSecretKey(server.dataDir, { PATIO_SECRET_KEY: 'c2hvcnQ=' })).toThrow(/32 bytes/);
    const file = join(server.dataDir, 'secret.key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const again = loadSecretKey(server.dataDir, {});
    expect(again.open(loadSecretKey(server.dataDir, {}).seal('same key'))).toBe('same key');
  });

  it('encrypts a plain password left by an older version at start', async () => {
    const alianza = await collegeId('alianza');
    await server.db
      .insert(smtpSettings)
      .values({ id: uuidv7(), collegeId: alianza, host: 'smtp.example.test', fromAddress: 'a@alianza.test', username: 'u', password: 'legacy-pass' });
    const key = loadSecretKey(server.dataDir);
    await createMailer(server.db, server.app.log, { secretKey: key }).sealLegacyPasswords();
    const [row] = await server.db.select().from(smtpSettings).where(eq(smtpSettings.collegeId, alianza));
    expect(row!.password).toBe('');
    expect(key.open(row!.passwordEncrypted)).toBe('legacy-pass');
    await server.db.delete(smtpSettings).where(eq(smtpSettings.collegeId, alianza));
  });

  it("keeps each college's settings and mail log to itself, and DELETE goes back to the outbox", async () => {
    const british = hostOf('british');
    const britishAdmin = await signIn(server.app, british, { email: 'admin@british.test' });
    expect(json(await call('GET', smtpUrl, undefined, britishAdmin, british))).toEqual({ data: null });
    expect(await mailLog(britishAdmin, british)).toEqual([]);
    expect((await call('POST', `${smtpUrl}/test`, { to: 'a@b.test' }, britishAdmin, british)).statusCode).toBe(409);

    expect(json(await call('DELETE', smtpUrl))).toEqual({ data: null });
    expect(json(await call('GET', smtpUrl))).toEqual({ data: null });
    await server.app.inject({ method: 'POST', url: '/api/forgot-password-user', headers: { host }, payload: { email: 'staff@colinas.test' } });
    expect((await mailLog()).find((m) => m.to === 'staff@colinas.test')).toMatchObject({ status: 'logged', attempts: 0 });
  });

  it('pages the mail log newest first', async () => {
    const first = await call('GET', '/api/v1/admin/mail-log?limit=2');
    const page = mailLogResponse.parse(json(first));
    expect(page.data).toHaveLength(2);
    expect(page.next_cursor).toBe(page.data[1]!.id);
    const second = mailLogResponse.parse(json(await call('GET', `/api/v1/admin/mail-log?limit=2&cursor=${page.next_cursor}`)));
    expect(second.data[0]!.id < page.data[1]!.id).toBe(true);
  });
});
