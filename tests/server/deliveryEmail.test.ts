import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { instantOf } from '../../contract/eventTime';
import type { DeliveryReport } from '../../contract/delivery';
import type { AudienceScope } from '../../contract/audience';
import type { CreatePostArgs } from '../../contract/posts';
import { openDatabase, type Database } from '../../server/db/client';
import { mailOutbox, users } from '../../server/db/schema';
import { sendDueEmails } from '../../server/delivery/emailJob';
import { mailTextsFor } from '../../server/delivery/mailTexts';
import { planDue } from '../../server/delivery/plan';
import { deliveryDigests, deliverySettings, memberDelivery } from '../../server/delivery/schema';
import { registry } from '../../server/features';
import { createMailer, retryDelaysMs, sendLeaseMs, type Mailer } from '../../server/mail/mailer';
import { loadSecretKey } from '../../server/mail/secretKey';
import { createNotification } from '../../server/notifications/notificationService';
import type { MutationActor } from '../../server/sync/mutation';
import { loadViewer } from '../../server/sync/viewer';
import { writeInCollege } from '../../server/sync/writeInCollege';
import {
  addFamilies,
  deliveriesOf,
  deliveryOf,
  headerLine,
  publishPost,
  startMailServer,
  unsubscribeUrlOf,
  useMailServer,
  type Family,
  type MailServer,
} from './deliveryHelpers';
import { backends, bearer, hostOf, signIn, startServer, type TestServer } from './harness';
import { collegeRefs, notificationArgs, postArgs, selectRows, type CollegeRefs } from './syncHelpers';

const zone = 'America/Santiago';
const at = (wall: string) => instantOf(wall, zone);
const later = (instant: Date, ms: number) => new Date(instant.getTime() + ms);
const hour = 3_600_000;
const day = 24 * hour;
const college = 'Colegio Las Colinas';
const es = mailTextsFor('es');
const fr = mailTextsFor('fr');

/**
 * The delivery core's emails, on a fake clock: items are dated at chosen instants of the
 * college's day (America/Santiago) and the plan and email jobs run by hand with a chosen
 * `now`, through the college's SMTP server on loopback. Each test has its own section and
 * members made for it, so what it counts is its own.
 */
describe.each(backends)('delivery by email on $name', (backend) => {
  let server: TestServer;
  let refs: CollegeRefs;
  let smtp: MailServer;
  let mailer: Mailer;
  let adminToken: string;
  let admin: MutationActor;
  const host = hostOf('colinas');

  const plan = (now: Date) => planDue(server.db, now, registry.deliverables);
  /** Runs the email job once at `now` and waits until SMTP has answered every mail it handed over. */
  const send = async (now: Date, via: Mailer = mailer, db: Database = server.db) => {
    const handed = await sendDueEmails(db, now, registry.deliverables, { mailer: via, log: server.app.log });
    await via.idle();
    return handed;
  };
  const post = (section: string, when: Date, overrides: Partial<CreatePostArgs> = {}, scope: AudienceScope = 'guardians') =>
    publishPost(server, host, adminToken, postArgs(refs, [section], scope, overrides), when);
  const families = (section: string, count: number, options?: Parameters<typeof addFamilies>[5]) =>
    addFamilies(server.db, refs.collegeId, 'colinas', refs.sectionId(section), count, options);
  const mailsAbout = (title: string) => smtp.received.filter((r) => r.mail.subject?.endsWith(title));
  const settings = async () => (await server.db.select().from(deliverySettings).where(eq(deliverySettings.collegeId, refs.collegeId)))[0]!;
  const setRate = (mailsPerSecond: number) =>
    server.db
      .insert(deliverySettings)
      .values({ collegeId: refs.collegeId, mailsPerSecond, nextMailAt: null })
      .onConflictDoUpdate({ target: deliverySettings.collegeId, set: { mailsPerSecond, nextMailAt: null } });
  const report = async (kind: string, id: string, token = adminToken, onHost = host) => {
    const answer = await server.app.inject({ method: 'GET', url: `/api/v1/deliveries/${kind}/${id}`, headers: { host: onHost, ...bearer(token) } });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<DeliveryReport>();
  };

  beforeAll(async () => {
    server = await startServer(backend);
    refs = await collegeRefs(server.db, 'colinas');
    smtp = await startMailServer();
    await useMailServer(server.db, refs.collegeId, smtp, 'colinas');
    // The app's own secret key: the links its mails carry are the ones its routes accept.
    mailer = createMailer(server.db, server.app.log, { secretKey: loadSecretKey(server.dataDir), timeoutMs: 5000 });
    adminToken = await signIn(server.app, host, { email: 'admin@colinas.test' });
    const [user] = await server.db.select().from(users).where(eq(users.email, 'admin@colinas.test'));
    admin = { user: user!, viewer: await loadViewer(server.db, user!) };
  });
  // Tests run at instants of their own (fake, or the real present): the college's rate starts afresh for each.
  beforeEach(() => setRate(1000));
  afterAll(async () => {
    await mailer.idle();
    await server.close();
    await smtp.close();
  });

  it('emails each member by the channel in force: chosen, the digest by default, the app only unless no device synced lately; emergencies to all at once', async () => {
    const section = '3° Básico A';
    const published = at('2026-03-02T10:00');
    const [chose] = await families(section, 1, { syncedAt: later(published, -hour), chosen: { posts: 'immediate' } });
    const [neverSignedIn] = await families(section, 1);
    // Within the college's 7 inactive days, and just past them.
    const [appOnly] = await families(section, 1, { syncedAt: later(published, -6 * day) });
    const [away] = await families(section, 1, { syncedAt: later(published, -8 * day) });
    const [french] = await families(section, 1, { syncedAt: later(published, -hour), chosen: { posts: 'immediate' }, language: 'fr' });
    const title = 'Reunión de apoderados de marzo';
    const args = await post(section, published, { title });
    expect(await plan(published)).toBeGreaterThanOrEqual(5);
    const plans = Object.fromEntries((await deliveriesOf(server.db, args.id)).map((row) => [row.userId, [row.emailMode, row.emailDueAt]]));
    expect(plans).toEqual({
      [chose!.id]: ['immediate', published],
      [neverSignedIn!.id]: ['digest', at('2026-03-02T18:00')],
      [appOnly!.id]: ['none', null],
      [away!.id]: ['immediate', published],
      [french!.id]: ['immediate', published],
    });

    expect(await send(published)).toBe(3);
    expect(smtp.to(neverSignedIn!.email)).toEqual([]);
    expect(smtp.to(appOnly!.email)).toEqual([]);
    const [mail, ...more] = smtp.to(chose!.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`${college}: ${title}`);
    expect(mail!.text).toContain('Texto del aviso.');
    expect(mail!.text).toContain(es.whyImmediate(college, es.kinds.post));
    expect(mail!.text).toMatch(new RegExp(`${es.open}: http://localhost/mail/open/[A-Za-z0-9_-]+`));
    expect(mail!.html).toContain('<html lang="es" dir="ltr">');
    expect(mail!.html).toContain(college);
    expect(mail!.html).toContain(title);
    const unsubscribe = unsubscribeUrlOf(mail!);
    expect(unsubscribe).toMatch(/^http:\/\/localhost\/mail\/unsubscribe\/[A-Za-z0-9_-]+$/);
    expect(headerLine(mail!, 'List-Unsubscribe')).toBe(`List-Unsubscribe: <${unsubscribe}>`);
    expect(headerLine(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    const [inactive, ...moreInactive] = smtp.to(away!.email);
    expect(moreInactive).toEqual([]);
    expect(inactive!.text).toContain(es.whyInactive(college));
    expect(unsubscribeUrlOf(inactive!)).toMatch(/\/mail\/unsubscribe\//);

    const [inFrench, ...moreFrench] = smtp.to(french!.email);
    expect(moreFrench).toEqual([]);
    expect(inFrench!.subject).toBe(fr.subject(college, title));
    expect(inFrench!.text).toContain(fr.open);
    expect(inFrench!.text).toContain(fr.whyImmediate(college, fr.kinds.post));
    expect(inFrench!.text).not.toContain(es.open);
    expect(inFrench!.html).toContain('<html lang="fr" dir="ltr">');
    expect(inFrench!.html).toContain(college);

    // The member who never signed in gets the day's digest at 18:00.
    expect(await send(at('2026-03-02T17:59'))).toBe(0);
    await send(at('2026-03-02T18:00'));
    const [digest, ...moreDigests] = smtp.to(neverSignedIn!.email);
    expect(moreDigests).toEqual([]);
    expect(digest!.subject).toBe(es.digestSubject(college, 1));
    expect(digest!.text).toContain(title);
    expect(digest!.text).toContain(es.whyDigest(college));

    // An emergency goes to everyone with an address at once, whatever they chose, and cannot be unsubscribed from.
    const alertAt = at('2026-03-02T19:00');
    const alert = notificationArgs(refs, [section], 'guardians', { title: 'Corte de agua: salida a las 13:00', emergency: true });
    await writeInCollege(server.db, refs.collegeId, (write) => createNotification(write, admin, alert, alertAt));
    await plan(alertAt);
    await send(alertAt);
    const everyone = [chose!, neverSignedIn!, appOnly!, away!, french!];
    for (const family of everyone) {
      const alerts = smtp.to(family.email).filter((m) => m.subject?.endsWith(alert.title));
      expect(alerts, family.email).toHaveLength(1);
      const language = family === french ? fr : es;
      expect(alerts[0]!.subject).toBe(language.emergencySubject(college, alert.title));
      expect(alerts[0]!.text).toContain(language.whyEmergency(college));
      expect(alerts[0]!.headers.get('list')).toBeUndefined();
      expect(headerLine(alerts[0]!, 'List-Unsubscribe-Post')).toBeUndefined();
    }
    expect((await deliveriesOf(server.db, alert.id)).map((row) => row.emailMode)).toEqual(everyone.map(() => 'emergency'));
  });

  it('sends one digest per member at 18:00 of the college’s zone across both clock changes, with every item of the day as it is then', async () => {
    const section = '3° Básico B';
    const members = await families(section, 2);
    const digestsTo = (family: Family) => smtp.to(family.email);
    const publish = async (wall: string, title: string) => {
      const when = at(wall);
      const args = await post(section, when, { title });
      await plan(when);
      return args;
    };
    const editPost = async (args: CreatePostArgs, changes: Partial<CreatePostArgs>, section2 = section) => {
      const { id, ...fields } = { ...postArgs(refs, [section2], 'guardians', { title: args.title }), ...changes };
      const answer = await server.app.inject({ method: 'PUT', url: `/api/v1/posts/${args.id}`, headers: { host, ...bearer(adminToken) }, payload: fields });
      expect(answer.statusCode, `${id} ${answer.body}`).toBe(200);
    };

    // Chile leaves summer time at 00:00 on 5 April 2026 (UTC−3 → UTC−4): planned on the 4th
    // after its digest, an item waits for 18:00 of the 5th, which is 22:00 UTC, not 21:00.
    const eve = await publish('2026-04-04T19:00', 'Salida pedagógica del lunes');
    expect((await deliveryOf(server.db, eve.id, members[0]!.id))!.emailDueAt).toEqual(new Date('2026-04-05T22:00:00Z'));
    const morning = await publish('2026-04-05T09:00', 'Menú de la semana');
    const removed = await publish('2026-04-05T10:00', 'Aviso que se borrará');
    const moved = await publish('2026-04-05T11:00', 'Aviso para otro curso');
    const noon = await publish('2026-04-05T12:00', 'Cambio de horario');
    // Before 18:00: one is deleted, one now goes to another section, one is corrected.
    const deleted = await server.app.inject({ method: 'DELETE', url: `/api/v1/posts/${removed.id}`, headers: { host, ...bearer(adminToken) } });
    expect(deleted.statusCode).toBe(204);
    await editPost(moved, {}, '4° Básico B');
    await editPost(morning, { title: 'Menú corregido' });

    expect(await send(at('2026-04-05T17:59'))).toBe(0);
    for (const member of members) expect(digestsTo(member)).toEqual([]);
    await send(at('2026-04-05T18:00'));
    for (const member of members) {
      const [digest, ...more] = digestsTo(member);
      expect(more).toEqual([]);
      expect(digest!.subject).toBe(es.digestSubject(college, 3));
      const text = digest!.text!;
      // Newest first.
      const order = ['Cambio de horario', 'Menú corregido', 'Salida pedagógica del lunes'].map((title) => text.indexOf(title));
      expect(order.every((index) => index >= 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      for (const gone of ['Menú de la semana', 'Aviso que se borrará', 'Aviso para otro curso']) expect(text).not.toContain(gone);
      expect(digest!.html).toContain('Menú corregido');
      expect(unsubscribeUrlOf(digest!)).toMatch(/\/mail\/unsubscribe\//);
      expect((await deliveryOf(server.db, removed.id, member.id))!.emailSkipped).toBe('removed');
      expect((await deliveryOf(server.db, moved.id, member.id))!.emailSkipped).toBe('removed');
      for (const item of [eve, morning, noon])
        expect((await deliveryOf(server.db, item.id, member.id))!.mailId).toBe((await deliveryOf(server.db, noon.id, member.id))!.mailId);
    }
    // A plan that ran late (another process) adds an item to the day's digest after it left: it waits for the next day's.
    const late = await publish('2026-04-05T17:59', 'Recordatorio: reunión del martes');
    await send(at('2026-04-05T18:30'));
    for (const member of members) {
      expect(digestsTo(member)).toHaveLength(1);
      expect((await deliveryOf(server.db, late.id, member.id))!.emailDueAt).toEqual(new Date('2026-04-06T22:00:00Z'));
    }
    await send(at('2026-04-06T18:00'));
    for (const member of members) {
      const [, next, ...more] = digestsTo(member);
      expect(more).toEqual([]);
      expect(next!.subject).toBe(es.digestSubject(college, 1));
      expect(next!.text).toContain('Recordatorio: reunión del martes');
    }

    // Summer time again at 00:00 on 6 September 2026 (UTC−4 → UTC−3): the 5th's digest
    // leaves at 22:00 UTC, the 6th's at 21:00 UTC.
    const before = await publish('2026-09-05T10:00', 'Acto de Fiestas Patrias');
    const after = await publish('2026-09-05T20:00', 'Horario del lunes 7');
    expect((await deliveryOf(server.db, before.id, members[0]!.id))!.emailDueAt).toEqual(new Date('2026-09-05T22:00:00Z'));
    expect((await deliveryOf(server.db, after.id, members[0]!.id))!.emailDueAt).toEqual(new Date('2026-09-06T21:00:00Z'));
    await send(at('2026-09-05T18:00'));
    await send(at('2026-09-06T17:59'));
    for (const member of members) {
      const [, , fifth, ...more] = digestsTo(member);
      expect(more).toEqual([]);
      expect(fifth!.subject).toBe(es.digestSubject(college, 1));
      expect(fifth!.text).toContain('Acto de Fiestas Patrias');
      expect(fifth!.text).not.toContain('Horario del lunes 7');
    }
    await send(at('2026-09-06T18:00'));
    await send(at('2026-09-06T20:00'));
    for (const member of members) {
      const [, , , sixth, ...more] = digestsTo(member);
      expect(more).toEqual([]);
      expect(sixth!.text).toContain('Horario del lunes 7');
      expect(sixth!.text).not.toContain('Acto de Fiestas Patrias');
    }
    const days = await server.db.select({ day: deliveryDigests.day }).from(deliveryDigests).where(eq(deliveryDigests.userId, members[0]!.id));
    expect(days.map((d) => d.day).sort()).toEqual(['2026-04-05', '2026-04-06', '2026-09-05', '2026-09-06']);
  });

  it('loses no mail and doubles none when a runner dies before or after its commit, half way through a post', async () => {
    const many = await families('5° Básico A', 30, { chosen: { posts: 'immediate' } });
    const published = at('2026-10-14T10:00');
    const title = 'Reunión general de apoderados';
    const args = await post('5° Básico A', published, { title });
    await plan(published);
    // Ten a second: the post's mails leave over three seconds.
    await setRate(10);
    const emailed = async () => (await deliveriesOf(server.db, args.id)).filter((r) => r.emailedAt !== null).length;

    // The first second's runner commits its round, then dies before handing the mails to SMTP.
    const silent: Mailer = {
      ...mailer,
      record: async (tx, collegeId, mails) => ({ ...(await mailer.record(tx, collegeId, mails)), deliver: () => Promise.resolve() }),
    };
    expect(await send(published, silent)).toBe(10);
    expect(mailsAbout(title)).toEqual([]);
    expect(await emailed()).toBe(10);
    // The next second's runner dies while recording its round: its transaction rolls back.
    const dying: Mailer = { ...mailer, record: () => Promise.reject(new Error('the process died')) };
    await expect(send(later(published, 1000), dying)).rejects.toThrow('the process died');
    expect(await emailed()).toBe(10);
    expect((await settings()).nextMailAt).toEqual(later(published, 1000));

    // After a restart the job sends the rest, and the mail door's lease the orphaned round.
    expect(await send(later(published, 1000))).toBe(10);
    expect(await send(later(published, 2000))).toBe(10);
    expect(await send(later(published, 3000))).toBe(0);
    expect(mailsAbout(title)).toHaveLength(20);
    expect(await mailer.retryDue(new Date(Date.now() + sendLeaseMs + 1000))).toBe(10);
    const mails = mailsAbout(title);
    expect(mails).toHaveLength(30);
    expect(new Set(mails.map((m) => m.to))).toEqual(new Set(many.map((m) => m.email)));
    const outbox = await server.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.subject} like ${`%${title}`}`);
    expect(outbox.map((m) => m.status)).toEqual(many.map(() => 'sent'));
    expect(await emailed()).toBe(30);
  });

  if (backend.name === 'postgres')
    it('hands each member one mail, at the college’s rate, when two runners on two connections run the job every second at once', async () => {
      const many = await families('5° Básico B', 40, { chosen: { posts: 'immediate' } });
      const other = await openDatabase({ url: databaseUrlOf(server.db) });
      const otherMailer = createMailer(other.db, server.app.log, { secretKey: loadSecretKey(server.dataDir), timeoutMs: 5000 });
      try {
        const published = at('2026-10-21T10:00');
        const title = 'Simulacro de evacuación del jueves';
        await post('5° Básico B', published, { title });
        await plan(published);
        await setRate(10);
        /** Statements of this database waiting for a lock another transaction holds. */
        const waiting = async () =>
          (
            await selectRows<{ n: number }>(
              server.db,
              sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            )
          )[0]!.n;
        // The first round recorded holds the college's row until the other runner is seen waiting for it: they overlap.
        let overlapped = false;
        const holding = (inner: Mailer): Mailer => ({
          ...inner,
          record: async (tx, collegeId, mails) => {
            if (!overlapped) {
              await expect.poll(waiting, { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
              overlapped = true;
            }
            return inner.record(tx, collegeId, mails);
          },
        });
        /** A process running the job once a second for six seconds: what it handed over, per second. */
        const runner = async (db: Database, via: Mailer) => {
          const handed: number[] = [];
          for (let second = 0; second < 6; second++) handed.push(await send(later(published, second * 1000), via, db));
          return handed;
        };
        const [one, two] = await Promise.all([runner(server.db, holding(mailer)), runner(other.db, holding(otherMailer))]);
        expect(overlapped).toBe(true);
        const perSecond = one.map((n, second) => n + two[second]!);
        expect(perSecond).toEqual([10, 10, 10, 10, 0, 0]);
        const mails = mailsAbout(title);
        expect(mails).toHaveLength(40);
        expect(new Set(mails.map((m) => m.to))).toEqual(new Set(many.map((m) => m.email)));
      } finally {
        await otherMailer.idle();
        await other.close();
      }
    });

  it('hands over at most mails_per_second mails a second, the next ones in the next second', async () => {
    const published = at('2026-11-03T10:00');
    const few = await families('6° Básico A', 12, { chosen: { posts: 'immediate' } });
    await send(published);
    await setRate(5);
    const title = 'Entrega de libretas';
    await post('6° Básico A', published, { title });
    await plan(published);
    expect(await send(published)).toBe(5);
    expect((await settings()).nextMailAt).toEqual(later(published, 1000));
    // The second is spent: another run in it hands over nothing.
    expect(await send(published)).toBe(0);
    expect(mailsAbout(title)).toHaveLength(5);
    expect(await send(later(published, 1000))).toBe(5);
    expect((await settings()).nextMailAt).toEqual(later(published, 2000));
    expect(await send(later(published, 2000))).toBe(2);
    expect((await settings()).nextMailAt).toEqual(later(published, 2400));
    const mails = mailsAbout(title);
    expect(mails).toHaveLength(12);
    expect(new Set(mails.map((m) => m.to))).toEqual(new Set(few.map((m) => m.email)));
  });

  it('records a permanent refusal as a bounce after one attempt and stops emailing the address; retries a temporary one', async () => {
    const [refused] = await families('6° Básico B', 1, { chosen: { posts: 'immediate' } });
    const [busy] = await families('6° Básico B', 1, { chosen: { posts: 'immediate' } });
    smtp.refuse.set(refused!.email, 550);
    smtp.refuse.set(busy!.email, 451);
    const outboxOf = (family: Family) => server.db.select().from(mailOutbox).where(eq(mailOutbox.userId, family.id));
    const published = at('2026-11-10T10:00');
    const first = await post('6° Básico B', published, { title: 'Campaña de invierno' });
    await plan(published);
    await send(published);

    expect(smtp.offered.get(refused!.email)).toBe(1);
    expect(await outboxOf(refused!)).toMatchObject([{ status: 'failed', attempts: 1, nextAttemptAt: null, error: expect.stringContaining('550') as string }]);
    const [bounce] = await server.db.select().from(memberDelivery).where(eq(memberDelivery.userId, refused!.id));
    expect(bounce).toMatchObject({ bouncedEmail: refused!.email, bounceReason: expect.stringContaining('550') as string });
    const preferencesOf = async (family: Family) => {
      const answer = await server.app.inject({
        method: 'GET',
        url: `/api/v1/admin/members/${family.id}/delivery-preferences`,
        headers: { host, ...bearer(adminToken) },
      });
      expect(answer.statusCode).toBe(200);
      return answer.json<{ bounce: { at: string; reason: string } | null; email: string }>();
    };
    expect(await preferencesOf(refused!)).toMatchObject({
      email: refused!.email,
      bounce: { at: bounce!.bouncedAt!.toISOString(), reason: bounce!.bounceReason },
    });

    // 451: tried again later, not a bounce.
    const [pending] = await outboxOf(busy!);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, error: expect.stringContaining('451') as string });
    expect(pending!.nextAttemptAt).not.toBeNull();
    expect((await preferencesOf(busy!)).bounce).toBeNull();
    expect(await report('post', first.id)).toMatchObject({ email_failed: 1, email_waiting: 1, emailed: 0 });

    const next = later(published, hour);
    const second = await post('6° Básico B', next, { title: 'Campaña de invierno: horarios' });
    await plan(next);
    expect(await deliveryOf(server.db, second.id, refused!.id)).toMatchObject({ emailDueAt: null, emailSkipped: 'email_bounces', emailedAt: null });
    await send(next);
    expect(smtp.offered.get(refused!.email)).toBe(1);
    expect(smtp.offered.get(busy!.email)).toBe(2);
    expect(await report('post', second.id)).toMatchObject({
      not_reached: 1,
      not_reached_members: [{ user_id: refused!.id, name: refused!.name, role: 'guardian', reason: 'email_bounces' }],
    });

    // The retry job tries the temporarily refused mails again once their wait has passed.
    expect(await mailer.retryDue(new Date(Date.now() + retryDelaysMs[0]! + 1000))).toBe(2);
    expect(smtp.offered.get(busy!.email)).toBe(4);
    expect((await outboxOf(busy!)).map((m) => [m.status, m.attempts])).toEqual([
      ['pending', 2],
      ['pending', 2],
    ]);
    expect(smtp.offered.get(refused!.email)).toBe(1);
  });

  it('records the mails of a college without SMTP settings as logged, and its report says so', async () => {
    const alianza = await collegeRefs(server.db, 'alianza');
    const alianzaHost = hostOf('alianza');
    const token = await signIn(server.app, alianzaHost, { email: 'admin@alianza.test' });
    const [member] = await addFamilies(server.db, alianza.collegeId, 'alianza', alianza.sectionId('3° Básico A'), 1, { chosen: { posts: 'immediate' } });
    const published = at('2026-11-17T10:00');
    const args = await publishPost(server, alianzaHost, token, postArgs(alianza, ['3° Básico A'], 'guardians'), published);
    await plan(published);
    await send(published);
    expect(await server.db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.userId, member!.id))).toEqual([{ status: 'logged' }]);
    expect(smtp.to(member!.email)).toEqual([]);
    expect(await report('post', args.id, token, alianzaHost)).toMatchObject({
      addressed_to: 1,
      emailed: 0,
      email_waiting: 0,
      email_not_sent: 1,
      mail_configured: false,
    });
    expect((await report('post', (await post('6° Básico B', published)).id)).mail_configured).toBe(true);
  });
});

function databaseUrlOf(db: Database): string {
  return (db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
}
