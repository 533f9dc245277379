import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AudienceScope } from '../../contract/audience';
import type { DeliveryReport } from '../../contract/delivery';
import { messages } from '../../contract/messages';
import type { CreatePostArgs } from '../../contract/posts';
import { users } from '../../server/db/schema';
import { nextDigest } from '../../server/delivery/digestTime';
import { sendDueEmails } from '../../server/delivery/emailJob';
import { signLink } from '../../server/delivery/links';
import { mailTextsFor } from '../../server/delivery/mailTexts';
import { planDue } from '../../server/delivery/plan';
import { pushDueDeliveries } from '../../server/delivery/pushJob';
import { deliverySettings, memberDelivery } from '../../server/delivery/schema';
import { registry } from '../../server/features';
import { createMailer, type Mailer } from '../../server/mail/mailer';
import { loadSecretKey, type SecretKey } from '../../server/mail/secretKey';
import { createNotification } from '../../server/notifications/notificationService';
import { notificationReceipts } from '../../server/notifications/schema';
import { postViews, posts } from '../../server/posts/schema';
import { notificationPreferences, pushSubscriptions } from '../../server/push/schema';
import type { MutationActor } from '../../server/sync/mutation';
import { loadViewer } from '../../server/sync/viewer';
import { writeInCollege } from '../../server/sync/writeInCollege';
import { addFamilies, deliveryOf, linkToken, publishPost, startMailServer, unsubscribeUrlOf, useMailServer, type MailServer } from './deliveryHelpers';
import { backends, bearer, hostOf, signIn, startServer, type TestServer } from './harness';
import { RecordingPush } from './notificationsHelpers';
import { collegeRefs, eventArgs, notificationArgs, postArgs, push, type CollegeRefs } from './syncHelpers';

const college = 'Colegio Las Colinas';
const es = mailTextsFor('es');

/**
 * What members do with the delivery core's mails, in the real present (links are valid for
 * a while from when they were signed): the item's button, one-click unsubscribe (RFC 8058),
 * and what the item's author sees of its delivery. The jobs run by hand with `now`.
 */
describe.each(backends)('delivery links and reports on $name', (backend) => {
  let server: TestServer;
  let refs: CollegeRefs;
  let smtp: MailServer;
  let mailer: Mailer;
  let secrets: SecretKey;
  let adminToken: string;
  let admin: MutationActor;
  const host = hostOf('colinas');

  const plan = () => planDue(server.db, new Date(), registry.deliverables);
  const send = async (now = new Date()) => {
    const handed = await sendDueEmails(server.db, now, registry.deliverables, { mailer, log: server.app.log });
    await mailer.idle();
    return handed;
  };
  const post = (section: string, overrides: Partial<CreatePostArgs> = {}, token = adminToken, scope: AudienceScope = 'guardians') =>
    publishPost(server, host, token, postArgs(refs, [section], scope, overrides), new Date());
  const families = (section: string, count: number, options?: Parameters<typeof addFamilies>[5]) =>
    addFamilies(server.db, refs.collegeId, 'colinas', refs.sectionId(section), count, options);
  const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers: { host, ...headers } });
  const report = (kind: string, id: string, token: string, onHost = host) =>
    server.app.inject({ method: 'GET', url: `/api/v1/deliveries/${kind}/${id}`, headers: { host: onHost, ...bearer(token) } });
  const modesOf = async (userId: string) =>
    (
      await server.db
        .select({ posts: memberDelivery.posts, events: memberDelivery.events, notifications: memberDelivery.notifications })
        .from(memberDelivery)
        .where(eq(memberDelivery.userId, userId))
    )[0];
  /** A page a mail's link opened: its status and heading, in Spanish (the college's language). */
  const pageOf = (answer: LightMyRequestResponse) => ({
    status: answer.statusCode,
    type: answer.headers['content-type'],
    heading: /<h1[^>]*>([^<]*)<\/h1>/.exec(answer.body)?.[1],
  });

  beforeAll(async () => {
    server = await startServer(backend);
    refs = await collegeRefs(server.db, 'colinas');
    smtp = await startMailServer();
    await useMailServer(server.db, refs.collegeId, smtp, 'colinas');
    secrets = loadSecretKey(server.dataDir);
    mailer = createMailer(server.db, server.app.log, { secretKey: secrets, timeoutMs: 5000 });
    adminToken = await signIn(server.app, host, { email: 'admin@colinas.test' });
    const [user] = await server.db.select().from(users).where(eq(users.email, 'admin@colinas.test'));
    admin = { user: user!, viewer: await loadViewer(server.db, user!) };
  });
  // A test that ran the job at a later instant (a digest) moved the college's next free slot there.
  beforeEach(() =>
    server.db
      .insert(deliverySettings)
      .values({ collegeId: refs.collegeId, mailsPerSecond: 1000 })
      .onConflictDoUpdate({ target: deliverySettings.collegeId, set: { mailsPerSecond: 1000, nextMailAt: null } }),
  );
  afterAll(async () => {
    await mailer.idle();
    await server.close();
    await smtp.close();
  });

  it("opens the item from the email's button, marking it read as the app counts it; refuses altered, expired, foreign and someone else's links, marking nothing", async () => {
    const section = '7° Básico B';
    const [reader] = await families(section, 1, { syncedAt: null, chosen: { posts: 'immediate', notifications: 'immediate' } });
    const [someoneElse] = await families(section, 1, { syncedAt: new Date() });
    const args = await post(section, { title: 'Jornada de puertas abiertas' });
    await plan();
    await send();
    const [mail, ...more] = smtp.to(reader!.email);
    expect(more).toEqual([]);
    expect(smtp.to(someoneElse!.email)).toEqual([]);
    const token = linkToken(mail!, 'open');
    const url = `/mail/open/${token}`;
    expect(mail!.html).toContain(`href="http://localhost${url}"`);

    const changed = token.slice(0, 20) + (token[20] === 'A' ? 'B' : 'A') + token.slice(21);
    const expired = signLink(secrets, {
      purpose: 'open',
      kind: 'post',
      collegeId: refs.collegeId,
      userId: reader!.id,
      itemId: args.id,
      expiresAt: new Date(Date.now() - 60_000),
    });
    const spanish = { 'accept-language': 'es-CL,es;q=0.9' };
    const refusals = [
      await get(`/mail/open/${changed}`),
      await get(`/mail/open/${expired}`),
      await get(url, { host: hostOf('british'), ...spanish }),
      await get(url, { cookie: `token=${someoneElse!.token}` }),
      // An unsubscribe link is not a button.
      await get(`/mail/open/${linkToken(mail!, 'unsubscribe')}`),
    ].map(pageOf);
    const html = 'text/html; charset=utf-8';
    expect(refusals).toEqual([
      { status: 404, type: html, heading: es.pages.invalidTitle },
      { status: 410, type: html, heading: es.pages.expiredTitle },
      { status: 403, type: html, heading: es.pages.otherCollegeTitle },
      { status: 403, type: html, heading: es.pages.otherMemberTitle },
      { status: 404, type: html, heading: es.pages.invalidTitle },
    ]);
    const views = async () => (await server.db.select({ views: posts.views }).from(posts).where(eq(posts.id, args.id)))[0]!.views;
    const viewRows = () =>
      server.db
        .select()
        .from(postViews)
        .where(and(eq(postViews.postId, args.id), eq(postViews.userId, reader!.id)));
    const before = await views();
    expect(await deliveryOf(server.db, args.id, reader!.id)).toMatchObject({ readAt: null, openedAt: null });
    expect(await viewRows()).toEqual([]);

    const opened = await get(url);
    expect([opened.statusCode, opened.headers.location]).toEqual([303, `/blog/post/${args.id}`]);
    const row = await deliveryOf(server.db, args.id, reader!.id);
    expect(row!.readAt).not.toBeNull();
    expect(row!.openedAt).toEqual(row!.readAt);
    expect(await viewRows()).toHaveLength(1);
    expect(await views()).toBe(before + 1);
    // Again, signed in as themselves in this browser: the item opens, counted once.
    const again = await get(url, { cookie: `token=${reader!.token}` });
    expect([again.statusCode, again.headers.location]).toEqual([303, `/blog/post/${args.id}`]);
    expect(await views()).toBe(before + 1);
    expect((await deliveryOf(server.db, args.id, reader!.id))!.openedAt).toEqual(row!.openedAt);
    expect(await (await report('post', args.id, adminToken)).json()).toMatchObject({ seen: 1, opened_from_email: 1, emailed: 1 });

    // A notification's button marks its receipt read (on the member's devices too).
    const notice = notificationArgs(refs, [section], 'guardians', { title: 'Retiro anticipado el viernes' });
    await writeInCollege(server.db, refs.collegeId, (write) => createNotification(write, admin, notice, new Date()));
    await plan();
    await send();
    const noticeMail = smtp.to(reader!.email).find((m) => m.subject?.endsWith(notice.title));
    const receipt = async () =>
      (
        await server.db
          .select()
          .from(notificationReceipts)
          .where(and(eq(notificationReceipts.notificationId, notice.id), eq(notificationReceipts.userId, reader!.id)))
      )[0]!;
    expect((await receipt()).readAt).toBeNull();
    const openedNotice = await get(`/mail/open/${linkToken(noticeMail!, 'open')}`);
    expect([openedNotice.statusCode, openedNotice.headers.location]).toEqual([303, `/notifications?notification=${notice.id}`]);
    expect((await receipt()).readAt).not.toBeNull();
    expect((await deliveryOf(server.db, notice.id, reader!.id))!.openedAt).not.toBeNull();
  });

  it('unsubscribes with one click (RFC 8058): that kind in the app only, its waiting email not sent; the page asks first; a digest’s link stops every digest kind', async () => {
    const section = '8° Básico A';
    // A device synced today: in the app only, nothing reaches them by email.
    const [member] = await families(section, 1, { syncedAt: new Date(), chosen: { posts: 'immediate', events: 'immediate' } });
    await post(section, { title: 'Feria científica' });
    await plan();
    await send();
    const [mail] = smtp.to(member!.email);
    const path = new URL(unsubscribeUrlOf(mail!)!).pathname;
    // Another post waits for the job.
    const waiting = await post(section, { title: 'Feria científica: horarios' });
    await plan();
    expect((await deliveryOf(server.db, waiting.id, member!.id))!.emailDueAt).not.toBeNull();

    // The footer's link opens a page that asks; opening it changes nothing.
    const page = await get(path);
    expect(pageOf(page)).toEqual({ status: 200, type: 'text/html; charset=utf-8', heading: es.pages.unsubscribeTitle(es.kinds.post) });
    expect(page.body).toMatch(new RegExp(`<form method="post" action="${path}"[^>]*>\\s*<input type="hidden" name="List-Unsubscribe" value="One-Click">`));
    expect(await modesOf(member!.id)).toEqual({ posts: 'immediate', events: 'immediate', notifications: null });

    // The mail client's POST: no cookie, the RFC's body.
    const clicked = await server.app.inject({
      method: 'POST',
      url: path,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(pageOf(clicked)).toEqual({ status: 200, type: 'text/html; charset=utf-8', heading: es.pages.unsubscribedTitle(es.kinds.post) });
    // Posts in the app only; the other kinds keep what was in force.
    expect(await modesOf(member!.id)).toEqual({ posts: 'app', events: 'immediate', notifications: 'app' });
    expect(await deliveryOf(server.db, waiting.id, member!.id)).toMatchObject({ emailDueAt: null, emailSkipped: 'unsubscribed' });
    // The job then sends an event (still by email), not the waiting post.
    const event = eventArgs(refs, [section], 'guardians', { name: 'Feria científica: montaje' });
    const [created] = await push({ app: server.app, host, token: adminToken }, [{ name: 'events.create', args: event }]);
    expect(created!.status).toBe('applied');
    await plan();
    await send();
    expect(smtp.to(member!.email).map((m) => m.subject)).toEqual([`${college}: Feria científica`, `${college}: ${event.name}`]);
    const profile = await server.app.inject({
      method: 'GET',
      url: `/api/v1/admin/members/${member!.id}/delivery-preferences`,
      headers: { host, ...bearer(adminToken) },
    });
    expect(profile.json()).toMatchObject({ posts: 'app', events: 'immediate', notifications: 'app', chosen: true });

    // One email a day for posts and events: the digest's link stops both, not the notifications by email.
    const [daily] = await families(section, 1, { syncedAt: new Date(), chosen: { posts: 'digest', events: 'digest', notifications: 'immediate' } });
    await post(section, { title: 'Feria científica: premiación' });
    await plan();
    await send(nextDigest(new Date(), 'America/Santiago').at);
    const [digest] = smtp.to(daily!.email);
    expect(digest!.subject).toBe(es.digestSubject(college, 1));
    const digestPath = new URL(unsubscribeUrlOf(digest!)!).pathname;
    expect(pageOf(await get(digestPath)).heading).toBe(es.pages.unsubscribeTitle(es.kinds.digest));
    const stopped = await server.app.inject({
      method: 'POST',
      url: digestPath,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.statusCode).toBe(200);
    expect(await modesOf(daily!.id)).toEqual({ posts: 'app', events: 'app', notifications: 'immediate' });
  });

  it('keeps an unsubscribe when no device synced lately: no email of that kind, not by an administrator’s choice nor by "send again", until the member chooses email again', async () => {
    const section = '8° Básico B';
    // Signed in once, no device since: emailed whatever they chose (the app only).
    const [member] = await families(section, 1, { syncedAt: null, chosen: { posts: 'app' } });
    // Someone emailed as posts are published: the positive signal that each round did send.
    const [witness] = await families(section, 1, { syncedAt: new Date(), chosen: { posts: 'immediate' } });
    const first = await post(section, { title: 'Reunión de apoderados' });
    await plan();
    await send();
    const [mail] = smtp.to(member!.email);
    expect(mail!.subject).toBe(`${college}: Reunión de apoderados`);
    const clicked = await server.app.inject({
      method: 'POST',
      url: new URL(unsubscribeUrlOf(mail!)!).pathname,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode).toBe(200);
    const preferences = (url: string, token: string) => server.app.inject({ method: 'GET', url, headers: { host, ...bearer(token) } });
    const adminUrl = `/api/v1/admin/members/${member!.id}/delivery-preferences`;
    expect((await preferences(adminUrl, adminToken)).json()).toMatchObject({ posts: 'app', inactive: true, unsubscribed: ['posts'] });

    // Still no device: the next post reaches the witness by email, not them.
    const second = await post(section, { title: 'Reunión de apoderados: acta' });
    await plan();
    await send();
    expect(smtp.to(witness!.email).map((m) => m.subject)).toContain(`${college}: Reunión de apoderados: acta`);
    expect(await deliveryOf(server.db, second.id, member!.id)).toMatchObject({ emailMode: 'none', emailDueAt: null });
    expect(smtp.to(member!.email)).toHaveLength(1);
    // Their report names them, and why.
    const secondReport = (await report('post', second.id, adminToken)).json<DeliveryReport>();
    expect(secondReport.not_reached_members).toContainEqual({ user_id: member!.id, name: member!.name, role: 'guardian', reason: 'unsubscribed' });

    // "Send again" for the first post (unread by them) does not email them again.
    const reminded = await server.app.inject({
      method: 'POST',
      url: `/api/v1/deliveries/post/${first.id}/remind`,
      headers: { host, ...bearer(adminToken) },
      payload: {},
    });
    // The others who have not read it are emailed again (the witness among them), not them.
    expect(reminded.json<{ emailed: number }>().emailed).toBeGreaterThan(0);
    expect(await deliveryOf(server.db, first.id, witness!.id)).toMatchObject({ emailSkipped: null });
    expect((await deliveryOf(server.db, first.id, witness!.id))!.emailDueAt).not.toBeNull();
    expect(await deliveryOf(server.db, first.id, member!.id)).toMatchObject({ emailDueAt: null });

    // An administrator choosing email for them does not subscribe them again.
    const byAdmin = await server.app.inject({
      method: 'PUT',
      url: adminUrl,
      headers: { host, ...bearer(adminToken) },
      payload: { posts: 'immediate', events: 'app', notifications: 'app' },
    });
    expect(byAdmin.json()).toMatchObject({ posts: 'immediate', unsubscribed: ['posts'] });
    const third = await post(section, { title: 'Reunión de apoderados: fechas' });
    await plan();
    await send();
    expect(smtp.to(witness!.email).map((m) => m.subject)).toContain(`${college}: Reunión de apoderados: fechas`);
    expect(await deliveryOf(server.db, third.id, member!.id)).toMatchObject({ emailMode: 'none' });

    // Their own choice of email does.
    const own = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/profile/delivery-preferences',
      headers: { host, ...bearer(member!.token!) },
      payload: { posts: 'immediate', events: 'app', notifications: 'app' },
    });
    expect(own.json()).toMatchObject({ posts: 'immediate', unsubscribed: [] });
    await post(section, { title: 'Reunión de apoderados: cambio de sala' });
    await plan();
    await send();
    expect(smtp.to(member!.email).map((m) => m.subject)).toEqual([`${college}: Reunión de apoderados`, `${college}: Reunión de apoderados: cambio de sala`]);
  });

  it('records in the audit trail what an administrator changes of how a member is reached and of the college’s settings, and only what changed', async () => {
    const [member] = await families('7° Básico A', 1, { syncedAt: null });
    const trail = async (kind: string) =>
      (await server.app.inject({ method: 'GET', url: `/api/v1/admin/audit?kind=${kind}`, headers: { host, ...bearer(adminToken) } })).json<{
        data: { subject_member_id: string | null; subject_name: string; before: unknown; after: unknown }[];
      }>().data;
    const put = (url: string, payload: object, token = adminToken) => server.app.inject({ method: 'PUT', url, headers: { host, ...bearer(token) }, payload });
    const adminUrl = `/api/v1/admin/members/${member!.id}/delivery-preferences`;

    // Signed in, nothing chosen: the app only. The administrator sets the news to one email a day.
    expect((await put(adminUrl, { posts: 'digest', events: 'app', notifications: 'app' })).statusCode).toBe(200);
    const [record] = (await trail('member.deliveryChanged')).filter((r) => r.subject_member_id === member!.id);
    expect(record).toMatchObject({ subject_name: member!.name, before: { posts: 'app' }, after: { posts: 'digest' } });
    // Saving the same again is no change; the member's own choice is not an administrative action.
    expect((await put(adminUrl, { posts: 'digest', events: 'app', notifications: 'app' })).statusCode).toBe(200);
    expect((await put('/api/v1/profile/delivery-preferences', { posts: 'immediate', events: 'app', notifications: 'app' }, member!.token!)).statusCode).toBe(
      200,
    );
    expect((await trail('member.deliveryChanged')).filter((r) => r.subject_member_id === member!.id)).toHaveLength(1);

    const settings = '/api/v1/admin/delivery-settings';
    const current = (await server.app.inject({ method: 'GET', url: settings, headers: { host, ...bearer(adminToken) } })).json<{
      inactive_days: number;
      mails_per_second: number;
    }>();
    const before = (await trail('delivery.settingsChanged')).length;
    expect((await put(settings, { ...current, inactive_days: current.inactive_days + 1 })).statusCode).toBe(200);
    const changes = await trail('delivery.settingsChanged');
    expect(changes).toHaveLength(before + 1);
    expect(changes[0]).toMatchObject({ before: { inactive_days: current.inactive_days }, after: { inactive_days: current.inactive_days + 1 } });
    expect(changes[0]!.after).not.toHaveProperty('mails_per_second');
    expect((await put(settings, current)).statusCode).toBe(200);
  });

  it("reports an item's delivery to its author and administrators only, and sends it again once in 10 minutes", async () => {
    // The staff member teaches 1° Básico B.
    const section = '1° Básico B';
    const staffToken = await signIn(server.app, host, { email: 'staff@colinas.test' });
    const [byEmail] = await families(section, 1, { chosen: { posts: 'immediate' } });
    const [withPhone] = await families(section, 1, { syncedAt: new Date() });
    const [daily] = await families(section, 1);
    const [unreachable] = await families(section, 1, { email: '' });
    await server.db.insert(pushSubscriptions).values({
      endpoint: `https://fcm.googleapis.com/fcm/send/${withPhone!.id}`,
      collegeId: refs.collegeId,
      userId: withPhone!.id,
      p256dh: 'key',
      auth: 'auth',
    });
    await server.db.insert(notificationPreferences).values({ userId: withPhone!.id, collegeId: refs.collegeId, quietHours: false });
    const title = 'Cambio de profesora jefe';
    const args = await post(section, { title }, staffToken);
    await plan();
    const recorder = new RecordingPush();
    await pushDueDeliveries(server.db, new Date(), registry.deliverables, { push: recorder });
    expect(recorder.messages.filter((m) => m.payload.url === `/blog/post/${args.id}`).map((m) => m.userId)).toEqual([withPhone!.id]);
    await send();
    expect(smtp.to(byEmail!.email)).toHaveLength(1);
    expect((await get(`/mail/open/${linkToken(smtp.to(byEmail!.email)[0]!, 'open')}`)).statusCode).toBe(303);

    const expected: DeliveryReport = {
      kind: 'post',
      item_id: args.id,
      state: 'planned',
      addressed_to: 4,
      seen: 1,
      pushed: 1,
      emailed: 1,
      opened_from_email: 1,
      email_waiting: 1,
      email_not_sent: 0,
      email_failed: 0,
      not_reached: 1,
      not_reached_members: [{ user_id: unreachable!.id, name: unreachable!.name, role: 'guardian', reason: 'no_email' }],
      unread: 3,
      reminded_at: null,
      mail_configured: true,
    };
    const asAuthor = await report('post', args.id, staffToken);
    expect([asAuthor.statusCode, asAuthor.json()]).toEqual([200, expected]);
    const asAdmin = await report('post', args.id, adminToken);
    expect([asAdmin.statusCode, asAdmin.json()]).toEqual([200, expected]);

    const otherStaff = await signIn(server.app, host, { email: 'carolina.gonzalez@colinas.test' });
    const notYours = await report('post', args.id, otherStaff);
    expect([notYours.statusCode, notYours.json()]).toEqual([403, { message: messages.deliveryNotYours }]);
    const guardian = await signIn(server.app, host, { email: 'guardian@colinas.test' });
    expect((await report('post', args.id, guardian)).statusCode).toBe(403);
    const britishHost = hostOf('british');
    const britishAdmin = await signIn(server.app, britishHost, { email: 'admin@british.test' });
    const foreign = await report('post', args.id, britishAdmin, britishHost);
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { message: messages.deliveryNotFound }]);
    const british = await collegeRefs(server.db, 'british');
    const [britishPost] = await server.db.select({ id: posts.id }).from(posts).where(eq(posts.collegeId, british.collegeId)).limit(1);
    expect((await report('post', britishPost!.id, adminToken)).statusCode).toBe(404);
    // A post from before deliveries were counted (the seeded ones) says so, not zeros that would mean nothing.
    const [seeded] = await server.db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.collegeId, refs.collegeId), sql`not exists (select 1 from delivery_items i where i.item_id = ${posts.id})`))
      .limit(1);
    expect((await report('post', seeded!.id, adminToken)).json()).toMatchObject({ state: 'untracked', addressed_to: 0 });

    // Send again: pushed to the unread member's phone and emailed to the one waiting for the digest; once in 10 minutes.
    const remind = () => server.app.inject({ method: 'POST', url: `/api/v1/deliveries/post/${args.id}/remind`, headers: { host, ...bearer(staffToken) } });
    const first = await remind();
    expect([first.statusCode, first.json()]).toEqual([200, { pushed: 1, emailed: 1 }]);
    const second = await remind();
    expect([second.statusCode, second.json()]).toEqual([409, { message: messages.deliveryRemindedRecently }]);
    expect(
      (await server.app.inject({ method: 'POST', url: `/api/v1/deliveries/post/${args.id}/remind`, headers: { host, ...bearer(otherStaff) } })).statusCode,
    ).toBe(403);
    await send();
    expect(smtp.to(daily!.email).map((m) => m.subject)).toEqual([`${college}: ${title}`]);
    const after = (await report('post', args.id, staffToken)).json<DeliveryReport>();
    expect(after).toMatchObject({ emailed: 2, email_waiting: 0, reminded_at: expect.any(String) as string });
  });
});
