import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import type { Notification, NotificationDelivery, NotificationListResponse, NotificationPreferences, NotificationReceipt } from '../../contract/notifications';
import { addressedRoles } from '../../contract/notifications';
import { membersReached } from '../../server/audience/reach';
import { colleges, syncState } from '../../server/db/schema';
import { notificationReceipts, notifications } from '../../server/notifications/schema';
import { backends, bearer, hostOf, json, signIn, startServer, type TestServer } from './harness';
import { membersOf, membersOutside, receiptsOf, userIdOf, type Member } from './notificationsHelpers';
import { collegeRefs, notificationArgs, pullAll, push, upsertedIds, type CollegeRefs, type Session } from './syncHelpers';

describe.each(backends)('notifications on $name', (backend) => {
  let server: TestServer;
  let refs: CollegeRefs;
  const host = hostOf('colinas');
  const sessions = {} as Record<'admin' | 'staff' | 'inSection' | 'otherSection' | 'guardian', Session>;
  let inSection: Member;
  let otherSection: Member;
  let staffId: string;

  const call = (session: Session, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    server.app.inject({ method, url, headers: { host: session.host, ...bearer(session.token) }, ...(payload ? { payload } : {}) });
  const counter = async () => (await server.db.select({ seq: syncState.seq }).from(syncState).where(eq(syncState.collegeId, refs.collegeId)))[0]!.seq;
  const totals = async () => ({
    notifications: (await server.db.select({ n: count() }).from(notifications))[0]!.n,
    receipts: (await server.db.select({ n: count() }).from(notificationReceipts))[0]!.n,
    seq: await counter(),
  });

  beforeAll(async () => {
    server = await startServer(backend);
    refs = await collegeRefs(server.db, 'colinas');
    const session = async (email: string): Promise<Session> => ({ app: server.app, host, token: await signIn(server.app, host, { email }) });
    inSection = (await membersOf(server.db, refs.collegeId, refs.sectionId('1° Básico A'), 'student'))[0]!;
    otherSection = (await membersOutside(server.db, refs.collegeId, refs.sectionId('1° Básico A'), 'student'))[0]!;
    sessions.admin = await session('admin@colinas.test');
    sessions.staff = await session('staff@colinas.test');
    sessions.inSection = await session(inSection.email);
    sessions.otherSection = await session(otherSection.email);
    sessions.guardian = await session('guardian@colinas.test');
    staffId = await userIdOf(server.db, 'staff@colinas.test');
  });
  afterAll(() => server.close());

  it('sends one receipt to each active member the audience reaches, as the picker counts them, and none to its author', async () => {
    const args = notificationArgs(refs, ['1° Básico A'], 'students');
    const [result] = await push(sessions.staff, [{ name: 'notifications.create', args }]);
    expect(result!.status).toBe('applied');
    const receipts = await receiptsOf(server.db, args.id);
    const reached = await membersReached(server.db, refs.collegeId, { scope: 'students', section_ids: args.section_ids });
    // Sent to the roles the scope names: the students of the section, not the staff who may read it too.
    const addressed = reached.filter((m) => addressedRoles('students').includes(m.role) && m.id !== staffId);
    expect(receipts.map((r) => r.userId).sort()).toEqual(addressed.map((m) => m.id).sort());
    const userIds = new Set(receipts.map((r) => r.userId));
    expect(userIds.has(inSection.id)).toBe(true);
    expect(userIds.has(otherSection.id)).toBe(false);
    expect(userIds.has(staffId)).toBe(false);
    // Guardians of the section are not in a students' notification; staff read it, but it is not sent to them.
    expect(new Set(reached.map((m) => m.role))).toEqual(new Set(['student', 'staff', 'admin']));
    expect(new Set(reached.filter((m) => userIds.has(m.id)).map((m) => m.role))).toEqual(new Set(['student']));
    const [row] = await server.db.select().from(notifications).where(eq(notifications.id, args.id));
    expect(row!.sentTo).toBe(receipts.length);
    for (const receipt of receipts) {
      expect(receipt.audienceKeys).toEqual([`user:${receipt.userId}`]);
      expect(receipt.seenKeys).toEqual([`user:${receipt.userId}`]);
      expect(receipt.emailDueAt).toBeNull();
      expect(receipt.pushDueAt).not.toBeNull();
    }
    // Each row its own change number.
    expect(new Set([row!.seq, ...receipts.map((r) => r.seq)]).size).toBe(receipts.length + 1);

    const staffOnly = notificationArgs(refs, [], 'staff');
    await push(sessions.admin, [{ name: 'notifications.create', args: staffOnly }]);
    const staffReceipts = await receiptsOf(server.db, staffOnly.id);
    expect(staffReceipts.length).toBeGreaterThan(0);
    const roles = await membersReached(server.db, refs.collegeId, { scope: 'staff', section_ids: [] });
    expect(new Set(staffReceipts.map((r) => roles.find((m) => m.id === r.userId)?.role))).toEqual(new Set(['staff']));
  });

  it('pulls the notification to its audience and each receipt to its member alone', async () => {
    const cursors = new Map<Session, string>();
    for (const s of [sessions.inSection, sessions.otherSection, sessions.guardian, sessions.staff]) cursors.set(s, (await pullAll(s)).cursor);
    const args = notificationArgs(refs, ['1° Básico A'], 'students');
    await push(sessions.staff, [{ name: 'notifications.create', args }]);
    const receipts = await receiptsOf(server.db, args.id);
    const mine = receipts.find((r) => r.userId === inSection.id)!;

    const pulled = await pullAll(sessions.inSection, cursors.get(sessions.inSection));
    expect(upsertedIds(pulled.changes, 'notifications')).toEqual([args.id]);
    expect(upsertedIds(pulled.changes, 'notificationReceipts')).toEqual([mine.id]);
    const wire = pulled.changes.find((c) => c.entity === 'notificationReceipts');
    expect(wire).toMatchObject({ op: 'upsert', row: { id: mine.id, notification_id: args.id, read_at: null, acknowledged_at: null } });
    expect(Object.keys((wire as { row: object }).row).sort()).toEqual(['acknowledged_at', 'id', 'notification_id', 'read_at']);

    for (const s of [sessions.otherSection, sessions.guardian]) {
      const { changes } = await pullAll(s, cursors.get(s));
      expect(changes.filter((c) => c.entity.startsWith('notification'))).toEqual([]);
    }
    // Staff see the notification (they read everything by section), and only their own receipt.
    const staffPull = await pullAll(sessions.staff, cursors.get(sessions.staff));
    expect(upsertedIds(staffPull.changes, 'notifications')).toEqual([args.id]);
    expect(upsertedIds(staffPull.changes, 'notificationReceipts')).toEqual([]);

    // Reading reaches the member's other devices, and nobody else's.
    await push(sessions.inSection, [{ name: 'notifications.read', args: { notification_id: args.id } }]);
    const after = await pullAll(sessions.inSection, pulled.cursor);
    expect(after.changes.map((c) => c.entity)).toEqual(['notificationReceipts']);
    expect((after.changes[0] as unknown as { row: NotificationReceipt }).row.read_at).not.toBeNull();
    const othersAfter = await pullAll(sessions.staff, staffPull.cursor);
    expect(othersAfter.changes).toEqual([]);
  });

  it('records the first read and acknowledgement only, stops the cascade on acknowledging, and answers 404 for what the member cannot see', async () => {
    const args = notificationArgs(refs, ['1° Básico A'], 'everyone', { emergency: true, title: 'Simulacro de evacuación' });
    const [created] = await push(sessions.admin, [{ name: 'notifications.create', args }]);
    expect(created!.status).toBe('applied');
    const receiptOf = async () => (await receiptsOf(server.db, args.id)).find((r) => r.userId === inSection.id)!;
    const before = await receiptOf();
    const [college] = await server.db.select().from(colleges).where(eq(colleges.id, refs.collegeId));
    expect(before.emailDueAt!.getTime() - (await server.db.select().from(notifications).where(eq(notifications.id, args.id)))[0]!.createdAt.getTime()).toBe(
      college!.emergencyEmailMinutes * 60_000,
    );

    const read = () => push(sessions.inSection, [{ name: 'notifications.read', args: { notification_id: args.id } }]);
    expect((await read())[0]!.status).toBe('applied');
    const first = await receiptOf();
    expect(first.readAt).not.toBeNull();
    expect(first.acknowledgedAt).toBeNull();
    expect(first.emailDueAt).not.toBeNull();
    const seqAfterRead = await counter();
    expect((await read())[0]!.status).toBe('applied');
    expect(await receiptOf()).toEqual(first);
    expect(await counter()).toBe(seqAfterRead);

    const ack = await call(sessions.inSection, 'POST', `/api/v1/notifications/${args.id}/acknowledge`);
    expect(ack.statusCode).toBe(204);
    const acknowledged = await receiptOf();
    expect(acknowledged.readAt).toEqual(first.readAt);
    expect(acknowledged.acknowledgedAt).not.toBeNull();
    expect(acknowledged.emailDueAt).toBeNull();
    expect(acknowledged.seq).toBeGreaterThan(first.seq);
    expect((await push(sessions.inSection, [{ name: 'notifications.acknowledge', args: { notification_id: args.id } }]))[0]!.status).toBe('applied');
    expect(await receiptOf()).toEqual(acknowledged);

    // Not in its audience, unknown, or not an id: 404, changing nothing.
    const seq = await counter();
    const [notMine] = await push(sessions.otherSection, [{ name: 'notifications.read', args: { notification_id: args.id } }]);
    expect(notMine).toMatchObject({ status: 'rejected', error: { status: 404, message: messages.notificationNotFound } });
    const unknown = await call(sessions.inSection, 'POST', `/api/v1/notifications/${uuidv7()}/read`);
    expect([unknown.statusCode, json(unknown)]).toEqual([404, { message: messages.notificationNotFound }]);
    expect((await call(sessions.inSection, 'POST', '/api/v1/notifications/nope/acknowledge')).statusCode).toBe(404);
    const [badArgs] = await push(sessions.inSection, [{ name: 'notifications.read', args: { notification_id: 'nope' } }]);
    expect(badArgs).toMatchObject({ status: 'rejected', error: { status: 422 } });
    expect(await counter()).toBe(seq);

    // Its author may see it but was not sent it: nothing to record, and no error for their device.
    const [authorRead] = await push(sessions.admin, [{ name: 'notifications.read', args: { notification_id: args.id } }]);
    expect(authorRead!.status).toBe('applied');
    expect(await counter()).toBe(seq);
  });

  it('lets only administrators send emergency alerts, and a refused or invalid notification changes nothing', async () => {
    const before = await totals();
    const emergency = notificationArgs(refs, [], 'college', { emergency: true });
    const [refused] = await push(sessions.staff, [{ name: 'notifications.create', args: emergency }]);
    expect(refused).toMatchObject({ status: 'rejected', error: { status: 403, message: messages.emergencyNotAllowed } });
    const { id: _id, ...fields } = emergency;
    const rest = await call(sessions.staff, 'POST', '/api/v1/notifications', fields);
    expect([rest.statusCode, json(rest)]).toEqual([403, { message: messages.emergencyNotAllowed }]);
    const student = await call(sessions.inSection, 'POST', '/api/v1/notifications', { ...fields, emergency: false });
    expect(student.statusCode).toBe(403);
    const [studentPush] = await push(sessions.inSection, [{ name: 'notifications.create', args: { ...emergency, id: uuidv7(), emergency: false } }]);
    expect(studentPush!.error?.status).toBe(403);

    for (const invalid of [
      { ...fields, title: '   ' },
      { ...fields, content: '' },
      { ...fields, scope: 'students', section_ids: [], course_ids: [], grade_ids: [] },
      { ...notificationArgs(refs, ['1° Básico A'], 'students'), id: undefined, section_ids: [uuidv7()] },
      { ...fields, emergency: 'yes' },
    ]) {
      const answer = await call(sessions.admin, 'POST', '/api/v1/notifications', invalid);
      expect(answer.statusCode, answer.body).toBe(422);
      expect(typeof json<{ message: string }>(answer).message).toBe('string');
    }
    expect(await totals()).toEqual(before);

    const created = await call(sessions.admin, 'POST', '/api/v1/notifications', fields);
    expect(created.statusCode).toBe(201);
    expect(json<Notification>(created)).toMatchObject({ emergency: true, scope: 'college', author_name: expect.any(String) as string });
    // The same id again: 409, never someone else's row overwritten.
    const again = await call(sessions.admin, 'POST', '/api/v1/notifications', { ...fields, id: json<Notification>(created).id, title: 'Otro' });
    expect(again.statusCode).toBe(409);
  });

  it("lists the member's notifications newest first with their receipt, and staff the figures of what the college sent", async () => {
    const older = notificationArgs(refs, ['1° Básico A'], 'students', { title: 'Primero' });
    const newer = notificationArgs(refs, ['1° Básico A'], 'students', { title: 'Segundo' });
    await push(sessions.staff, [{ name: 'notifications.create', args: older }]);
    await push(sessions.staff, [{ name: 'notifications.create', args: newer }]);
    await push(sessions.inSection, [{ name: 'notifications.read', args: { notification_id: older.id } }]);

    const list = await call(sessions.inSection, 'GET', '/api/v1/notifications?per_page=2');
    expect(list.statusCode).toBe(200);
    const body = json<NotificationListResponse>(list);
    expect(body.data.map((n) => n.title)).toEqual(['Segundo', 'Primero']);
    expect(body.data[0]!.read_at).toBeNull();
    expect(body.data[1]!.read_at).not.toBeNull();
    expect(body.meta).toMatchObject({ page: 1, per_page: 2 });
    expect(body.meta.last_page).toBe(Math.ceil(body.meta.total / 2));
    const page2 = json<NotificationListResponse>(await call(sessions.inSection, 'GET', '/api/v1/notifications?per_page=2&page=2'));
    expect(page2.data.map((n) => n.id)).not.toContain(newer.id);
    const others = json<NotificationListResponse>(await call(sessions.otherSection, 'GET', '/api/v1/notifications?per_page=100'));
    expect(others.data.map((n) => n.id)).not.toContain(newer.id);
    expect((await call(sessions.inSection, 'GET', '/api/v1/notifications?per_page=500')).statusCode).toBe(422);
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: { host } })).statusCode).toBe(401);

    const sent = await call(sessions.staff, 'GET', '/api/v1/notifications/sent');
    expect(sent.statusCode).toBe(200);
    const olderFigures = json<{ data: { id: string; sent_to: number; read: number; acknowledged: number }[] }>(sent).data.find((n) => n.id === older.id)!;
    expect(olderFigures).toMatchObject({ read: 1, acknowledged: 0 });
    expect(olderFigures.sent_to).toBe((await receiptsOf(server.db, older.id)).length);
    expect((await call(sessions.inSection, 'GET', '/api/v1/notifications/sent')).statusCode).toBe(403);

    const delivery = await call(sessions.staff, 'GET', `/api/v1/notifications/${older.id}/delivery`);
    expect(delivery.statusCode).toBe(200);
    const figures = json<NotificationDelivery>(delivery);
    expect(figures).toMatchObject({ notification_id: older.id, sent_to: olderFigures.sent_to, read: 1, acknowledged: 0, emailed: 0, reminded_at: null });
    expect(figures.unread.map((u) => u.user_id)).not.toContain(inSection.id);
    expect(figures.unread).toHaveLength(olderFigures.sent_to - 1);
    expect((await call(sessions.inSection, 'GET', `/api/v1/notifications/${older.id}/delivery`)).statusCode).toBe(403);
    expect((await call(sessions.staff, 'GET', `/api/v1/notifications/${uuidv7()}/delivery`)).statusCode).toBe(404);
  });

  it("keeps each college's notifications to itself: another college's ids answer 404", async () => {
    const args = notificationArgs(refs, [], 'college');
    await push(sessions.admin, [{ name: 'notifications.create', args }]);
    const british = hostOf('british');
    const admin: Session = { app: server.app, host: british, token: await signIn(server.app, british, { email: 'admin@british.test' }) };
    for (const [method, url] of [
      ['GET', `/api/v1/notifications/${args.id}/delivery`],
      ['POST', `/api/v1/notifications/${args.id}/read`],
      ['POST', `/api/v1/notifications/${args.id}/acknowledge`],
      ['POST', `/api/v1/notifications/${args.id}/remind`],
    ] as const) {
      const answer = await call(admin, method, url);
      expect([answer.statusCode, json(answer)], `${method} ${url}`).toEqual([404, { message: messages.notificationNotFound }]);
    }
    const [remind] = await push(admin, [{ name: 'notifications.remind', args: { notification_id: args.id } }]);
    expect(remind!.error?.status).toBe(404);
    const list = json<NotificationListResponse>(await call(admin, 'GET', '/api/v1/notifications?per_page=100'));
    expect(list.data.every((n) => n.college_id !== refs.collegeId)).toBe(true);
    const sent = json<{ data: { id: string }[] }>(await call(admin, 'GET', '/api/v1/notifications/sent?per_page=100'));
    expect(sent.data.map((n) => n.id)).not.toContain(args.id);
    // A British token on the Colinas host is nobody.
    expect((await call({ ...admin, host }, 'GET', '/api/v1/notifications')).statusCode).toBe(401);
  });

  it("keeps a member's quiet hours and the college's emergency wait, refusing invalid values without change", async () => {
    const url = '/api/v1/notifications/preferences';
    expect(json(await call(sessions.guardian, 'GET', url))).toEqual({ quiet_hours: true, quiet_start: '21:00', quiet_end: '07:00' });
    const mine: NotificationPreferences = { quiet_hours: true, quiet_start: '22:30', quiet_end: '06:15' };
    expect(json(await call(sessions.guardian, 'PUT', url, mine))).toEqual(mine);
    for (const invalid of [{ ...mine, quiet_end: '22:30' }, { ...mine, quiet_start: '24:00' }, { ...mine, quiet_start: '7:00' }, { quiet_hours: 'no' }]) {
      const answer = await call(sessions.guardian, 'PUT', url, invalid);
      expect(answer.statusCode, answer.body).toBe(422);
    }
    expect(json(await call(sessions.guardian, 'GET', url))).toEqual(mine);
    expect(json(await call(sessions.inSection, 'GET', url))).toEqual({ quiet_hours: true, quiet_start: '21:00', quiet_end: '07:00' });

    const settings = '/api/v1/admin/notification-settings';
    expect(json(await call(sessions.admin, 'GET', settings))).toEqual({ emergency_email_minutes: 10 });
    expect((await call(sessions.staff, 'PUT', settings, { emergency_email_minutes: 5 })).statusCode).toBe(403);
    expect((await call(sessions.staff, 'GET', settings)).statusCode).toBe(403);
    for (const invalid of [0, 1441, 2.5, '5']) expect((await call(sessions.admin, 'PUT', settings, { emergency_email_minutes: invalid })).statusCode).toBe(422);
    expect(json(await call(sessions.admin, 'GET', settings))).toEqual({ emergency_email_minutes: 10 });
    expect(json(await call(sessions.admin, 'PUT', settings, { emergency_email_minutes: 3 }))).toEqual({ emergency_email_minutes: 3 });
    const args = notificationArgs(refs, [], 'staff', { emergency: true });
    await push(sessions.admin, [{ name: 'notifications.create', args }]);
    const [row] = await server.db.select().from(notifications).where(eq(notifications.id, args.id));
    for (const receipt of await receiptsOf(server.db, args.id)) expect(receipt.emailDueAt!.getTime() - row!.createdAt.getTime()).toBe(3 * 60_000);
    await call(sessions.admin, 'PUT', settings, { emergency_email_minutes: 10 });
  });

  it('seeds demo notifications with receipts, one of them an emergency alert nobody acknowledged', async () => {
    const seeded = await server.db.select().from(notifications).where(eq(notifications.collegeId, refs.collegeId));
    const alert = seeded.find((n) => n.emergency && n.authorName !== '' && n.title.startsWith('Corte de agua'))!;
    expect(alert).toBeDefined();
    const receipts = await receiptsOf(server.db, alert.id);
    expect(receipts.length).toBe(alert.sentTo);
    expect(receipts.length).toBeGreaterThan(10);
    expect(receipts.every((r) => r.acknowledgedAt === null && r.pushDueAt === null && r.emailDueAt === null)).toBe(true);
    const guardianList = json<NotificationListResponse>(await call(sessions.guardian, 'GET', '/api/v1/notifications?per_page=100'));
    expect(guardianList.data.some((n) => n.id === alert.id && n.read_at === null)).toBe(true);
  });
});
