import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutboxResponse, type MailOutboxItem } from '../../contract/mail';
import { messages } from '../../contract/messages';
import { users } from '../../server/db/schema';
import { invitations } from '../../server/invitations/schema';
import { backends, bearer, hostOf, json, signIn, startServer, type TestServer } from './harness';

describe.each(backends)('invitations on $name', (backend) => {
  let server: TestServer;
  let adminToken: string;
  const host = hostOf('colinas');

  beforeAll(async () => {
    server = await startServer(backend);
    adminToken = await signIn(server.app, host, { email: 'admin@colinas.test' });
  });
  afterAll(() => server.close());

  const memberId = async (email: string): Promise<string> => {
    const [row] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    return row!.id;
  };
  const outbox = async (): Promise<MailOutboxItem[]> => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/admin/mail-outbox', headers: { host, ...bearer(adminToken) } });
    expect(response.statusCode).toBe(200);
    return mailOutboxResponse.parse(json(response)).data;
  };
  const invite = (payload: object, token = adminToken, to = host) =>
    server.app.inject({ method: 'POST', url: '/api/v1/admin/members/invitations', headers: { host: to, ...bearer(token) }, payload });
  const accept = (token: string, password = 'chosen-password-1') =>
    server.app.inject({ method: 'POST', url: '/api/v1/invitations/accept', headers: { host }, payload: { token, password, password_confirmation: password } });
  const tokenIn = (mail: MailOutboxItem): string => new URL(/(http:\/\/localhost\/auth\/invitation\?\S+)/.exec(mail.text)![1]!).searchParams.get('token')!;

  it('mails one member a link (logged without SMTP), a second invitation replaces it, accepting signs in once', async () => {
    const id = await memberId('student@colinas.test');
    const first = await invite({ member_ids: [id] });
    expect(first.statusCode).toBe(200);
    expect(json(first)).toEqual({ invited: 1, skipped: 0, unknown: 0 });
    const [mail1] = await outbox();
    expect(mail1).toMatchObject({ to: 'student@colinas.test', status: 'logged' });
    const oldToken = tokenIn(mail1!);
    const [row] = await server.db.select().from(users).where(eq(users.id, id));
    expect(row!.invitedAt).not.toBeNull();

    expect((await invite({ member_ids: [id] })).statusCode).toBe(200);
    const [mail2] = await outbox();
    const newToken = tokenIn(mail2!);
    expect(newToken).not.toBe(oldToken);
    expect(await server.db.select().from(invitations).where(eq(invitations.userId, id))).toHaveLength(1);

    const refused = await accept(oldToken);
    expect(refused.statusCode).toBe(422);
    expect(json(refused)).toEqual({ message: messages.invitationInvalid, errors: { token: [messages.invitationInvalid] } });

    const done = await accept(newToken);
    expect(done.statusCode).toBe(200);
    const session = json<{ token: string }>(done).token;
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/user', headers: { host, ...bearer(session) } })).statusCode).toBe(200);
    await signIn(server.app, host, { email: 'student@colinas.test', password: 'chosen-password-1' });

    expect((await accept(newToken, 'another-pass-2')).statusCode).toBe(422);
    // Signed in now: no longer invitable.
    expect(json(await invite({ member_ids: [id] }))).toEqual({ message: messages.invitationNobody, errors: { member_ids: [messages.invitationNobody] } });
  });

  it('refuses other roles (403) and another college’s members (404), changing nothing', async () => {
    const id = await memberId('guardian@colinas.test');
    const guardianToken = await signIn(server.app, host, { email: 'guardian@colinas.test' });
    expect((await invite({ member_ids: [id] }, guardianToken)).statusCode).toBe(403);
    const britishAdmin = await signIn(server.app, hostOf('british'), { email: 'admin@british.test' });
    expect((await invite({ member_ids: [await memberId('staff@colinas.test')] }, britishAdmin, hostOf('british'))).statusCode).toBe(404);
    expect(
      await server.db
        .select()
        .from(invitations)
        .where(and(eq(invitations.userId, id))),
    ).toHaveLength(0);
  });
});
