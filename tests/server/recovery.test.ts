import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutboxResponse, type MailOutboxItem } from '../../contract/mail';
import { messages } from '../../contract/messages';
import { colleges, passwordResets, smtpSettings } from '../../server/db/schema';
import { uuidv7 } from '../../contract/ids';
import { backends, bearer, demoPassword, hostOf, json, signIn, startServer, type TestServer } from './harness';

describe.each(backends)('account recovery on $name', (backend) => {
  let server: TestServer;
  let adminToken: string;
  const host = hostOf('colinas');

  beforeAll(async () => {
    server = await startServer(backend);
    adminToken = await signIn(server.app, host, { email: 'admin@colinas.test' });
  });
  afterAll(() => server.close());

  const outbox = async (token = adminToken): Promise<MailOutboxItem[]> => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/admin/mail-outbox', headers: { host, ...bearer(token) } });
    expect(response.statusCode).toBe(200);
    return mailOutboxResponse.parse(json(response)).data;
  };
  const forgot = (email: string) => server.app.inject({ method: 'POST', url: '/api/forgot-password-user', headers: { host }, payload: { email } });
  const reset = (payload: object) => server.app.inject({ method: 'POST', url: '/api/reset-password-user', headers: { host }, payload });

  it('answers the same 200 for unknown accounts and sends them nothing', async () => {
    const before = (await outbox()).length;
    const response = await forgot('nobody@colinas.test');
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ message: messages.resetLinkSent });
    expect((await outbox()).length).toBe(before);
  });

  it('validates the email', async () => {
    const response = await forgot('not-an-email');
    expect(response.statusCode).toBe(422);
    expect(json(response)).toEqual({ message: messages.emailInvalid, errors: { email: [messages.emailInvalid] } });
  });

  it('mails a working single-use link that signs the user out everywhere', async () => {
    const oldToken = await signIn(server.app, host, { email: 'guardian@colinas.test' });
    expect((await forgot('Guardian@colinas.test')).statusCode).toBe(200);
    const [mail] = await outbox();
    expect(mail).toMatchObject({ to: 'guardian@colinas.test', status: 'logged' });
    const link = /(http:\/\/localhost\/auth\/reset-password\?\S+)/.exec(mail!.text)?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!);
    const token = url.searchParams.get('token')!;
    expect(url.searchParams.get('email')).toBe('guardian@colinas.test');
    // The link's token is stored only as a digest.
    const stored = await server.db.select().from(passwordResets);
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);

    const mismatch = await reset({ token, email: 'guardian@colinas.test', password: 'new-password-1', password_confirmation: 'other-password' });
    expect(json(mismatch)).toEqual({ message: messages.passwordMismatch, errors: { password_confirmation: [messages.passwordMismatch] } });

    const done = await reset({ token, email: 'guardian@colinas.test', password: 'new-password-1', password_confirmation: 'new-password-1' });
    expect(done.statusCode).toBe(200);
    expect(json(done)).toEqual({ message: messages.passwordReset });

    const revoked = await server.app.inject({ method: 'GET', url: '/api/v1/user', headers: { host, ...bearer(oldToken) } });
    expect(revoked.statusCode).toBe(401);
    await signIn(server.app, host, { email: 'guardian@colinas.test', password: 'new-password-1' });

    const again = await reset({ token, email: 'guardian@colinas.test', password: 'another-pass-2', password_confirmation: 'another-pass-2' });
    expect(again.statusCode).toBe(422);
    expect(json(again)).toEqual({ message: messages.resetInvalid, errors: { token: [messages.resetInvalid] } });
  });

  it('refuses an expired link, a link for another email and an earlier link once a newer one is sent', async () => {
    const tokenOf = async () => {
      const [mail] = await outbox();
      return new URL(/(http\S+)/.exec(mail!.text)![1]!).searchParams.get('token')!;
    };
    await forgot('student@colinas.test');
    const first = await tokenOf();
    await forgot('student@colinas.test');
    const second = await tokenOf();
    const body = { email: 'student@colinas.test', password: 'brand-new-pass', password_confirmation: 'brand-new-pass' };
    expect((await reset({ ...body, token: first })).statusCode).toBe(422);
    expect((await reset({ ...body, token: second, email: 'staff@colinas.test' })).statusCode).toBe(422);
    await server.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await reset({ ...body, token: second });
    expect(json(expired)).toEqual({ message: messages.resetInvalid, errors: { token: [messages.resetInvalid] } });
  });

  it('shows the outbox to admins only', async () => {
    const staffToken = await signIn(server.app, host, { email: 'staff@colinas.test' });
    const forbidden = await server.app.inject({ method: 'GET', url: '/api/v1/admin/mail-outbox', headers: { host, ...bearer(staffToken) } });
    expect(forbidden.statusCode).toBe(403);
    expect(json(forbidden)).toEqual({ message: messages.forbidden });
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/v1/admin/mail-outbox', headers: { host } });
    expect(anonymous.statusCode).toBe(401);
    // Another college's admin sees its own (empty) outbox, not colinas' mails.
    const britishAdmin = await signIn(server.app, hostOf('british'), { email: 'admin@british.test' });
    const british = await server.app.inject({ method: 'GET', url: '/api/v1/admin/mail-outbox', headers: { host: hostOf('british'), ...bearer(britishAdmin) } });
    expect(json<{ data: unknown[] }>(british).data).toEqual([]);
  });

  it("sends through the college's SMTP server when it has one, and records it as sent", async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      // No reverse DNS of 127.0.0.1 per connection (a resolver that does not answer costs seconds).
      disableReverseLookup: true,
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as { port: number }).port;
    try {
      const [alianza] = await server.db.select().from(colleges).where(eq(colleges.slug, 'alianza'));
      await server.db.insert(smtpSettings).values({
        id: uuidv7(),
        collegeId: alianza!.id,
        host: '127.0.0.1',
        port,
        security: 'none',
        fromAddress: 'no-reply@alianza.test',
        fromName: 'Alianza Francesa',
      });
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/forgot-password-user',
        headers: { host: hostOf('alianza') },
        payload: { email: 'student@alianza.test' },
      });
      expect(response.statusCode).toBe(200);
      const admin = await signIn(server.app, hostOf('alianza'), { email: 'admin@alianza.test', password: demoPassword });
      const newestMail = async (): Promise<MailOutboxItem | undefined> => {
        const list = await server.app.inject({ method: 'GET', url: '/api/v1/admin/mail-outbox', headers: { host: hostOf('alianza'), ...bearer(admin) } });
        return mailOutboxResponse.parse(json(list)).data[0];
      };
      await expect.poll(async () => (await newestMail())?.status, { timeout: 10_000 }).toBe('sent');
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('student@alianza.test');
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
