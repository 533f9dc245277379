import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import type { MemberFieldsInput, MemberRow } from '../../contract/members';
import { accessTokens, mailOutbox, smtpSettings, users } from '../../server/db/schema';
import { posts } from '../../server/posts/schema';
import { backends, bearer, demoPassword, hostOf, json, multipartBody, signIn, startServer, tinyPng, type TestServer } from './harness';
import { collegeRefs, postArgs, push, type CollegeRefs, type Session } from './syncHelpers';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(backends)('members: administration over REST on $name', (backend) => {
  let server: TestServer;
  let refs: CollegeRefs;
  const host = hostOf('colinas');
  const tokens = { admin: '', staff: '', student: '', guardian: '', britishAdmin: '' };
  let guardianId = '';
  let adminId = '';

  const call = (token: string | null, method: Method, url: string, payload?: unknown, onHost = host) =>
    server.app.inject({
      method,
      url,
      headers: { host: onHost, ...(token ? bearer(token) : {}) },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const memberOf = async (email: string) => (await server.db.select().from(users).where(eq(users.email, email)))[0]!;
  const body = (overrides: Partial<MemberFieldsInput> = {}): MemberFieldsInput => ({
    name: 'Renata',
    first_lastname: 'Ibáñez',
    second_lastname: 'Toro',
    email: `renata.${Math.random().toString(36).slice(2, 8)}@colinas.test`,
    rut: '',
    phone: '',
    birthdate: '',
    role: 'student',
    section_ids: [refs.sectionId('3° Básico A')],
    ...overrides,
  });
  const fieldsOf = (row: typeof users.$inferSelect): MemberFieldsInput => ({
    name: row.name,
    first_lastname: row.firstLastname,
    second_lastname: row.secondLastname,
    email: row.email,
    rut: row.rut ?? '',
    phone: row.phone,
    birthdate: row.birthdate ?? '',
    role: row.role,
    place_id: row.placeId,
    section_ids: row.sectionIds,
    child_ids: row.childIds,
    status: row.status === 'disabled' ? 'disabled' : 'active',
  });

  beforeAll(async () => {
    server = await startServer(backend);
    refs = await collegeRefs(server.db, 'colinas');
    for (const role of ['admin', 'staff', 'student', 'guardian'] as const) tokens[role] = await signIn(server.app, host, { email: `${role}@colinas.test` });
    tokens.britishAdmin = await signIn(server.app, hostOf('british'), { email: 'admin@british.test' });
    guardianId = (await memberOf('guardian@colinas.test')).id;
    adminId = (await memberOf('admin@colinas.test')).id;
  });
  afterAll(() => server.close());

  const adminCalls = (): [Method, string, unknown?][] => [
    ['GET', '/api/v1/admin/members'],
    ['GET', `/api/v1/admin/members/${guardianId}`],
    ['POST', '/api/v1/admin/members', body()],
    ['PUT', `/api/v1/admin/members/${guardianId}`, body()],
    ['DELETE', `/api/v1/admin/members/${guardianId}`],
    ['POST', `/api/v1/admin/members/${guardianId}/approve`],
    ['POST', `/api/v1/admin/members/${guardianId}/reject`],
    ['PUT', `/api/v1/admin/members/${guardianId}/pin`, { pin: '4321' }],
    ['DELETE', `/api/v1/admin/members/${guardianId}/pin`],
    ['POST', `/api/v1/admin/members/${guardianId}/reset-password`],
    ['POST', '/api/v1/admin/members/import', { rows: [{ name: 'A', email: 'a@b.test', role: 'student' }] }],
  ];

  it('answers 403 to staff, students and guardians on every administration call and mutation, 401 signed out', async () => {
    const before = await memberOf('guardian@colinas.test');
    for (const [method, url, payload] of adminCalls()) {
      for (const role of ['staff', 'student', 'guardian'] as const) {
        const response = await call(tokens[role], method, url, payload);
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
      expect((await call(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    for (const role of ['student', 'guardian'] as const) {
      expect((await call(tokens[role], 'POST', `/api/v1/members/${guardianId}/verify-pin`, { pin: '1234' })).statusCode).toBe(403);
    }
    expect((await call(null, 'POST', `/api/v1/members/${guardianId}/verify-pin`, { pin: '1234' })).statusCode).toBe(401);
    const mutations = [
      { name: 'members.create', args: { ...body(), id: uuidv7() } },
      { name: 'members.update', args: { ...body(), id: guardianId } },
      { name: 'members.approve', args: { id: guardianId } },
      { name: 'members.reject', args: { id: guardianId } },
      { name: 'members.delete', args: { id: guardianId } },
      { name: 'members.setPin', args: { id: guardianId, pin: '4321' } },
      { name: 'members.deletePin', args: { id: guardianId } },
    ];
    for (const role of ['staff', 'student', 'guardian'] as const) {
      const results = await push({ app: server.app, host, token: tokens[role] }, mutations);
      expect(results.map((r) => (r.status === 'rejected' ? r.error?.status : 0))).toEqual(mutations.map(() => 403));
    }
    expect(await memberOf('guardian@colinas.test')).toEqual(before);
  });

  it("another college's member is unknown (404) to an administrator, over REST and the push, and nothing changes", async () => {
    const before = await memberOf('guardian@colinas.test');
    const british = hostOf('british');
    for (const [method, url, payload] of adminCalls().filter(([, url]) => url.includes(guardianId))) {
      const response = await call(tokens.britishAdmin, method, url, payload, british);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(tokens.britishAdmin, 'POST', `/api/v1/members/${guardianId}/verify-pin`, { pin: '1234' }, british)).statusCode).toBe(404);
    const session: Session = { app: server.app, host: british, token: tokens.britishAdmin };
    const results = await push(session, [
      { name: 'members.update', args: { ...body({ role: 'guardian', section_ids: [] }), id: guardianId } },
      { name: 'members.delete', args: { id: guardianId } },
      { name: 'members.setPin', args: { id: guardianId, pin: '4321' } },
    ]);
    expect(results.map((r) => (r.status === 'rejected' ? r.error?.status : 0))).toEqual([404, 404, 404]);
    expect(await memberOf('guardian@colinas.test')).toEqual(before);
    const list = json<{ data: MemberRow[] }>(await call(tokens.britishAdmin, 'GET', '/api/v1/admin/members?per_page=200', undefined, british));
    expect(list.data.some((m) => m.id === guardianId)).toBe(false);
  });

  it('lists, searches (accents, rut), filters, sorts and pages the members', async () => {
    const all = json<{ data: MemberRow[]; meta: { total: number; last_page: number } }>(await call(tokens.admin, 'GET', '/api/v1/admin/members?per_page=5'));
    expect(all.data).toHaveLength(5);
    expect(all.meta.last_page).toBe(Math.ceil(all.meta.total / 5));
    const page2 = json<{ data: MemberRow[] }>(await call(tokens.admin, 'GET', '/api/v1/admin/members?per_page=5&page=2'));
    expect(page2.data.map((m) => m.id)).not.toContain(all.data[0]!.id);
    const munoz = json<{ data: MemberRow[] }>(await call(tokens.admin, 'GET', '/api/v1/admin/members?q=MUNOZ'));
    expect(munoz.data.map((m) => m.email)).toEqual(expect.arrayContaining(['carolina.gonzalez@colinas.test', 'fernanda.munoz@correo.test']));
    const byRut = json<{ data: MemberRow[] }>(await call(tokens.admin, 'GET', `/api/v1/admin/members?q=${encodeURIComponent('12.345.678-5')}`));
    expect(byRut.data.map((m) => m.email)).toEqual(['admin@colinas.test']);
    const pending = json<{ data: MemberRow[] }>(await call(tokens.admin, 'GET', '/api/v1/admin/members?status=pending'));
    expect(pending.data.every((m) => m.status === 'pending') && pending.data.length >= 2).toBe(true);
    const noPin = json<{ data: MemberRow[] }>(await call(tokens.admin, 'GET', '/api/v1/admin/members?without_pin=1&role=guardian'));
    expect(noPin.data.length).toBeGreaterThan(0);
    expect(noPin.data.every((m) => !m.has_pin && m.role === 'guardian')).toBe(true);
    const section = refs.sectionId('1° Básico A');
    const inSection = json<{ data: MemberRow[] }>(await call(tokens.admin, 'GET', `/api/v1/admin/members?section_id=${section}`));
    expect(inSection.data.length).toBeGreaterThan(0);
    expect(inSection.data.every((m) => m.section_ids.includes(section))).toBe(true);
    const desc = json<{ data: MemberRow[] }>(await call(tokens.admin, 'GET', '/api/v1/admin/members?sort=-name&per_page=200'));
    const names = desc.data.map((m) =>
      m.name
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase(),
    );
    expect(names).toEqual([...names].sort().reverse());
    expect((await call(tokens.admin, 'GET', '/api/v1/admin/members?sort=bogus')).statusCode).toBe(422);
  });

  it('creates, reads and updates a member over REST; duplicates answer 422 on the field', async () => {
    const created = await call(tokens.admin, 'POST', '/api/v1/admin/members', body({ rut: '11.111.111-1', email: 'nueva@colinas.test' }));
    expect(created.statusCode).toBe(201);
    const row = json<MemberRow>(created);
    expect(row).toMatchObject({ rut: '11.111.111-1', has_pin: false, status: 'active' });
    expect(json<MemberRow>(await call(tokens.admin, 'GET', `/api/v1/admin/members/${row.id}`)).email).toBe('nueva@colinas.test');
    const again = await call(tokens.admin, 'POST', '/api/v1/admin/members', body({ rut: '11111111-1', email: 'NUEVA@colinas.test' }));
    expect(again.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(again).errors).toEqual({ email: [messages.emailTaken], rut: [messages.rutTaken] });
    const updated = await call(
      tokens.admin,
      'PUT',
      `/api/v1/admin/members/${row.id}`,
      body({ email: 'nueva@colinas.test', name: 'Renata Paz', role: 'staff' }),
    );
    expect(updated.statusCode).toBe(200);
    expect(json<MemberRow>(updated)).toMatchObject({ name: 'Renata Paz', role: 'staff', rut: null });
    const bad = await call(tokens.admin, 'PUT', `/api/v1/admin/members/${row.id}`, body({ section_ids: [uuidv7()] }));
    expect(bad.statusCode).toBe(422);
    expect((await call(tokens.admin, 'GET', `/api/v1/admin/members/${uuidv7()}`)).statusCode).toBe(404);
    expect((await call(tokens.admin, 'GET', '/api/v1/admin/members/not-an-id')).statusCode).toBe(404);
  });

  it('keeps the administrator from removing themself (422/409), and the college keeps an administrator', async () => {
    const me = await memberOf('admin@colinas.test');
    const demote = await call(tokens.admin, 'PUT', `/api/v1/admin/members/${adminId}`, { ...fieldsOf(me), role: 'staff' });
    expect(demote.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(demote).errors).toEqual({ role: [messages.memberSelf] });
    const disable = await call(tokens.admin, 'PUT', `/api/v1/admin/members/${adminId}`, { ...fieldsOf(me), status: 'disabled' });
    expect(json<{ errors: Record<string, string[]> }>(disable).errors).toEqual({ status: [messages.memberSelf] });
    const remove = await call(tokens.admin, 'DELETE', `/api/v1/admin/members/${adminId}`);
    expect(remove.statusCode).toBe(409);
    expect(json(remove).message).toBe(messages.memberSelf);
    const [pushed] = await push({ app: server.app, host, token: tokens.admin }, [{ name: 'members.delete', args: { id: adminId } }]);
    expect(pushed).toMatchObject({ status: 'rejected', error: { status: 409 } });
    // A second administrator may demote the first, but the last one stays.
    const second = json<MemberRow>(
      await call(tokens.admin, 'POST', '/api/v1/admin/members', body({ role: 'admin', section_ids: [], email: 'segunda.admin@colinas.test' })),
    );
    const reset = json<{ temporary_password: string }>(await call(tokens.admin, 'POST', `/api/v1/admin/members/${second.id}/reset-password`));
    const secondToken = await signIn(server.app, host, { email: 'segunda.admin@colinas.test', password: reset.temporary_password });
    const demoted = await call(secondToken, 'PUT', `/api/v1/admin/members/${adminId}`, { ...fieldsOf(me), role: 'staff' });
    expect(demoted.statusCode).toBe(200);
    const last = await call(secondToken, 'PUT', `/api/v1/admin/members/${second.id}`, {
      ...fieldsOf(await memberOf('segunda.admin@colinas.test')),
      role: 'staff',
    });
    expect(last.statusCode).toBe(422);
    // Back as it was.
    expect((await call(secondToken, 'PUT', `/api/v1/admin/members/${adminId}`, fieldsOf(me))).statusCode).toBe(200);
    tokens.admin = await signIn(server.app, host, { email: 'admin@colinas.test' });
    expect((await call(tokens.admin, 'DELETE', `/api/v1/admin/members/${second.id}`)).statusCode).toBe(204);
  });

  it('disabling signs the member out at once: their token answers 401 and their poke stream ends', async () => {
    const email = 'ignacio.lagos@colinas.test';
    const token = await signIn(server.app, host, { email });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const stream = await fetch(`http://127.0.0.1:${port}/api/v1/sync/stream`, { headers: { authorization: `Bearer ${token}` } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    await reader.read();
    const member = await memberOf(email);
    const [result] = await push({ app: server.app, host, token: tokens.admin }, [
      { name: 'members.update', args: { ...fieldsOf(member), id: member.id, status: 'disabled' } },
    ]);
    expect(result!.status).toBe('applied');
    expect((await call(token, 'GET', '/api/v1/user')).statusCode).toBe(401);
    expect(await server.db.select().from(accessTokens).where(eq(accessTokens.userId, member.id))).toEqual([]);
    // The stream ends (the device reconnects, gets 401 and signs out).
    for (;;) if ((await reader.read()).done) break;
    const signInAgain = await server.app.inject({ method: 'POST', url: '/api/login-mobile', headers: { host }, payload: { email, password: demoPassword } });
    expect(signInAgain.statusCode).not.toBe(200);
    await push({ app: server.app, host, token: tokens.admin }, [{ name: 'members.update', args: { ...fieldsOf(member), id: member.id, status: 'active' } }]);
    expect((await memberOf(email)).status).toBe('active');
  });

  it('deleting keeps the name on their posts, frees the email and rut, and revokes every token', async () => {
    const email = 'matias.silva@colinas.test';
    const staffToken = await signIn(server.app, host, { email });
    const post = postArgs(refs, ['1° Básico A'], 'everyone');
    expect((await push({ app: server.app, host, token: staffToken }, [{ name: 'posts.create', args: post }]))[0]!.status).toBe('applied');
    const before = await memberOf(email);
    const form = multipartBody(
      {
        name: before.name,
        first_lastname: before.firstLastname,
        second_lastname: before.secondLastname,
        email,
        rut: before.rut ?? '',
        phone: before.phone,
        birthdate: '',
      },
      { field: 'avatar', filename: 'me.png', contentType: 'image/png', data: tinyPng },
    );
    const profile = await server.app.inject({
      method: 'POST',
      url: '/api/v1/users/update/profile',
      headers: { host, ...bearer(staffToken), ...form.headers },
      payload: form.payload,
    });
    const avatar = json<{ avatar: string }>(profile).avatar;
    expect((await call(null, 'GET', avatar)).statusCode).toBe(200);
    const feed = json<{ feed: { https: string } }>(await call(staffToken, 'POST', '/api/v1/calendar/feed')).feed;
    const feedPath = new URL(feed.https).pathname;
    expect((await call(null, 'GET', feedPath)).statusCode).toBe(200);
    const member = await memberOf(email);
    expect((await call(tokens.admin, 'DELETE', `/api/v1/admin/members/${member.id}`)).statusCode).toBe(204);
    expect((await call(staffToken, 'GET', '/api/v1/user')).statusCode).toBe(401);
    expect((await call(null, 'GET', feedPath)).statusCode).toBe(404);
    expect((await call(null, 'GET', avatar)).statusCode).toBe(404);
    const [stored] = await server.db.select().from(posts).where(eq(posts.id, post.id));
    expect(stored!.authorName).toContain('Matías');
    const [gone] = await server.db.select().from(users).where(eq(users.id, member.id));
    expect(gone).toMatchObject({ name: 'Matías', rut: null, avatar: null, pinCode: null, status: 'disabled', audienceKeys: [] });
    expect(gone!.removedAt).not.toBeNull();
    expect((await call(tokens.admin, 'GET', `/api/v1/admin/members/${member.id}`)).statusCode).toBe(404);
    const reused = await call(tokens.admin, 'POST', '/api/v1/admin/members', body({ email, rut: member.rut!, role: 'staff', section_ids: [] }));
    expect(reused.statusCode).toBe(201);
    expect((await call(tokens.admin, 'DELETE', `/api/v1/admin/members/${member.id}`)).statusCode).toBe(404);
  });

  it('resets a password: a temporary one without mail settings (it signs in), the recovery mail with them; devices signed out', async () => {
    const email = 'joaquin.figueroa@colinas.test';
    const token = await signIn(server.app, host, { email });
    const member = await memberOf(email);
    const temporary = await call(tokens.admin, 'POST', `/api/v1/admin/members/${member.id}/reset-password`);
    expect(temporary.statusCode).toBe(200);
    const { temporary_password: password } = json<{ mode: string; temporary_password: string }>(temporary);
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect((await call(token, 'GET', '/api/v1/user')).statusCode).toBe(401);
    expect(await signIn(server.app, host, { email, password })).toBeTruthy();
    await expect(signIn(server.app, host, { email })).rejects.toThrow();

    await server.db.insert(smtpSettings).values({ id: uuidv7(), collegeId: refs.collegeId, host: '127.0.0.1', port: 9, fromAddress: 'no-reply@colinas.test' });
    try {
      const mailed = await call(tokens.admin, 'POST', `/api/v1/admin/members/${member.id}/reset-password`);
      expect(json(mailed)).toEqual({ mode: 'mail', email });
      const mails = await server.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.collegeId, refs.collegeId), eq(mailOutbox.to, email)));
      expect(mails.some((m) => m.text.includes('/auth/reset-password?token='))).toBe(true);
    } finally {
      await server.db.delete(smtpSettings).where(eq(smtpSettings.collegeId, refs.collegeId));
    }
  });

  it('sets, checks and deletes a PIN; the sixth wrong try in 15 minutes answers 429', async () => {
    const member = await memberOf('valentina.navarro@colinas.test');
    const verify = (token: string, pin: string) => call(token, 'POST', `/api/v1/members/${member.id}/verify-pin`, { pin });
    const set = await call(tokens.admin, 'PUT', `/api/v1/admin/members/${member.id}/pin`, { pin: '482916' });
    expect(json<MemberRow>(set).has_pin).toBe(true);
    expect((await memberOf('valentina.navarro@colinas.test')).pinCode).toMatch(/^\$argon2id\$/);
    expect(json(await verify(tokens.staff, '482916'))).toEqual({ valid: true });
    expect((await call(tokens.admin, 'PUT', `/api/v1/admin/members/${member.id}/pin`, { pin: '12a4' })).statusCode).toBe(422);
    for (let i = 0; i < 5; i++) expect(json(await verify(tokens.staff, '000000'))).toEqual({ valid: false });
    expect((await verify(tokens.staff, '482916')).statusCode).toBe(429);
    expect((await verify(tokens.admin, '482916')).statusCode).toBe(429);
    // A new PIN starts a new count.
    expect((await push({ app: server.app, host, token: tokens.admin }, [{ name: 'members.setPin', args: { id: member.id, pin: '5555' } }]))[0]!.status).toBe(
      'applied',
    );
    expect(json(await verify(tokens.admin, '5555'))).toEqual({ valid: true });
    // A disabled member's PIN vouches for no one.
    const row = await memberOf('valentina.navarro@colinas.test');
    const disable = (status: string) => call(tokens.admin, 'PUT', `/api/v1/admin/members/${member.id}`, { ...fieldsOf(row), status });
    expect((await disable('disabled')).statusCode).toBe(200);
    expect(json(await verify(tokens.staff, '5555'))).toEqual({ valid: false });
    expect((await disable('active')).statusCode).toBe(200);
    expect(json(await verify(tokens.staff, '5555'))).toEqual({ valid: true });
    expect((await push({ app: server.app, host, token: tokens.admin }, [{ name: 'members.deletePin', args: { id: member.id } }]))[0]!.status).toBe('applied');
    expect((await memberOf('valentina.navarro@colinas.test')).pinCode).toBeNull();
    expect((await verify(tokens.staff, '5555')).statusCode).toBe(409);
    expect(json<MemberRow>(await call(tokens.admin, 'DELETE', `/api/v1/admin/members/${member.id}/pin`)).has_pin).toBe(false);
  });

  it('approves and rejects pending sign-ups; the approved one signs in and gets a mail, the rejected one is gone', async () => {
    const fernanda = await memberOf('fernanda.munoz@correo.test');
    const gabriel = await memberOf('gabriel.pino@correo.test');
    await expect(signIn(server.app, host, { email: fernanda.email })).rejects.toThrow();
    const approved = await call(tokens.admin, 'POST', `/api/v1/admin/members/${fernanda.id}/approve`);
    expect(json<MemberRow>(approved).status).toBe('active');
    expect(await signIn(server.app, host, { email: fernanda.email })).toBeTruthy();
    const mails = await server.db.select().from(mailOutbox).where(eq(mailOutbox.to, fernanda.email));
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('aprobada')]);
    expect((await call(tokens.admin, 'POST', `/api/v1/admin/members/${fernanda.id}/approve`)).statusCode).toBe(409);
    expect((await call(tokens.admin, 'POST', `/api/v1/admin/members/${fernanda.id}/reject`)).statusCode).toBe(409);
    const [rejected] = await push({ app: server.app, host, token: tokens.admin }, [{ name: 'members.reject', args: { id: gabriel.id } }]);
    expect(rejected!.status).toBe('applied');
    expect((await call(tokens.admin, 'GET', `/api/v1/admin/members/${gabriel.id}`)).statusCode).toBe(404);
    await expect(signIn(server.app, host, { email: gabriel.email })).rejects.toThrow();
  });
});
