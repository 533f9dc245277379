import { and, eq, inArray, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colleges, mailOutbox, users } from '../../server/db/schema';
import { deliverySettings, memberDelivery } from '../../server/delivery/schema';
import { sendDueInvitations } from '../../server/invitations/invitationMailJob';
import { inviteMembers, invitationLifetimeMs, resendAfterMs } from '../../server/invitations/invitationService';
import { invitations } from '../../server/invitations/schema';
import { createMailer } from '../../server/mail/mailer';
import { backends, bearer, hostOf, json, signIn, startServer, type TestServer } from './harness';
import { hostileString } from './hostileValues';

const host = hostOf('colinas');
const linkOf = (text: string): string => /token=([A-Za-z0-9_-]+)/.exec(text)![1]!;

describe.each(backends)('invitations on $name', (backend) => {
  let server: TestServer;
  let adminToken = '';
  let collegeId = '';
  let foreignMemberId = '';

  beforeAll(async () => {
    server = await startServer(backend);
    adminToken = await signIn(server.app, host, { email: 'admin@colinas.test' });
    const [college] = await server.db.select().from(colleges).where(eq(colleges.slug, 'colinas'));
    collegeId = college!.id;
    const [foreign] = await server.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(colleges, eq(colleges.id, users.collegeId))
      .where(eq(colleges.slug, 'british'))
      .limit(1);
    foreignMemberId = foreign!.id;
    // The mail rate is another test's (invitationsQueue.test.ts): here every waiting invitation leaves at once.
    await server.db
      .insert(deliverySettings)
      .values({ collegeId, mailsPerSecond: 100_000 })
      .onConflictDoUpdate({ target: deliverySettings.collegeId, set: { mailsPerSecond: 100_000 } });
  });
  afterAll(() => server.close());

  /** A member of colinas who never signed in, made for one test. */
  async function newMember(email: string, language?: string): Promise<string> {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/admin/members',
      headers: { host, ...bearer(adminToken) },
      payload: { name: 'Ana', first_lastname: 'Invitada', email, role: 'guardian', status: 'active' },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const [row] = await server.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.collegeId, collegeId), eq(users.email, email)));
    if (language) {
      await server.db
        .insert(memberDelivery)
        .values({ userId: row!.id, collegeId, language })
        .onConflictDoUpdate({ target: memberDelivery.userId, set: { language } });
    }
    return row!.id;
  }

  const invite = (payload: unknown, token = adminToken) =>
    server.app.inject({ method: 'POST', url: '/api/v1/admin/members/invitations', headers: { host, ...bearer(token) }, payload: payload as object });
  const accept = (token: string, password = 'un-secreto-largo') =>
    server.app.inject({ method: 'POST', url: '/api/v1/invitations/accept', headers: { host }, payload: { token, password, password_confirmation: password } });
  const lookup = (token: string) => server.app.inject({ method: 'POST', url: '/api/v1/invitations/lookup', headers: { host }, payload: { token } });

  /** The invitation job's run: the waiting invitations are mailed (recorded `logged`: no SMTP settings). */
  const mailQueue = async (now = new Date()) => {
    // A run on a given clock earlier than the last one: the rate's next slot starts over.
    await server.db.update(deliverySettings).set({ nextMailAt: null }).where(eq(deliverySettings.collegeId, collegeId));
    return sendDueInvitations(server.db, now, { mailer: createMailer(server.db, server.app.log) });
  };

  const mailsTo = (email: string) =>
    server.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.collegeId, collegeId), eq(mailOutbox.to, email)))
      .orderBy(mailOutbox.createdAt);

  it('mails one member a link, recorded without SMTP settings, that signs them in once', async () => {
    const id = await newMember('invited.one@colinas.test');
    expect(json(await invite({ member_ids: [id] }))).toEqual({ invited: 1, already_invited: 0, skipped: 0, unknown: 0 });
    expect(await mailsTo('invited.one@colinas.test')).toHaveLength(0);
    await mailQueue();
    const [mail] = await mailsTo('invited.one@colinas.test');
    expect(mail!.status).toBe('logged');
    const [row] = await server.db.select().from(invitations).where(eq(invitations.userId, id));
    expect(row!.mailId).toBe(mail!.id);
    expect(row!.expiresAt.getTime() - mail!.createdAt.getTime()).toBeGreaterThanOrEqual(invitationLifetimeMs - 5_000);
    const [member] = await server.db.select({ invitedAt: users.invitedAt }).from(users).where(eq(users.id, id));
    expect(member!.invitedAt).not.toBeNull();

    const secret = linkOf(mail!.text);
    expect(json(await lookup(secret))).toMatchObject({ first_name: 'Ana', email: 'invited.one@colinas.test' });
    const used = await accept(secret, 'chosen-password-1');
    expect(used.statusCode, used.body).toBe(200);
    const session = json<{ token: string }>(used).token;
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/user', headers: { host, ...bearer(session) } })).statusCode).toBe(200);
    const [after] = await server.db.select({ signedInAt: users.signedInAt }).from(users).where(eq(users.id, id));
    expect(after!.signedInAt).not.toBeNull();
    // The chosen password is theirs from now on.
    await signIn(server.app, host, { email: 'invited.one@colinas.test', password: 'chosen-password-1' });

    const again = await accept(secret);
    expect(again.statusCode).toBe(422);
    expect(json(again)).toMatchObject({ errors: { token: [expect.stringContaining('invitation link')] } });
    // Signed in now: no second invitation.
    expect((await invite({ member_ids: [id] })).statusCode).toBe(422);
  });

  it('a second invitation, 10 minutes later, replaces the first link', async () => {
    const id = await newMember('invited.twice@colinas.test');
    const [college] = await server.db.select().from(colleges).where(eq(colleges.id, collegeId));
    const earlier = new Date(Date.now() - resendAfterMs - 60_000);
    await inviteMembers(server.db, { college: college!, actor: null, site: 'http://localhost', now: earlier }, { memberIds: [id] });
    await mailQueue(earlier);
    expect(json(await invite({ member_ids: [id] }))).toMatchObject({ invited: 1, already_invited: 0 });
    await mailQueue();
    const [first, second] = await mailsTo('invited.twice@colinas.test');
    expect((await accept(linkOf(first!.text))).statusCode).toBe(422);
    expect((await accept(linkOf(second!.text))).statusCode).toBe(200);
    expect(await server.db.select().from(invitations).where(eq(invitations.userId, id))).toHaveLength(1);
  });

  it('a link stops working after 10 days', async () => {
    const id = await newMember('invited.late@colinas.test');
    const [college] = await server.db.select().from(colleges).where(eq(colleges.id, collegeId));
    const sent = new Date(Date.now() - invitationLifetimeMs - 60_000);
    await inviteMembers(server.db, { college: college!, actor: null, site: 'http://localhost', now: sent }, { memberIds: [id] });
    await mailQueue(sent);
    const [mail] = await mailsTo('invited.late@colinas.test');
    expect((await lookup(linkOf(mail!.text))).statusCode).toBe(422);
    expect((await accept(linkOf(mail!.text))).statusCode).toBe(422);
  });

  it("writes the mail in the member's language", async () => {
    const id = await newMember('invitee.fr@colinas.test', 'fr');
    await invite({ member_ids: [id] });
    await mailQueue();
    const [mail] = await mailsTo('invitee.fr@colinas.test');
    expect(mail!.subject).toContain('vous invite');
    expect(mail!.text).toContain('Bonjour Ana');
  });

  it('invites everyone not yet signed in, and no one who signed in', async () => {
    const counted = await server.app.inject({ method: 'GET', url: '/api/v1/admin/members/invitations', headers: { host, ...bearer(adminToken) } });
    const { not_signed_in } = json<{ not_signed_in: number }>(counted);
    expect(not_signed_in).toBeGreaterThan(0);
    const answer = json<{ invited: number; already_invited: number }>(await invite({ everyone_not_signed_in: true }));
    // Those invited by the tests above, moments ago, are not invited again.
    expect(answer.invited + answer.already_invited).toBe(not_signed_in);
    expect(answer.invited).toBeGreaterThan(0);
    const waiting = await server.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.collegeId, collegeId), eq(users.status, 'active'), isNull(users.removedAt), isNull(users.signedInAt)));
    const live = await server.db
      .select({ userId: invitations.userId })
      .from(invitations)
      .where(
        and(
          eq(invitations.collegeId, collegeId),
          inArray(
            invitations.userId,
            waiting.map((w) => w.id),
          ),
        ),
      );
    expect(live).toHaveLength(waiting.length);
    const [admin] = await server.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.collegeId, collegeId), eq(users.email, 'admin@colinas.test')));
    expect(await server.db.select().from(invitations).where(eq(invitations.userId, admin!.id))).toHaveLength(0);
  });

  it('refuses other roles (403) and other colleges’ members (404)', async () => {
    for (const role of ['staff', 'student', 'guardian'] as const) {
      const token = await signIn(server.app, host, { email: `${role}@colinas.test` });
      expect((await invite({ everyone_not_signed_in: true }, token)).statusCode).toBe(403);
      const count = await server.app.inject({ method: 'GET', url: '/api/v1/admin/members/invitations', headers: { host, ...bearer(token) } });
      expect(count.statusCode).toBe(403);
    }
    expect((await invite({ member_ids: [foreignMemberId] })).statusCode).toBe(404);
    expect(await server.db.select().from(invitations).where(eq(invitations.userId, foreignMemberId))).toHaveLength(0);
  });

  it('a burst of guesses at links is cut off', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => lookup(`guess-${i}-aaaaaaaaaaaaaaaaaaaaaaaaaaaa`)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(10);
    expect(codes.every((c) => c === 422 || c === 429)).toBe(true);
  });

  it('answers generated input with a 2xx or a 4xx, never a 5xx', async () => {
    const body = fc.oneof(
      fc.record({ member_ids: fc.array(fc.oneof(fc.uuid(), hostileString), { maxLength: 4 }) }),
      fc.record({ everyone_not_signed_in: fc.oneof(fc.boolean(), hostileString) }),
      fc.record({ token: hostileString, password: hostileString, password_confirmation: hostileString }),
      fc.anything(),
    );
    const urls = ['/api/v1/admin/members/invitations', '/api/v1/invitations/lookup', '/api/v1/invitations/accept'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...urls), body, async (url, payload) => {
        const answer = await server.app.inject({
          method: 'POST',
          url,
          headers: { host, ...bearer(adminToken), 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' },
          payload: JSON.stringify(payload ?? null),
        });
        expect(answer.statusCode, answer.body).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });
});
