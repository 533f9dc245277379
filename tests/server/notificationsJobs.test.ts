import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOf } from '../../contract/eventTime';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import { buildApp } from '../../server/app';
import { registry } from '../../server/features';
import { wakeJob } from '../../server/jobs';
import { defaultConfig } from '../../server/config';
import { openDatabase, type Database, type OpenDatabase } from '../../server/db/client';
import { colleges, mailOutbox, smtpSettings, users } from '../../server/db/schema';
import { HttpError } from '../../server/http/errors';
import { createMailer, type Mailer } from '../../server/mail/mailer';
import { emailDue } from '../../server/notifications/emailCascade';
import { deliveryOf } from '../../server/notifications/notificationQueries';
import { createNotification, pushJobName, recordReceipt, remindNotification } from '../../server/notifications/notificationService';
import { pushDue } from '../../server/notifications/pushJob';
import { pushSubscriptions } from '../../server/push/schema';
import { notificationReceipts, notifications } from '../../server/notifications/schema';
import { notificationPreferences } from '../../server/push/schema';
import type { MutationActor } from '../../server/sync/mutation';
import { loadViewer } from '../../server/sync/viewer';
import { writeInCollege } from '../../server/sync/writeInCollege';
import { backends, bearer, hostOf, signIn, startServer, type TestServer } from './harness';
import { membersOf, receiptsOf, RecordingPush, subscribeEveryone, type Member } from './notificationsHelpers';
import { collegeRefs, notificationArgs, push, type CollegeRefs } from './syncHelpers';

const zone = 'America/Santiago';
const minute = 60_000;
const at = (wall: string) => instantOf(wall, zone);
const later = (instant: Date, ms: number) => new Date(instant.getTime() + ms);

/**
 * The push job and the emergency cascade, driven by a fake clock: each run is given its
 * `now`, and notifications are sent at chosen instants of the college's day (its zone is
 * America/Santiago; every member has the default quiet hours, 21:00–07:00, unless a test
 * sets others). Days are apart so that what one test leaves due is not due in the next.
 */
describe.each(backends)('notification jobs on $name', (backend) => {
  let server: TestServer;
  let refs: CollegeRefs;
  let mailer: Mailer;
  const host = hostOf('colinas');
  const actors = {} as Record<'admin' | 'staff' | 'student', MutationActor>;
  let students: Member[];
  const services = (push = new RecordingPush()) => ({ push, mailer, log: server.app.log });

  const actorFor = async (email: string): Promise<MutationActor> => {
    const [user] = await server.db.select().from(users).where(eq(users.email, email));
    return { user: user!, viewer: await loadViewer(server.db, user!) };
  };
  const send = (actor: MutationActor, args: ReturnType<typeof notificationArgs>, now: Date) =>
    writeInCollege(server.db, refs.collegeId, (write) => createNotification(write, actor, args, now));
  const mailsAbout = (title: string) =>
    server.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, `%${title}`));
  /** Pushes everything due up to the real present, so a test sees only its own. */
  const drain = () => pushDue(server.db, later(new Date(), 400 * 24 * 60 * minute), services());

  beforeAll(async () => {
    server = await startServer(backend);
    refs = await collegeRefs(server.db, 'colinas');
    mailer = createMailer(server.db, server.app.log);
    actors.admin = await actorFor('admin@colinas.test');
    actors.staff = await actorFor('staff@colinas.test');
    students = await membersOf(server.db, refs.collegeId, refs.sectionId('1° Básico A'), 'student');
    actors.student = await actorFor(students[0]!.email);
    expect(students.length).toBeGreaterThan(1);
    await subscribeEveryone(server.db, refs.collegeId);
  });
  afterAll(async () => {
    await mailer.idle();
    await server.close();
  });

  it('holds ordinary notifications during quiet hours and sends them as one summary when they end; emergency alerts go at once', async () => {
    await drain();
    const [student, awake] = students;
    // One student turned quiet hours off.
    await server.db.insert(notificationPreferences).values({ userId: awake!.id, collegeId: refs.collegeId, quietHours: false });
    const night = at('2026-03-10T23:00');
    const morning = at('2026-03-11T07:00');
    const first = notificationArgs(refs, ['1° Básico A'], 'students', { title: 'Mañana traer buzo' });
    const second = notificationArgs(refs, ['1° Básico A'], 'students', { title: 'Cambio de sala' });
    const alert = notificationArgs(refs, ['1° Básico A'], 'students', { title: 'Corte de luz', emergency: true });
    for (const args of [first, second, alert]) await send(actors.admin, args, night);

    const recorder = new RecordingPush(2);
    await pushDue(server.db, night, services(recorder));
    const [alertMessage, ...rest] = recorder.to(student!.id);
    expect(rest).toEqual([]);
    const unread = await server.db
      .select()
      .from(notificationReceipts)
      .where(and(eq(notificationReceipts.userId, student!.id), eq(notificationReceipts.collegeId, refs.collegeId)));
    expect(alertMessage).toEqual({
      userId: student!.id,
      urgency: 'high',
      ttlSeconds: expect.any(Number) as number,
      payload: {
        title: 'Emergencia: Corte de luz',
        body: alert.content,
        url: `/notifications?notification=${alert.id}`,
        tag: `emergency-${alert.id}`,
        requireInteraction: true,
        emergency: true,
        badge: unread.filter((r) => r.readAt === null).length,
        timestamp: night.toISOString(),
      },
    });
    // Quiet hours off: the alert alone, and the two ordinary ones together as one summary.
    const awakeMessages = recorder.to(awake!.id).map((m) => m.payload.tag);
    expect(awakeMessages.sort()).toEqual([`emergency-${alert.id}`, 'summary']);
    const ordinary = (await receiptsOf(server.db, first.id)).find((r) => r.userId === student!.id)!;
    expect(ordinary).toMatchObject({ pushedAt: null, pushDueAt: morning });
    const alertReceipt = (await receiptsOf(server.db, alert.id)).find((r) => r.userId === student!.id)!;
    expect(alertReceipt).toMatchObject({ pushedAt: night, pushDueAt: null, pushedDevices: 2 });
    const [firstRow] = await server.db.select().from(notifications).where(eq(notifications.id, first.id));
    const waiting = await deliveryOf(server.db, firstRow!, night);
    expect(waiting.waiting_quiet_hours).toBe((await receiptsOf(server.db, first.id)).filter((r) => r.pushedAt === null).length);
    expect(waiting.pushed).toBe(1);

    recorder.clear();
    await pushDue(server.db, later(morning, -minute), services(recorder));
    expect(recorder.to(student!.id)).toEqual([]);
    await pushDue(server.db, morning, services(recorder));
    const summary = recorder.to(student!.id);
    expect(summary).toHaveLength(1);
    expect(summary[0]!.payload).toMatchObject({
      title: '2 notificaciones nuevas',
      url: '/notifications',
      tag: 'summary',
      requireInteraction: false,
      emergency: false,
    });
    expect(summary[0]!.payload.body).toContain('Mañana traer buzo');
    expect(summary[0]!.payload.body).toContain('Cambio de sala');
    for (const id of [first.id, second.id]) {
      expect((await receiptsOf(server.db, id)).find((r) => r.userId === student!.id)).toMatchObject({ pushedAt: morning, pushDueAt: null, pushedDevices: 2 });
    }
    expect((await deliveryOf(server.db, firstRow!, morning)).waiting_quiet_hours).toBe(0);
    recorder.clear();
    await pushDue(server.db, later(morning, minute), services(recorder));
    expect(recorder.messages).toEqual([]);
  });

  it('emails an emergency alert to whoever has not acknowledged it after the college’s wait, once, and not to those who did', async () => {
    const sentAt = at('2026-04-20T10:00');
    const title = 'Evacuación del edificio B';
    const args = notificationArgs(refs, ['1° Básico A'], 'everyone', { title, emergency: true });
    await send(actors.admin, args, sentAt);
    const receipts = await receiptsOf(server.db, args.id);
    // One member acknowledges in time; one has no email address to write to.
    await writeInCollege(server.db, refs.collegeId, (write) =>
      recordReceipt(write, actors.student, { notification_id: args.id }, true, later(sentAt, 5 * minute)),
    );
    const [guardian] = await membersOf(server.db, refs.collegeId, refs.sectionId('1° Básico A'), 'guardian');
    const guardianEmail = guardian!.email;
    await server.db.update(users).set({ email: '' }).where(eq(users.id, guardian!.id));
    try {
      await emailDue(server.db, later(sentAt, 10 * minute - 1000), services());
      expect(await mailsAbout(title)).toEqual([]);

      await emailDue(server.db, later(sentAt, 10 * minute), services());
      const mails = await mailsAbout(title);
      const emailed = receipts.filter((r) => r.userId !== actors.student.user.id && r.userId !== guardian!.id);
      expect(mails).toHaveLength(emailed.length);
      const addresses = await server.db
        .select({ email: users.email })
        .from(users)
        .where(
          inArray(
            users.id,
            emailed.map((r) => r.userId),
          ),
        );
      expect(mails.map((m) => m.to).sort()).toEqual(addresses.map((a) => a.email).sort());
      expect(mails.every((m) => m.status === 'logged' && m.text.includes(args.content) && m.subject.includes('ALERTA DE EMERGENCIA'))).toBe(true);
      const after = await receiptsOf(server.db, args.id);
      expect(
        after
          .filter((r) => r.emailedAt !== null)
          .map((r) => r.userId)
          .sort(),
      ).toEqual(emailed.map((r) => r.userId).sort());
      expect(after.find((r) => r.userId === guardian!.id)).toMatchObject({ emailedAt: null, emailDueAt: null });
      expect(after.find((r) => r.userId === actors.student.user.id)).toMatchObject({ emailedAt: null, emailDueAt: null });

      await emailDue(server.db, later(sentAt, 30 * minute), services());
      expect(await mailsAbout(title)).toHaveLength(emailed.length);
      const [row] = await server.db.select().from(notifications).where(eq(notifications.id, args.id));
      expect((await deliveryOf(server.db, row!, later(sentAt, 30 * minute))).emailed).toBe(emailed.length);
    } finally {
      await server.db.update(users).set({ email: guardianEmail }).where(eq(users.id, guardian!.id));
    }
  });

  it("emails through the college's SMTP server when it has one, in the college's language", async () => {
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
    try {
      const alianza = await collegeRefs(server.db, 'alianza');
      // A college in French: the server writes what it writes itself in English.
      await server.db.update(colleges).set({ language: 'fr' }).where(eq(colleges.id, alianza.collegeId));
      await server.db.insert(smtpSettings).values({
        id: uuidv7(),
        collegeId: alianza.collegeId,
        host: '127.0.0.1',
        port: (smtp.server.address() as { port: number }).port,
        security: 'none',
        fromAddress: 'no-reply@alianza.test',
      });
      const admin = await actorFor('admin@alianza.test');
      const sentAt = at('2026-04-27T10:00');
      const args = notificationArgs(alianza, [], 'staff', { title: 'Alerte incendie', emergency: true });
      await writeInCollege(server.db, alianza.collegeId, (write) => createNotification(write, admin, args, sentAt));
      const receipts = await receiptsOf(server.db, args.id);
      expect(receipts.length).toBeGreaterThan(1);
      await emailDue(server.db, later(sentAt, 10 * minute), services());
      await mailer.idle();
      const mails = await mailsAbout('Alerte incendie');
      expect(mails.map((m) => m.status)).toEqual(receipts.map(() => 'sent'));
      expect(mails.every((m) => m.subject.includes('EMERGENCY ALERT'))).toBe(true);
      expect(received).toHaveLength(receipts.length);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('resumes a cascade that stopped half way without losing or doubling a mail', async () => {
    const sentAt = at('2026-05-20T10:00');
    const title = 'Fuga de gas: no ingresar al casino';
    const args = notificationArgs(refs, [], 'college', { title, emergency: true });
    await send(actors.admin, args, sentAt);
    const receipts = await receiptsOf(server.db, args.id);
    expect(receipts.length).toBeGreaterThan(10);
    // The first runner records one batch, then dies in the second (its transaction rolls back).
    let calls = 0;
    const dying: Mailer = {
      ...mailer,
      record: (tx, collegeId, mails) => (++calls === 2 ? Promise.reject(new Error('the process died')) : mailer.record(tx, collegeId, mails)),
    };
    const due = later(sentAt, 10 * minute);
    await expect(emailDue(server.db, due, { mailer: dying, log: server.app.log }, { batchSize: 5 })).rejects.toThrow('the process died');
    expect(await mailsAbout(title)).toHaveLength(5);
    expect((await receiptsOf(server.db, args.id)).filter((r) => r.emailedAt !== null)).toHaveLength(5);

    // Another runner (after a restart) finishes the rest.
    await emailDue(server.db, later(due, minute), services(), { batchSize: 5 });
    const mails = await mailsAbout(title);
    expect(mails).toHaveLength(receipts.length);
    expect(new Set(mails.map((m) => m.to)).size).toBe(receipts.length);
    expect((await receiptsOf(server.db, args.id)).every((r) => r.emailedAt !== null)).toBe(true);
  });

  it('handles each due receipt exactly once when two processes run the jobs at the same time', async () => {
    await drain();
    const other: OpenDatabase | null = backend.url ? await openDatabase({ url: databaseUrlOf(server.db) }) : null;
    const secondDb: Database = other?.db ?? server.db;
    try {
      const sentAt = at('2026-06-17T11:00');
      const title = 'Simulacro de sismo a las 11:30';
      const alert = notificationArgs(refs, [], 'college', { title, emergency: true });
      const notice = notificationArgs(refs, [], 'college', { title: 'Aviso a todo el colegio' });
      await send(actors.admin, alert, sentAt);
      await send(actors.admin, notice, sentAt);
      const alertReceipts = await receiptsOf(server.db, alert.id);
      const noticeReceipts = await receiptsOf(server.db, notice.id);

      const [one, two] = [new RecordingPush(), new RecordingPush()];
      const pushed = await Promise.all([
        pushDue(server.db, sentAt, services(one), { batchSize: 3 }),
        pushDue(secondDb, sentAt, services(two), { batchSize: 3 }),
      ]);
      expect(pushed[0] + pushed[1]).toBe(alertReceipts.length + noticeReceipts.length);
      const messagesFor = (tag: string) => [...one.messages, ...two.messages].filter((m) => m.payload.tag === tag).map((m) => m.userId);
      expect(messagesFor(`emergency-${alert.id}`).sort()).toEqual(alertReceipts.map((r) => r.userId).sort());
      expect(messagesFor(`notification-${notice.id}`).sort()).toEqual(noticeReceipts.map((r) => r.userId).sort());
      expect((await receiptsOf(server.db, notice.id)).every((r) => r.pushedAt?.getTime() === sentAt.getTime() && r.pushDueAt === null)).toBe(true);

      const due = later(sentAt, 10 * minute);
      const emailed = await Promise.all([
        emailDue(server.db, due, services(), { batchSize: 3 }),
        emailDue(secondDb, due, { mailer: other ? createMailer(secondDb, server.app.log) : mailer, log: server.app.log }, { batchSize: 3 }),
      ]);
      expect(emailed[0].emailed + emailed[1].emailed).toBe(alertReceipts.length);
      const mails = await mailsAbout(title);
      expect(mails).toHaveLength(alertReceipts.length);
      expect(new Set(mails.map((m) => m.to)).size).toBe(alertReceipts.length);
    } finally {
      await other?.close();
    }
  });

  it('sends again to those who have not read it, at most once in 10 minutes, respecting quiet hours', async () => {
    await drain();
    const sentAt = at('2026-07-08T09:00');
    const args = notificationArgs(refs, ['1° Básico A'], 'students', { title: 'Autorización de salida' });
    await send(actors.staff, args, sentAt);
    const receipts = await receiptsOf(server.db, args.id);
    await pushDue(server.db, sentAt, services());
    await writeInCollege(server.db, refs.collegeId, (write) =>
      recordReceipt(write, actors.student, { notification_id: args.id }, false, later(sentAt, minute)),
    );

    const remind = (actor: MutationActor, now: Date) =>
      writeInCollege(server.db, refs.collegeId, (write) => remindNotification(write, actor, { notification_id: args.id }, now));
    const firstRemind = later(sentAt, 2 * minute);
    await remind(actors.staff, firstRemind);
    const recorder = new RecordingPush();
    await pushDue(server.db, firstRemind, services(recorder));
    const unread = receipts.filter((r) => r.userId !== actors.student.user.id).map((r) => r.userId);
    expect(recorder.messages.map((m) => m.userId).sort()).toEqual(unread.sort());
    expect(recorder.messages.every((m) => m.payload.tag === `notification-${args.id}`)).toBe(true);
    const [row] = await server.db.select().from(notifications).where(eq(notifications.id, args.id));
    expect(row!.remindedAt).toEqual(firstRemind);
    expect((await deliveryOf(server.db, row!, firstRemind)).reminded_at).toBe(firstRemind.toISOString());

    const tooSoon = remind(actors.admin, later(firstRemind, 9 * minute));
    await expect(tooSoon).rejects.toMatchObject({ statusCode: 409, message: messages.notificationRemindedRecently });
    await expect(tooSoon).rejects.toBeInstanceOf(HttpError);
    await expect(remind(actors.student, later(firstRemind, 11 * minute))).rejects.toMatchObject({ statusCode: 403 });

    // At 21:30 members with the default quiet hours are pushed again only when the night
    // ends; the one who turned them off (first test) at once.
    const evening = at('2026-07-08T21:30');
    await remind(actors.admin, evening);
    const again = (await receiptsOf(server.db, args.id)).filter((r) => r.userId !== actors.student.user.id);
    const awake = students[1]!.id;
    expect(again.map((r) => [r.userId, r.pushDueAt])).toEqual(again.map((r) => [r.userId, r.userId === awake ? evening : at('2026-07-09T07:00')]));
    expect(again.some((r) => r.userId === awake)).toBe(true);
    expect((await receiptsOf(server.db, args.id)).find((r) => r.userId === actors.student.user.id)!.pushDueAt).toBeNull();
  });

  it('refuses a second "send again" within 10 minutes over REST and push with a clear message', async () => {
    const token = await signIn(server.app, host, { email: 'staff@colinas.test' });
    const args = notificationArgs(refs, ['1° Básico A'], 'students');
    await push({ app: server.app, host, token }, [{ name: 'notifications.create', args }]);
    const first = await server.app.inject({ method: 'POST', url: `/api/v1/notifications/${args.id}/remind`, headers: { host, ...bearer(token) } });
    expect(first.statusCode).toBe(204);
    const second = await server.app.inject({ method: 'POST', url: `/api/v1/notifications/${args.id}/remind`, headers: { host, ...bearer(token) } });
    expect([second.statusCode, second.json()]).toEqual([409, { message: messages.notificationRemindedRecently }]);
    const [pushed] = await push({ app: server.app, host, token }, [{ name: 'notifications.remind', args: { notification_id: args.id } }]);
    expect(pushed).toMatchObject({ status: 'rejected', error: { status: 409, message: messages.notificationRemindedRecently } });
  });

  it('settles at once, without a message, the receipts of members with no browser subscribed', async () => {
    await drain();
    const [student, unsubscribed] = students;
    await server.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, unsubscribed!.id));
    const sentAt = at('2026-09-15T11:00');
    const args = notificationArgs(refs, ['1° Básico A'], 'students', { title: 'Reunión de apoderados' });
    await send(actors.staff, args, sentAt);
    const recorder = new RecordingPush();
    await pushDue(server.db, sentAt, services(recorder));
    expect(recorder.to(student!.id)).toHaveLength(1);
    expect(recorder.to(unsubscribed!.id)).toEqual([]);
    const receipt = (await receiptsOf(server.db, args.id)).find((r) => r.userId === unsubscribed!.id)!;
    expect(receipt).toMatchObject({ pushedAt: sentAt, pushDueAt: null, pushedDevices: 0 });
    await subscribeEveryone(server.db, refs.collegeId);
  });

  it('sends a notification to a school of 5,000 in one write and pushes it to each member once', async () => {
    await drain();
    // 5,000 more students in 3° Básico B (the statements below make them in one go).
    const section = refs.sectionId('3° Básico B');
    await server.db.execute(sql`
      insert into users (id, college_id, role, status, name, first_lastname, email, password_hash)
      select gen_random_uuid(), ${refs.collegeId}, 'student', 'active', 'Estudiante', n::text, 'bulk' || n || '@colinas.test', 'x'
      from generate_series(1, 5000) as n`);
    await server.db.execute(sql`
      insert into user_sections (college_id, user_id, section_id)
      select college_id, id, ${section} from users where email like 'bulk%@colinas.test'`);
    await subscribeEveryone(server.db, refs.collegeId);
    const sentAt = at('2026-08-12T10:00');
    const args = notificationArgs(refs, ['3° Básico B'], 'students', { title: 'Salida anticipada' });
    await send(actors.admin, args, sentAt);
    const receipts = await receiptsOf(server.db, args.id);
    // The section's students (staff may read it, but it is not sent to them).
    expect(receipts.length).toBeGreaterThanOrEqual(5000);
    expect(new Set(receipts.map((r) => r.seq)).size).toBe(receipts.length);

    const recorder = new RecordingPush();
    expect(await pushDue(server.db, sentAt, services(recorder))).toBe(receipts.length);
    expect(recorder.messages.map((m) => m.userId).sort()).toEqual(receipts.map((r) => r.userId).sort());
    expect(recorder.messages.every((m) => m.payload.tag === `notification-${args.id}`)).toBe(true);
    expect(recorder.calls.length).toBe(Math.ceil(receipts.length / 500));
  });

  it("hands a new alert to the push sender when it commits, not at the job's next tick, whichever process runs the jobs", async () => {
    const apps: FastifyInstance[] = [];
    const recorders: RecordingPush[] = [];
    /** Runs of the push job that ended, per app. */
    const pushRuns: number[] = [];
    const other: OpenDatabase | null = backend.url ? await openDatabase({ url: databaseUrlOf(server.db) }) : null;
    try {
      for (const [index, db] of (other ? [server.db, other.db] : [server.db]).entries()) {
        const recorder = new RecordingPush();
        pushRuns[index] = 0;
        // Ticks an hour apart (server/jobs.ts): after the first run, only a wake runs a job.
        const jobs = registry.jobs.map((job) => ({
          ...job,
          everyMs: 60 * minute,
          run: job.name === pushJobName ? (...args: Parameters<typeof job.run>) => job.run(...args).finally(() => pushRuns[index]!++) : job.run,
        }));
        const app = await buildApp({
          db,
          config: defaultConfig({ dataDir: server.dataDir, jobs: true }),
          push: recorder,
          mailer,
          registry: { ...registry, jobs },
        });
        await app.ready();
        apps.push(app);
        recorders.push(recorder);
      }
      /**
       * Wakes the push job until every runner ran it after the first wake (so the runs before
       * it have ended: a job's runs never overlap). Again while a runner does not listen yet.
       */
      const wakeEveryRunner = async () => {
        const before = [...pushRuns];
        await expect
          .poll(
            async () => {
              await wakeJob(server.db, pushJobName);
              return pushRuns.every((runs, index) => runs > before[index]!);
            },
            { timeout: 20_000, interval: 100 },
          )
          .toBe(true);
      };
      // The first runs (everything due so far) ended, and each runner hears wakes.
      await expect.poll(() => pushRuns.every((runs) => runs > 0), { timeout: 20_000 }).toBe(true);
      await wakeEveryRunner();
      const token = await signIn(server.app, host, { email: 'admin@colinas.test' });
      const args = notificationArgs(refs, [], 'staff', { emergency: true, title: 'Alerta para el personal' });
      const [result] = await push({ app: server.app, host, token }, [{ name: 'notifications.create', args }]);
      expect(result!.status).toBe('applied');
      const receipts = await receiptsOf(server.db, args.id);
      const handed = () =>
        recorders
          .flatMap((r) => r.messages)
          .filter((m) => m.payload.tag === `emergency-${args.id}`)
          .map((m) => m.userId)
          .sort();
      await expect.poll(handed, { timeout: 10_000 }).toEqual(receipts.map((r) => r.userId).sort());
      // Once each: another run of every runner hands nothing more.
      await wakeEveryRunner();
      expect(handed()).toEqual(receipts.map((r) => r.userId).sort());
    } finally {
      for (const app of apps) await app.close();
      await other?.close();
    }
  });
});

function databaseUrlOf(db: Database): string {
  return (db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
}
