import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRecords } from '../../server/auditRecord/schema';
import { addCollege } from '../../server/cli/newCollege';
import { colleges, mailOutbox, users } from '../../server/db/schema';
import { deliverySettings, memberDelivery } from '../../server/delivery/schema';
import { features } from '../../server/features';
import { sendDueInvitations } from '../../server/invitations/invitationMailJob';
import { inviteMembers } from '../../server/invitations/invitationService';
import { invitations } from '../../server/invitations/schema';
import { createMailer } from '../../server/mail/mailer';
import { startMailServer, useMailServer, type MailServer } from './deliveryHelpers';
import { backends, bearer, hostOf, json, signIn, startServer, type TestServer } from './harness';
import { pullAll, type Session } from './syncHelpers';

const host = hostOf('colinas');
const linkOf = (text: string): string => /token=([A-Za-z0-9_-]+)/.exec(text)![1]!;

/**
 * Invitations as they leave and as administrators' devices see them: the mail queue at the
 * college's rate, exactly once under a burst, the member row stamped again at the first
 * sign-in (only) and at a bounce, the audit record, and the CLI's first administrator.
 */
describe.each(backends)('invitation mails and the members list on $name', (backend) => {
  let server: TestServer;
  let adminToken = '';
  let collegeId = '';
  let admin: Session;

  beforeAll(async () => {
    server = await startServer(backend);
    adminToken = await signIn(server.app, host, { email: 'admin@colinas.test' });
    admin = { app: server.app, host, token: adminToken };
    const [college] = await server.db.select().from(colleges).where(eq(colleges.slug, 'colinas'));
    collegeId = college!.id;
  });
  afterAll(() => server.close());

  const setRate = (mailsPerSecond: number) =>
    server.db
      .insert(deliverySettings)
      .values({ collegeId, mailsPerSecond })
      .onConflictDoUpdate({ target: deliverySettings.collegeId, set: { mailsPerSecond, nextMailAt: null } });
  const mailer = () => createMailer(server.db, server.app.log, { tlsRejectUnauthorized: false });
  const run = (now: Date, m = mailer()) => sendDueInvitations(server.db, now, { mailer: m });
  const invite = (payload: object, token = adminToken) =>
    server.app.inject({ method: 'POST', url: '/api/v1/admin/members/invitations', headers: { host, ...bearer(token) }, payload });
  const mailsTo = (email: string) => server.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.createdAt);
  const seqOf = async (id: string) => (await server.db.select({ seq: users.seq }).from(users).where(eq(users.id, id)))[0]!.seq;

  async function newMember(email: string): Promise<string> {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/admin/members',
      headers: { host, ...bearer(adminToken) },
      payload: { name: 'Nora', first_lastname: 'Nueva', email, role: 'guardian', status: 'active' },
    });
    expect(created.statusCode, created.body).toBe(201);
    return json<{ id: string }>(created).id;
  }

  it('holds a batch of everyone not yet signed in to the college’s mail rate, on a given clock', async () => {
    await setRate(5);
    const at = new Date('2030-01-07T10:00:00Z');
    const answer = await invite({ everyone_not_signed_in: true });
    const { invited } = json<{ invited: number }>(answer);
    expect(invited).toBeGreaterThan(10);
    const waiting = () =>
      server.db
        .select({ id: invitations.id })
        .from(invitations)
        .where(and(eq(invitations.collegeId, collegeId), isNull(invitations.mailId)));
    // Nothing left with the request: the mails wait for the job.
    expect(await waiting()).toHaveLength(invited);

    expect(await run(at)).toBe(5);
    // The same second again: its rate is spent.
    expect(await run(at)).toBe(0);
    expect(await run(new Date(at.getTime() + 1000))).toBe(5);
    let second = 2;
    while ((await waiting()).length > 0) {
      expect(await run(new Date(at.getTime() + second * 1000))).toBeLessThanOrEqual(5);
      second += 1;
    }
    // Five a second, every second, until none waits.
    expect(second).toBe(Math.ceil(invited / 5));
    // Without SMTP settings every mail is recorded in the mail log, none lost.
    const logged = await server.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .innerJoin(invitations, eq(invitations.mailId, mailOutbox.id))
      .where(and(eq(mailOutbox.collegeId, collegeId), eq(mailOutbox.status, 'logged')));
    expect(logged).toHaveLength(invited);
    await setRate(100_000);
  });

  it('mails a member once when administrators invite them at the same moment', async () => {
    const id = await newMember('burst.one@colinas.test');
    const second = await signIn(server.app, host, { email: 'admin@colinas.test' });
    const answers = await Promise.all([
      invite({ member_ids: [id] }),
      invite({ member_ids: [id] }, second),
      invite({ member_ids: [id] }),
      invite({ member_ids: [id] }, second),
    ]);
    const outcomes = answers.map((a) => json<{ invited: number; already_invited: number }>(a));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(outcomes.reduce((sum, o) => sum + o.invited, 0)).toBe(1);
    expect(outcomes.reduce((sum, o) => sum + o.already_invited, 0)).toBe(3);
    // And a burst of "everyone not yet signed in" invites no one twice either.
    const other = await newMember('burst.two@colinas.test');
    const everyone = await Promise.all([invite({ everyone_not_signed_in: true }), invite({ everyone_not_signed_in: true }, second)]);
    expect(everyone.reduce((sum, a) => sum + json<{ invited: number }>(a).invited, 0)).toBe(1);
    await Promise.all([run(new Date()), run(new Date())]);
    await run(new Date());
    expect(await mailsTo('burst.one@colinas.test')).toHaveLength(1);
    expect(await mailsTo('burst.two@colinas.test')).toHaveLength(1);
    expect(await server.db.select().from(invitations).where(eq(invitations.userId, other))).toHaveLength(1);
  });

  it('records member.invited in the audit trail, naming the member invited alone', async () => {
    const id = await newMember('audited@colinas.test');
    await invite({ member_ids: [id] });
    const [record] = await server.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.collegeId, collegeId), eq(auditRecords.kind, 'member.invited'), eq(auditRecords.subjectMemberId, id)));
    expect(record).toMatchObject({
      subjectName: 'Nora Nueva',
      via: 'rest',
      after: { invited: 1, already_invited: 0, skipped: 0, everyone_not_signed_in: false },
    });
    const listed = await server.app.inject({ method: 'GET', url: '/api/v1/admin/audit?kind=member.invited', headers: { host, ...bearer(adminToken) } });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.body).toContain(id);
  });

  it('stamps the member again at their first sign-in, and only then', async () => {
    const id = await newMember('first.sign-in@colinas.test');
    await invite({ member_ids: [id] });
    await run(new Date());
    const { cursor } = await pullAll(admin);
    const before = await seqOf(id);
    const [mail] = await mailsTo('first.sign-in@colinas.test');
    const password = 'chosen-password-2';
    const accepted = await server.app.inject({
      method: 'POST',
      url: '/api/v1/invitations/accept',
      headers: { host },
      payload: { token: linkOf(mail!.text), password, password_confirmation: password },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const signedIn = await seqOf(id);
    expect(signedIn).toBeGreaterThan(before);
    const { changes, cursor: after } = await pullAll(admin, cursor);
    const row = changes.find((c) => c.op === 'upsert' && c.row.id === id);
    const synced = row?.op === 'upsert' ? row.row : null;
    expect(typeof synced?.invited_at).toBe('string');
    expect(typeof synced?.signed_in_at).toBe('string');
    expect(synced?.email_bounced).toBe(false);

    // Later sign-ins, one after another and at once, leave the row as it is.
    await signIn(server.app, host, { email: 'first.sign-in@colinas.test', password });
    await Promise.all([1, 2, 3].map(() => signIn(server.app, host, { email: 'first.sign-in@colinas.test', password })));
    expect(await seqOf(id)).toBe(signedIn);
    expect((await pullAll(admin, after)).changes.some((c) => c.op === 'upsert' && c.row.id === id)).toBe(false);
  });

  describe('with a mail server that refuses an address for good', () => {
    let smtp: MailServer;
    beforeAll(async () => {
      smtp = await startMailServer();
      await useMailServer(server.db, collegeId, smtp, 'colinas');
    });
    afterAll(() => smtp.close());

    it('shows the bounce on the member’s synced row', async () => {
      const id = await newMember('bounces@colinas.test');
      smtp.refuse.set('bounces@colinas.test', 550);
      await invite({ member_ids: [id] });
      const { cursor } = await pullAll(admin);
      const before = await seqOf(id);
      const m = mailer();
      await run(new Date(), m);
      await m.idle();
      const [bounce] = await server.db.select().from(memberDelivery).where(eq(memberDelivery.userId, id));
      expect(bounce?.bouncedEmail).toBe('bounces@colinas.test');
      expect(await seqOf(id)).toBeGreaterThan(before);
      const { changes } = await pullAll(admin, cursor);
      const row = changes.find((c) => c.op === 'upsert' && c.row.id === id);
      expect(row?.op === 'upsert' && row.row).toMatchObject({ email_bounced: true, signed_in_at: null });
      const read = await server.app.inject({ method: 'GET', url: `/api/v1/admin/members/${id}`, headers: { host, ...bearer(adminToken) } });
      expect(json(read)).toMatchObject({ email_bounced: true });
      // An address that bounces is not invited again until it is corrected.
      expect((await invite({ member_ids: [id] })).statusCode).toBe(422);
    });

    it('sends the invitation through SMTP, once, with its link', async () => {
      const id = await newMember('delivered@colinas.test');
      await invite({ member_ids: [id] });
      const m = mailer();
      await run(new Date(), m);
      await m.idle();
      const [received] = smtp.to('delivered@colinas.test');
      expect(received?.text).toContain('/auth/invitation?token=');
      expect(smtp.offered.get('delivered@colinas.test')).toBe(1);
    });
  });

  it('adds a college whose first administrator is invited by mail, not given a password', async () => {
    const id = await addCollege(server.db, features, {
      slug: 'norte',
      name: 'Colegio del Norte',
      hosts: ['norte.example'],
      theme: '#0f5c8c',
      language: 'fr',
      isDefault: false,
      allowSignup: false,
      firstAdmin: { email: 'it@norte.example', name: 'Informática', site: 'https://norte.example' },
    });
    expect(id).not.toBeNull();
    const [first] = await server.db.select().from(users).where(eq(users.collegeId, id!));
    expect(first).toMatchObject({ role: 'admin', status: 'active', email: 'it@norte.example', passwordHash: '!no-password', signedInAt: null });
    expect(first!.invitedAt).not.toBeNull();
    await run(new Date());
    const [mail] = await mailsTo('it@norte.example');
    expect(mail!.text).toContain('https://norte.example/auth/invitation?token=');
    expect(mail!.subject).toContain('vous invite');
    expect(
      await addCollege(server.db, features, {
        slug: 'norte',
        name: 'Again',
        hosts: ['x.example'],
        theme: '#000000',
        language: 'es',
        isDefault: false,
        allowSignup: false,
      }),
    ).toBeNull();
  });

  it('mails an invitation recorded without SMTP settings once they are saved, with a new link, and only the live ones', async () => {
    const smtpSettings = (method: 'PUT' | 'DELETE', payload?: object) =>
      server.app.inject({ method, url: '/api/v1/admin/integrations/smtp', headers: { host, ...bearer(adminToken) }, payload });
    // No mail server (an earlier test's settings removed as an administrator would).
    expect((await smtpSettings('DELETE')).statusCode).toBe(200);
    const waiting = await newMember('waits.for.smtp@colinas.test');
    const used = await newMember('used.before.smtp@colinas.test');
    await invite({ member_ids: [waiting, used] });
    // One job's runs, which look again only once the settings changed.
    const seen = { key: null };
    const jobRun = (m = mailer()) => sendDueInvitations(server.db, new Date(), { mailer: m }, new Map(), seen);
    await jobRun();
    await jobRun();
    const [recorded] = await mailsTo('waits.for.smtp@colinas.test');
    expect(recorded?.status).toBe('logged');
    // One of the two chose a password from a link handed to them some other way.
    const [usedMail] = await mailsTo('used.before.smtp@colinas.test');
    const accept = (token: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/invitations/accept',
        headers: { host },
        payload: { token, password: 'Vuelta-al-cole-2026', password_confirmation: 'Vuelta-al-cole-2026' },
      });
    expect((await accept(linkOf(usedMail!.text))).statusCode).toBe(200);

    const smtp = await startMailServer();
    try {
      const saved = await smtpSettings('PUT', { host: '127.0.0.1', port: smtp.port, security: 'none', from_address: 'no-reply@colinas.test' });
      expect(saved.statusCode, saved.body).toBe(200);
      const m = mailer();
      await jobRun(m);
      await m.idle();
      // A second run finds nothing more to send.
      await jobRun(m);
      await m.idle();
      expect(smtp.offered.get('waits.for.smtp@colinas.test')).toBe(1);
      expect(smtp.offered.get('used.before.smtp@colinas.test')).toBeUndefined();
      const [received] = smtp.to('waits.for.smtp@colinas.test');
      const sent = linkOf(received?.text ?? '');
      expect(sent).not.toBe(linkOf(recorded!.text));
      // The recorded link had reached no one: only the mailed one works.
      expect((await accept(linkOf(recorded!.text))).statusCode).toBe(422);
      expect((await accept(sent)).statusCode).toBe(200);
    } finally {
      await smtpSettings('DELETE');
      await smtp.close();
    }
  });

  it('refuses the invitation routes to staff, students and guardians, and another college’s members', async () => {
    const british = await server.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(colleges, eq(colleges.id, users.collegeId))
      .where(eq(colleges.slug, 'british'))
      .limit(1);
    for (const role of ['staff', 'student', 'guardian'] as const) {
      const token = await signIn(server.app, host, { email: `${role}@colinas.test` });
      expect((await invite({ member_ids: [british[0]!.id] }, token)).statusCode).toBe(403);
    }
    expect((await invite({ member_ids: [british[0]!.id] })).statusCode).toBe(404);
    const [college] = await server.db.select().from(colleges).where(eq(colleges.id, collegeId));
    // The service alone does not reach across colleges either.
    expect(await inviteMembers(server.db, { college: college!, actor: null, site: 'http://localhost' }, { memberIds: [british[0]!.id] })).toMatchObject({
      invited: 0,
      unknown: 1,
    });
  });
});
