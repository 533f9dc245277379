import { and, eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hiddenValue, type AuditKind, type AuditListResponse, type AuditRecord } from '../../contract/audit';
import { uuidv7 } from '../../contract/ids';
import { memberFields, type MemberFieldsInput } from '../../contract/members';
import { defaultMessengerRules } from '../../contract/messengerRules';
import { auditRetentionJob } from '../../server/audit/retentionJob';
import { auditRecords } from '../../server/auditRecord/schema';
import { users } from '../../server/db/schema';
import { createMember } from '../../server/members/memberService';
import { writeInCollege } from '../../server/sync/writeInCollege';
import { backends, bearer, hostOf, json, signIn, startServer, type TestServer } from './harness';
import { collegeRefs, notificationArgs, pullAll, push, upsertedIds, type CollegeRefs, type Session } from './syncHelpers';

const userAgent = 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile';

describe.each(backends)('the audit trail on $name', (backend) => {
  let server: TestServer;
  let refs: CollegeRefs;
  const host = hostOf('colinas');
  const tokens = { admin: '', staff: '', student: '', guardian: '', british: '' };
  let admin: Session;
  let adminId = '';
  let adminName = '';

  const fields = (overrides: Partial<MemberFieldsInput> = {}): MemberFieldsInput & { id: string } => ({
    id: uuidv7(),
    name: 'Renata',
    first_lastname: 'Ibáñez',
    second_lastname: 'Toro',
    email: `renata.${uuidv7().slice(-8)}@colinas.test`,
    rut: '',
    phone: '',
    birthdate: '',
    role: 'student',
    section_ids: [refs.sectionId('3° Básico A')],
    ...overrides,
  });

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, at = host) =>
    server.app.inject({
      method,
      url,
      headers: { host: at, 'user-agent': userAgent, ...bearer(token), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });

  /** The college's records of one member (or of no one), oldest first. */
  const recordsOf = (subjectId: string | null) =>
    server.db
      .select()
      .from(auditRecords)
      .where(
        and(eq(auditRecords.collegeId, refs.collegeId), subjectId ? eq(auditRecords.subjectMemberId, subjectId) : sql`${auditRecords.subjectMemberId} is null`),
      )
      .orderBy(auditRecords.createdAt, auditRecords.id);
  const countAll = async () => (await server.db.select({ n: sql<number>`count(*)::int` }).from(auditRecords))[0]!.n;

  /** Runs `action` and answers the one record it added, checking it is exactly one. */
  const onlyNewRecord = async (action: () => Promise<unknown>) => {
    const before = await server.db.select({ id: auditRecords.id }).from(auditRecords);
    await action();
    const known = new Set(before.map((r) => r.id));
    const added = (await server.db.select().from(auditRecords)).filter((r) => !known.has(r.id));
    expect(added).toHaveLength(1);
    return added[0]!;
  };
  const list = async (query = '', token = tokens.admin) => {
    const response = await call(token, 'GET', `/api/v1/admin/audit${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return json<AuditListResponse>(response);
  };
  const pushed = async (name: string, args: unknown) => {
    const [result] = await push(admin, [{ name, args }]);
    expect(result, JSON.stringify(result)).toMatchObject({ status: 'applied' });
  };
  const fromOutbox = { via: 'outbox', deviceId: 'test-device' };
  const fromRest = { via: 'rest', deviceId: null, userAgent };

  beforeAll(async () => {
    server = await startServer(backend);
    refs = await collegeRefs(server.db, 'colinas');
    for (const role of ['admin', 'staff', 'student', 'guardian'] as const) tokens[role] = await signIn(server.app, host, { email: `${role}@colinas.test` });
    tokens.british = await signIn(server.app, hostOf('british'), { email: 'admin@british.test' });
    admin = { app: server.app, host, token: tokens.admin };
    const [me] = await server.db.select().from(users).where(eq(users.email, 'admin@colinas.test'));
    adminId = me!.id;
    adminName = `${me!.name} ${me!.firstLastname}`;
  });
  afterAll(() => server.close());

  describe('records each administrative action once, with who, from where and what changed', () => {
    it('a member created, edited, given another role and sections, disabled, enabled and deleted, through the outbox', async () => {
      const member = fields();
      const created = await onlyNewRecord(() => pushed('members.create', member));
      expect(created).toMatchObject({
        kind: 'member.created',
        actorId: adminId,
        subjectMemberId: member.id,
        subjectName: 'Renata Ibáñez',
        ...fromOutbox,
        before: null,
      });
      expect(created.sessionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(created.after).toMatchObject({ email: member.email, role: 'student', status: 'active' });

      const renamed = await onlyNewRecord(() => pushed('members.update', { ...member, name: 'Renata Sofía' }));
      expect(renamed).toMatchObject({ kind: 'member.updated', before: { name: 'Renata' }, after: { name: 'Renata Sofía' } });

      const moved = await onlyNewRecord(() => pushed('members.update', { ...member, name: 'Renata Sofía', section_ids: [refs.sectionId('1° Básico A')] }));
      expect(moved).toMatchObject({
        kind: 'member.sectionsChanged',
        before: { section_ids: [refs.sectionId('3° Básico A')] },
        after: { section_ids: [refs.sectionId('1° Básico A')] },
      });

      const promoted = await onlyNewRecord(() => pushed('members.update', { ...member, name: 'Renata Sofía', role: 'staff', section_ids: [] }));
      expect(promoted).toMatchObject({ kind: 'member.roleChanged', before: { role: 'student' }, after: { role: 'staff' } });

      const disabled = await onlyNewRecord(() =>
        pushed('members.update', { ...member, name: 'Renata Sofía', role: 'staff', section_ids: [], status: 'disabled' }),
      );
      expect(disabled).toMatchObject({ kind: 'member.disabled', before: { status: 'active' }, after: { status: 'disabled' } });
      const enabled = await onlyNewRecord(() =>
        pushed('members.update', { ...member, name: 'Renata Sofía', role: 'staff', section_ids: [], status: 'active' }),
      );
      expect(enabled.kind).toBe('member.enabled');

      const deleted = await onlyNewRecord(() => pushed('members.delete', { id: member.id }));
      expect(deleted).toMatchObject({ kind: 'member.deleted', after: null, before: { email: member.email, role: 'staff' } });
      expect((await recordsOf(member.id)).map((r) => r.kind)).toEqual([
        'member.created',
        'member.updated',
        'member.sectionsChanged',
        'member.roleChanged',
        'member.disabled',
        'member.enabled',
        'member.deleted',
      ]);
    });

    it('the same over REST, with the session and the browser of the request', async () => {
      const member = fields({ role: 'guardian', section_ids: [] });
      const created = await onlyNewRecord(async () => expect((await call(tokens.admin, 'POST', '/api/v1/admin/members', member)).statusCode).toBe(201));
      expect(created).toMatchObject({ kind: 'member.created', ...fromRest });
      expect(created.sessionId).toMatch(/^[0-9a-f-]{36}$/);
      const edited = await onlyNewRecord(async () =>
        expect((await call(tokens.admin, 'PUT', `/api/v1/admin/members/${member.id}`, { ...member, phone: '+56 9 1234 5678' })).statusCode).toBe(200),
      );
      expect(edited).toMatchObject({ kind: 'member.updated', before: { phone: '' }, after: { phone: '+56 9 1234 5678' }, ...fromRest });
      const deleted = await onlyNewRecord(async () => expect((await call(tokens.admin, 'DELETE', `/api/v1/admin/members/${member.id}`)).statusCode).toBe(204));
      expect(deleted).toMatchObject({ kind: 'member.deleted', ...fromRest });
    });

    it('a PIN set and removed, and a password reset: that they changed, never their values', async () => {
      const member = fields();
      await pushed('members.create', member);
      const set = await onlyNewRecord(() => pushed('members.setPin', { id: member.id, pin: '4821' }));
      expect(set).toMatchObject({ kind: 'member.pinSet', before: { pin: null }, after: { pin: hiddenValue } });
      const again = await onlyNewRecord(async () =>
        expect((await call(tokens.admin, 'PUT', `/api/v1/admin/members/${member.id}/pin`, { pin: '9034' })).statusCode).toBe(200),
      );
      expect(again).toMatchObject({ kind: 'member.pinSet', before: { pin: hiddenValue }, after: { pin: hiddenValue }, ...fromRest });
      const removed = await onlyNewRecord(() => pushed('members.deletePin', { id: member.id }));
      expect(removed).toMatchObject({ kind: 'member.pinRemoved', before: { pin: hiddenValue }, after: { pin: null } });
      let temporary = '';
      const reset = await onlyNewRecord(async () => {
        const response = await call(tokens.admin, 'POST', `/api/v1/admin/members/${member.id}/reset-password`);
        temporary = json<{ temporary_password: string }>(response).temporary_password;
      });
      expect(reset).toMatchObject({
        kind: 'member.passwordReset',
        before: { password: hiddenValue },
        after: { password: hiddenValue, reset: 'temporary' },
        ...fromRest,
      });
      const everything = JSON.stringify(await recordsOf(member.id));
      for (const secret of ['4821', '9034', temporary]) expect(everything).not.toContain(secret);
      expect(everything).not.toContain('argon');
    });

    it('sign-ups approved and rejected', async () => {
      const pending = async () => {
        const member = fields({ role: 'guardian', section_ids: [] });
        await server.db.insert(users).values({
          id: member.id,
          collegeId: refs.collegeId,
          role: 'guardian',
          status: 'pending',
          name: member.name,
          firstLastname: member.first_lastname,
          secondLastname: '',
          email: member.email,
          passwordHash: '!no-password',
        });
        return member.id;
      };
      const first = await pending();
      const approved = await onlyNewRecord(() => pushed('members.approve', { id: first }));
      expect(approved).toMatchObject({ kind: 'signup.approved', subjectMemberId: first, before: { status: 'pending' }, after: { status: 'active' } });
      const second = await pending();
      const rejected = await onlyNewRecord(async () =>
        expect((await call(tokens.admin, 'POST', `/api/v1/admin/members/${second}/reject`)).statusCode).toBe(204),
      );
      expect(rejected).toMatchObject({ kind: 'signup.rejected', subjectMemberId: second, after: null, ...fromRest });
    });

    it('an import when it is confirmed, not when it is only checked', async () => {
      const rows = [1, 2].map((n) => ({
        name: `Importada${n}`,
        first_lastname: 'Soto',
        email: `importada${n}.${uuidv7().slice(-6)}@colinas.test`,
        role: 'apoderado',
      }));
      const total = await countAll();
      expect((await call(tokens.admin, 'POST', '/api/v1/admin/members/import', { rows, confirm: false })).statusCode).toBe(200);
      expect(await countAll()).toBe(total);
      const imported = await onlyNewRecord(async () =>
        expect(json(await call(tokens.admin, 'POST', '/api/v1/admin/members/import', { rows, confirm: true }))).toMatchObject({ created: 2 }),
      );
      expect(imported).toMatchObject({ kind: 'members.imported', subjectMemberId: null, after: { created: 2 }, ...fromRest });
    });

    it('SMTP settings changed and removed, the password only as changed', async () => {
      const settings = {
        host: '127.0.0.1',
        port: 2525,
        security: 'none',
        username: 'colegio',
        password: 'sup3r-secret',
        from_address: 'no-reply@colinas.test',
      };
      const saved = await onlyNewRecord(async () =>
        expect((await call(tokens.admin, 'PUT', '/api/v1/admin/integrations/smtp', settings)).statusCode).toBe(200),
      );
      expect(saved).toMatchObject({ kind: 'smtp.changed', before: null, after: { host: '127.0.0.1', port: 2525, password: hiddenValue }, ...fromRest });
      const moved = await onlyNewRecord(async () =>
        expect((await call(tokens.admin, 'PUT', '/api/v1/admin/integrations/smtp', { ...settings, port: 587, password: '' })).statusCode).toBe(200),
      );
      // A blank password keeps the stored one: only the port changed.
      expect(moved).toMatchObject({ before: { port: 2525 }, after: { port: 587 } });
      // With SMTP settings a password is reset by mail: recorded in the sign-out's transaction.
      const member = fields();
      await pushed('members.create', member);
      const reset = await onlyNewRecord(async () =>
        expect(json(await call(tokens.admin, 'POST', `/api/v1/admin/members/${member.id}/reset-password`))).toMatchObject({ mode: 'mail' }),
      );
      expect(reset).toMatchObject({ kind: 'member.passwordReset', subjectMemberId: member.id, after: { password: hiddenValue, reset: 'mail' }, ...fromRest });
      const removed = await onlyNewRecord(async () => expect((await call(tokens.admin, 'DELETE', '/api/v1/admin/integrations/smtp')).statusCode).toBe(200));
      expect(removed).toMatchObject({ kind: 'smtp.removed', after: null, before: { host: '127.0.0.1', password: hiddenValue } });
      expect(JSON.stringify([saved, moved, removed])).not.toContain('sup3r-secret');
      const total = await countAll();
      expect((await call(tokens.admin, 'DELETE', '/api/v1/admin/integrations/smtp')).statusCode).toBe(200);
      expect(await countAll()).toBe(total);
    });

    it('an emergency alert sent, and no ordinary notification', async () => {
      const total = await countAll();
      await pushed('notifications.create', notificationArgs(refs, ['1° Básico A'], 'everyone'));
      expect(await countAll()).toBe(total);
      const args = notificationArgs(refs, ['1° Básico A'], 'everyone', { emergency: true, title: 'Evacuación' });
      const sent = await onlyNewRecord(() => pushed('notifications.create', args));
      expect(sent).toMatchObject({ kind: 'emergency.sent', ...fromOutbox, before: null, after: { title: 'Evacuación', scope: 'everyone' } });
      expect(sent.after).toHaveProperty('sent_to');
    });

    it("the messenger rule, only the cells that changed, whatever the row's columns", async () => {
      // The college has no rule row yet: the first change is recorded against the defaults.
      const first = await onlyNewRecord(() => pushed('messenger.setRules', { ...defaultMessengerRules, guardian_to_guardian: true }));
      expect(first).toMatchObject({ kind: 'messenger.rulesChanged', before: { guardian_to_guardian: false }, after: { guardian_to_guardian: true } });
      expect(Object.keys(first.after!)).toEqual(['guardian_to_guardian']);
      await pushed('messenger.setRules', defaultMessengerRules);
      const changed = await onlyNewRecord(() => pushed('messenger.setRules', { ...defaultMessengerRules, student_to_student: true }));
      expect(changed).toMatchObject({
        kind: 'messenger.rulesChanged',
        before: { student_to_student: false },
        after: { student_to_student: true },
        ...fromOutbox,
      });
      const rest = await onlyNewRecord(async () =>
        expect((await call(tokens.admin, 'PUT', '/api/v1/admin/messenger/rules', { ...defaultMessengerRules, guardian_to_guardian: true })).statusCode).toBe(
          200,
        ),
      );
      expect(rest).toMatchObject({
        before: { student_to_student: true, guardian_to_guardian: false },
        after: { student_to_student: false, guardian_to_guardian: true },
        ...fromRest,
      });
      // Fields the rule gained after the trail was written are recorded too: the row's changed columns, whatever they are.
      const hours = await onlyNewRecord(() => pushed('messenger.setRules', { ...defaultMessengerRules, staff_hours_on: true, staff_hours_days: [1, 2, 3] }));
      expect(hours).toMatchObject({
        before: { staff_hours_on: false, staff_hours_days: ['1', '2', '3', '4', '5'] },
        after: { staff_hours_on: true, staff_hours_days: ['1', '2', '3'] },
      });
      await pushed('messenger.setRules', defaultMessengerRules);
    });

    it("the retention, through the outbox and REST, synced to administrators' devices only", async () => {
      const outbox = await onlyNewRecord(() => pushed('audit.setRetention', { years: 5 }));
      expect(outbox).toMatchObject({ kind: 'audit.retentionChanged', before: { retention_years: 2 }, after: { retention_years: 5 }, ...fromOutbox });
      const rest = await onlyNewRecord(async () =>
        expect(json(await call(tokens.admin, 'PUT', '/api/v1/admin/audit/retention', { years: 7 }))).toEqual({ years: 7 }),
      );
      expect(rest).toMatchObject({ before: { retention_years: 5 }, after: { retention_years: 7 }, ...fromRest });
      expect(json(await call(tokens.admin, 'GET', '/api/v1/admin/audit/retention'))).toEqual({ years: 7 });
      const adminPull = await pullAll(admin);
      expect(upsertedIds(adminPull.changes, 'audit_settings')).toEqual([refs.collegeId]);
      expect(adminPull.changes.find((c) => c.entity === 'audit_settings')).toMatchObject({ row: { retention_years: 7 } });
      const staffPull = await pullAll({ app: server.app, host, token: tokens.staff });
      expect(upsertedIds(staffPull.changes, 'audit_settings')).toEqual([]);
      await pushed('audit.setRetention', { years: 2 });
    });
  });

  describe('no action without its record, no record without its action', () => {
    it("a member's data exported by an administrator and erased, through the outbox and REST; a member's own copy is not recorded", async () => {
      const member = fields({ role: 'guardian', section_ids: [] });
      await pushed('members.create', member);
      const exported = await onlyNewRecord(() => pushed('privacy.requestExport', { id: uuidv7(), member_id: member.id }));
      expect(exported).toMatchObject({ kind: 'data.exported', actorId: adminId, subjectMemberId: member.id, subjectName: 'Renata Ibáñez', ...fromOutbox });
      const viaRest = await onlyNewRecord(async () => {
        // The first copy is still open for this administrator: a second one is refused (and recorded nowhere)…
        expect((await call(tokens.admin, 'POST', '/api/v1/privacy/exports', { member_id: member.id })).statusCode).toBe(409);
        // …while the erasure is.
        expect((await call(tokens.admin, 'POST', `/api/v1/admin/privacy/members/${member.id}/erase`)).statusCode).toBe(200);
      });
      expect(viaRest).toMatchObject({ kind: 'data.erased', subjectMemberId: member.id, subjectName: 'Renata Ibáñez', ...fromRest });
      expect(viaRest.after).toMatchObject({ erasure_policy: 'keep' });

      const [guardian] = await server.db.select().from(users).where(eq(users.email, 'guardian@colinas.test'));
      const before = await countAll();
      const [own] = await push({ app: server.app, host, token: tokens.guardian }, [
        { name: 'privacy.requestExport', args: { id: uuidv7(), member_id: guardian!.id } },
      ]);
      expect(own).toMatchObject({ status: 'applied' });
      expect(await countAll()).toBe(before);
    });

    it('a refused action records nothing, through the outbox and REST', async () => {
      const total = await countAll();
      const [taken] = await push(admin, [{ name: 'members.create', args: fields({ email: 'staff@colinas.test' }) }]);
      expect(taken).toMatchObject({ status: 'rejected', error: { status: 422 } });
      const [self] = await push(admin, [{ name: 'members.delete', args: { id: adminId } }]);
      expect(self).toMatchObject({ status: 'rejected', error: { status: 409 } });
      const [staffTry] = await push({ app: server.app, host, token: tokens.staff }, [{ name: 'members.create', args: fields() }]);
      expect(staffTry).toMatchObject({ status: 'rejected', error: { status: 403 } });
      const [badYears] = await push(admin, [{ name: 'audit.setRetention', args: { years: 4 } }]);
      expect(badYears).toMatchObject({ status: 'rejected', error: { status: 422 } });
      expect((await call(tokens.admin, 'PUT', `/api/v1/admin/members/${uuidv7()}`, fields())).statusCode).toBe(404);
      expect((await call(tokens.staff, 'PUT', '/api/v1/admin/audit/retention', { years: 3 })).statusCode).toBe(403);
      expect(await countAll()).toBe(total);
    });

    it('an action that fails after its record leaves neither', async () => {
      const member = fields();
      const total = await countAll();
      await expect(
        writeInCollege(server.db, refs.collegeId, async (write) => {
          const adminRow = (await write.tx.select().from(users).where(eq(users.id, adminId)))[0]!;
          await createMember(write, { user: adminRow }, { ...memberFields.parse(member), id: member.id });
          // The record is written by now; the action then fails.
          expect((await write.tx.select().from(auditRecords).where(eq(auditRecords.subjectMemberId, member.id))).length).toBe(1);
          throw new Error('the action failed after its record');
        }),
      ).rejects.toThrow('the action failed after its record');
      expect(await countAll()).toBe(total);
      expect(await server.db.select().from(users).where(eq(users.id, member.id))).toEqual([]);
    });

    it('records cannot be changed or removed, except by the retention job', async () => {
      const [record] = await server.db.select().from(auditRecords).limit(1);
      await expect(server.db.update(auditRecords).set({ actorName: 'Nadie' }).where(eq(auditRecords.id, record!.id))).rejects.toThrow();
      await expect(server.db.delete(auditRecords).where(eq(auditRecords.id, record!.id))).rejects.toThrow();
      await expect(server.db.execute(sql`truncate audit_records`)).rejects.toThrow();
      expect(await server.db.select({ name: auditRecords.actorName }).from(auditRecords).where(eq(auditRecords.id, record!.id))).toEqual([
        { name: record!.actorName },
      ]);
    });
  });

  describe('reading the records', () => {
    it('filters by member (id or name), actor, kind and days, newest first', async () => {
      const member = fields({ name: 'Filomena', first_lastname: 'Quiroga' });
      await pushed('members.create', member);
      await pushed('members.update', { ...member, phone: '+56 2 2345 6789' });
      const byId = await list(`?member=${member.id}`);
      expect(byId.data.map((r) => r.kind)).toEqual(['member.updated', 'member.created']);
      expect((await list('?member=filomena%20quir')).data.map((r) => r.subject_member_id)).toEqual([member.id, member.id]);
      expect((await list(`?member=${member.id}&kind=member.created`)).data.map((r) => r.kind)).toEqual(['member.created']);
      const byActor = await list(`?actor=${adminId}&member=${member.id}`);
      expect(byActor.meta.total).toBe(2);
      expect((await list(`?actor=${uuidv7()}&member=${member.id}`)).meta.total).toBe(0);
      const first: AuditRecord = byId.data[1]!;
      expect(first).toMatchObject({ actor_name: adminName, via: 'outbox', device_id: 'test-device', subject_name: 'Filomena Quiroga' });
      // Days are the college's (America/Santiago): today there includes both, tomorrow neither.
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());
      const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      expect((await list(`?member=${member.id}&from=${today}&to=${today}`)).meta.total).toBe(2);
      expect((await list(`?member=${member.id}&from=${tomorrow}`)).meta.total).toBe(0);
      expect((await list(`?member=${member.id}&to=2020-01-01`)).meta.total).toBe(0);
      expect((await call(tokens.admin, 'GET', '/api/v1/admin/audit?from=2026-02-30')).statusCode).toBe(422);
      expect((await call(tokens.admin, 'GET', '/api/v1/admin/audit?kind=member.exploded')).statusCode).toBe(422);
    });

    it('pages 50 at a time', async () => {
      const member = fields({ name: 'Paginada' });
      await pushed('members.create', member);
      for (let n = 0; n < 55; n += 10) {
        await push(
          admin,
          Array.from({ length: Math.min(10, 55 - n) }, (_, i) => ({ name: 'members.update', args: { ...member, phone: `+56 9 ${n + i}` } })),
        );
      }
      const one = await list(`?member=${member.id}`);
      expect(one.meta).toEqual({ total: 56, page: 1, per_page: 50, last_page: 2 });
      expect(one.data).toHaveLength(50);
      expect(one.data[0]!.after).toEqual({ phone: '+56 9 54' });
      const two = await list(`?member=${member.id}&page=2`);
      expect(two.data.map((r) => r.kind)).toEqual(['member.updated', 'member.updated', 'member.updated', 'member.updated', 'member.updated', 'member.created']);
      expect(new Set([...one.data, ...two.data].map((r) => r.id)).size).toBe(56);
    });

    it('exports the filtered records as CSV, formulas defused', async () => {
      const member = fields({ name: '=HYPERLINK("x")', first_lastname: 'Peña' });
      await pushed('members.create', member);
      await pushed('members.setPin', { id: member.id, pin: '7310' });
      const response = await call(tokens.admin, 'GET', `/api/v1/admin/audit.csv?member=${member.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
      const parsed = Papa.parse<Record<string, string>>(response.body.replace(/^\ufeff/, ''), { header: true, skipEmptyLines: true });
      expect(parsed.data.map((row) => row.kind)).toEqual(['member.pinSet', 'member.created']);
      expect(parsed.data[0]).toMatchObject({
        subject_member_id: member.id,
        via: 'outbox',
        device_id: 'test-device',
        after: JSON.stringify({ pin: hiddenValue }),
      });
      expect(parsed.data[0]!.subject_name).toBe(`'=HYPERLINK("x") Peña`);
      expect(response.body).not.toContain('7310');
      const kindOnly = await call(tokens.admin, 'GET', `/api/v1/admin/audit.csv?member=${member.id}&kind=member.created`);
      expect(Papa.parse(kindOnly.body.trim(), { header: true }).data).toHaveLength(1);
    });

    it.each(['staff', 'student', 'guardian'] as const)('refuses %s: 403 on every route and on the mutation', async (role) => {
      for (const [method, url, payload] of [
        ['GET', '/api/v1/admin/audit', undefined],
        ['GET', '/api/v1/admin/audit.csv', undefined],
        ['GET', '/api/v1/admin/audit/retention', undefined],
        ['PUT', '/api/v1/admin/audit/retention', { years: 3 }],
      ] as const) {
        expect((await call(tokens[role], method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      }
      const [result] = await push({ app: server.app, host, token: tokens[role] }, [{ name: 'audit.setRetention', args: { years: 3 } }]);
      expect(result).toMatchObject({ status: 'rejected', error: { status: 403 } });
      expect((await server.app.inject({ method: 'GET', url: '/api/v1/admin/audit', headers: { host } })).statusCode).toBe(401);
    });

    it("shows another college nothing of this one's, and a token of this college is unknown there", async () => {
      const britishHost = hostOf('british');
      const member = fields();
      await pushed('members.create', member);
      const theirs = json<AuditListResponse>(await call(tokens.british, 'GET', `/api/v1/admin/audit?member=${member.id}`, undefined, britishHost));
      expect(theirs.meta.total).toBe(0);
      const all = json<AuditListResponse>(await call(tokens.british, 'GET', '/api/v1/admin/audit', undefined, britishHost));
      const colinasIds = new Set(
        (await server.db.select({ id: auditRecords.id }).from(auditRecords).where(eq(auditRecords.collegeId, refs.collegeId))).map((r) => r.id),
      );
      expect(all.data.some((r) => colinasIds.has(r.id))).toBe(false);
      const csv = await call(tokens.british, 'GET', `/api/v1/admin/audit.csv?member=${member.id}`, undefined, britishHost);
      expect(Papa.parse(csv.body.replace(/^\ufeff/, '').trim(), { header: true }).data).toEqual([]);
      expect((await call(tokens.admin, 'GET', '/api/v1/admin/audit', undefined, britishHost)).statusCode).toBe(401);
      // Their retention is their own.
      expect(json(await call(tokens.british, 'PUT', '/api/v1/admin/audit/retention', { years: 1 }, britishHost))).toEqual({ years: 1 });
      expect(json(await call(tokens.admin, 'GET', '/api/v1/admin/audit/retention'))).toEqual({ years: 2 });
      await call(tokens.british, 'PUT', '/api/v1/admin/audit/retention', { years: 2 }, britishHost);
    });
  });

  it("the retention job removes each college's records older than its retention, and only those", async () => {
    const british = await collegeRefs(server.db, 'british');
    // The job's clock: the runner hands it `now`; here it is given.
    const now = new Date();
    const hour = 3_600_000;
    const yearsAgo = (years: number, offset: number) => {
      const day = new Date(now);
      day.setUTCFullYear(day.getUTCFullYear() - years);
      return new Date(day.getTime() + offset).toISOString();
    };
    const at = (iso: string, collegeId: string, kind: AuditKind = 'member.updated') => ({
      id: uuidv7(),
      collegeId,
      kind,
      via: 'rest' as const,
      actorName: 'Reloj',
      createdAt: new Date(iso),
    });
    const colinasOld = at(yearsAgo(2, -hour), refs.collegeId);
    const colinasKept = at(yearsAgo(2, hour), refs.collegeId);
    const britishOld = at(yearsAgo(1, -hour), british.collegeId);
    const britishKept = at(yearsAgo(1, hour), british.collegeId);
    await server.db.insert(auditRecords).values([colinasOld, colinasKept, britishOld, britishKept]);
    // Colinas keeps the default (2 years), British 1 year.
    await call(tokens.british, 'PUT', '/api/v1/admin/audit/retention', { years: 1 }, hostOf('british'));
    const ours = [colinasOld, colinasKept, britishOld, britishKept].map((r) => r.id);
    const left = async () => (await server.db.select({ id: auditRecords.id }).from(auditRecords)).map((r) => r.id).filter((id) => ours.includes(id));

    await auditRetentionJob.run(server.db, new Date(now.getTime() - 2 * hour), undefined as never);
    expect(await left()).toHaveLength(4);
    await auditRetentionJob.run(server.db, now, undefined as never);
    expect((await left()).sort()).toEqual([colinasKept.id, britishKept.id].sort());
    // What the actions of this file recorded today stays.
    expect((await list('?kind=member.created')).meta.total).toBeGreaterThan(0);
    await call(tokens.british, 'PUT', '/api/v1/admin/audit/retention', { years: 2 }, hostOf('british'));
  });
});
