import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../contract/ids';
import type { MemberFieldsInput, MemberRow } from '../../contract/members';
import type { Change } from '../../contract/sync';
import { userSections, users } from '../../server/db/schema';
import { backends, bearer, hostOf, signIn, startServer, type TestServer } from './harness';
import { collegeRefs, deletedIds, lastingQuietPolls, pullAll, push, upsertedIds, type CollegeRefs, type Session } from './syncHelpers';

const memberRows = (changes: Change[]): MemberRow[] =>
  changes.flatMap((c) => (c.entity === 'members' && c.op === 'upsert' ? [c.row as unknown as MemberRow] : []));

describe.each(backends)('members: the synced list and its mutations on $name', (backend) => {
  let server: TestServer;
  let refs: CollegeRefs;
  const host = hostOf('colinas');
  const sessions = {} as Record<'admin' | 'staff' | 'student' | 'guardian', Session>;

  const fields = (overrides: Partial<MemberFieldsInput> = {}): MemberFieldsInput & { id: string } => ({
    id: uuidv7(),
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

  beforeAll(async () => {
    // Sessions outlast the test (syncHelpers.ts): only the notification of the member's change forgets one.
    server = await startServer(backend, lastingQuietPolls);
    refs = await collegeRefs(server.db, 'colinas');
    for (const role of ['admin', 'staff', 'student', 'guardian'] as const) {
      sessions[role] = { app: server.app, host, token: await signIn(server.app, host, { email: `${role}@colinas.test` }) };
    }
  });
  afterAll(() => server.close());

  it('reaches administrators only: every member of the college, pending sign-ups included, and no other college', async () => {
    const { changes } = await pullAll(sessions.admin);
    const rows = memberRows(changes);
    expect(rows.length).toBeGreaterThanOrEqual(26);
    expect(rows.every((r) => r.college_id === refs.collegeId)).toBe(true);
    expect(rows.filter((r) => r.status === 'pending').map((r) => r.email)).toEqual(
      expect.arrayContaining(['fernanda.munoz@correo.test', 'gabriel.pino@correo.test']),
    );
    const guardian = rows.find((r) => r.email === 'guardian@colinas.test')!;
    const student = rows.find((r) => r.email === 'student@colinas.test')!;
    expect(guardian.child_ids).toEqual([student.id]);
    expect(guardian.section_ids).toEqual(student.section_ids);
    expect(rows.some((r) => r.has_pin) && rows.some((r) => !r.has_pin)).toBe(true);
    expect(JSON.stringify(rows)).not.toMatch(/pin_code|password/);
    for (const role of ['staff', 'student', 'guardian'] as const) {
      const pulled = await pullAll(sessions[role]);
      expect(upsertedIds(pulled.changes, 'members')).toEqual([]);
    }
  });

  it("creates and updates members through the push; a guardian follows their children's sections", async () => {
    const { cursor } = await pullAll(sessions.admin);
    const child = fields();
    const guardian = fields({ role: 'guardian', section_ids: [], child_ids: [child.id] });
    const results = await push(sessions.admin, [
      { name: 'members.create', args: child },
      { name: 'members.create', args: guardian },
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied']);
    const after = await pullAll(sessions.admin, cursor);
    const rows = memberRows(after.changes);
    expect(rows.find((r) => r.id === guardian.id)).toMatchObject({ role: 'guardian', child_ids: [child.id], section_ids: child.section_ids, has_pin: false });

    const moved = refs.sectionId('4° Básico B');
    const [update] = await push(sessions.admin, [{ name: 'members.update', args: { ...child, section_ids: [moved] } }]);
    expect(update!.status).toBe('applied');
    const [row] = await server.db.select().from(users).where(eq(users.id, guardian.id));
    expect(row!.sectionIds).toEqual([moved]);
    const links = await server.db
      .select()
      .from(userSections)
      .where(and(eq(userSections.userId, guardian.id)));
    expect(links.map((l) => l.sectionId)).toEqual([moved]);
    const again = memberRows((await pullAll(sessions.admin, after.cursor)).changes);
    expect(again.find((r) => r.id === guardian.id)?.section_ids).toEqual([moved]);

    // The form sends the sections it shows: taking the child off takes their sections along,
    // the guardian's own stay.
    const own = refs.sectionId('8° Básico A');
    await push(sessions.admin, [{ name: 'members.update', args: { ...guardian, section_ids: [moved, own], child_ids: [child.id] } }]);
    expect((await server.db.select().from(users).where(eq(users.id, guardian.id)))[0]!.sectionIds.sort()).toEqual([moved, own].sort());
    const [dropped] = await push(sessions.admin, [{ name: 'members.update', args: { ...guardian, section_ids: [moved, own], child_ids: [] } }]);
    expect(dropped!.status).toBe('applied');
    expect((await server.db.select().from(users).where(eq(users.id, guardian.id)))[0]).toMatchObject({ sectionIds: [own], childIds: [] });
  });

  it('answers 422 on the field for an email or rut already used, never 5xx', async () => {
    const [email] = await push(sessions.admin, [{ name: 'members.create', args: fields({ email: 'staff@colinas.test' }) }]);
    expect(email).toMatchObject({ status: 'rejected', error: { status: 422, errors: { email: [expect.any(String)] } } });
    const [rut] = await push(sessions.admin, [{ name: 'members.create', args: fields({ rut: '12.345.678-5' }) }]);
    expect(rut).toMatchObject({ status: 'rejected', error: { status: 422, errors: { rut: [expect.any(String)] } } });
  });

  it("a profile edit by the member reaches the administrators' pull", async () => {
    const { cursor } = await pullAll(sessions.admin);
    const response = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/users/update/profile',
      headers: { host, ...bearer(sessions.staff.token), 'content-type': 'application/json' },
      payload: { name: 'Daniela', first_lastname: 'Méndez', second_lastname: 'Soto', email: 'staff@colinas.test', rut: '', phone: '', birthdate: '' },
    });
    expect(response.statusCode).toBe(200);
    const rows = memberRows((await pullAll(sessions.admin, cursor)).changes);
    expect(rows.map((r) => r.name)).toContain('Daniela');
  });

  it("a self sign-up reaches the administrators' pull as a pending member", async () => {
    const { cursor } = await pullAll(sessions.admin);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/signup-mobile',
      headers: { host },
      payload: { name: 'Ana Pérez', email: 'ana.perez@example.cl', password: 'a-good-password', password_confirmation: 'a-good-password' },
    });
    expect(response.statusCode).toBe(201);
    const rows = memberRows((await pullAll(sessions.admin, cursor)).changes);
    expect(rows).toEqual([expect.objectContaining({ email: 'ana.perez@example.cl', status: 'pending', role: 'guardian' })]);
  });

  it("a role change makes the member's next pull answer reset, then the rows of their new audience", async () => {
    const token = await signIn(server.app, host, { email: 'sofia.sepulveda@colinas.test' });
    const student: Session = { app: server.app, host, token };
    const first = await pullAll(student);
    expect(upsertedIds(first.changes, 'members')).toEqual([]);
    const [row] = await server.db.select().from(users).where(eq(users.email, 'sofia.sepulveda@colinas.test'));
    const args = {
      id: row!.id,
      name: row!.name,
      first_lastname: row!.firstLastname,
      second_lastname: row!.secondLastname,
      email: row!.email,
      rut: row!.rut ?? '',
      phone: row!.phone,
      birthdate: row!.birthdate ?? '',
      role: 'admin' as const,
      place_id: row!.placeId,
      section_ids: [],
    };
    expect((await push(sessions.admin, [{ name: 'members.update', args }]))[0]!.status).toBe('applied');
    const next = await pullUntilReset(student, first.cursor);
    expect(next.reset).toBe(true);
    const fresh = await pullAll(student);
    expect(upsertedIds(fresh.changes, 'members').length).toBeGreaterThan(20);
    // Back to a student: the reset again, and no members any more.
    expect((await push(sessions.admin, [{ name: 'members.update', args: { ...args, role: 'student', section_ids: row!.sectionIds } }]))[0]!.status).toBe(
      'applied',
    );
    expect((await pullUntilReset(student, fresh.cursor)).reset).toBe(true);
    expect(upsertedIds((await pullAll(student)).changes, 'members')).toEqual([]);
  });

  it('a deleted member reaches administrators as a delete', async () => {
    const created = fields();
    await push(sessions.admin, [{ name: 'members.create', args: created }]);
    const { cursor } = await pullAll(sessions.admin);
    expect((await push(sessions.admin, [{ name: 'members.delete', args: { id: created.id } }]))[0]!.status).toBe('applied');
    const after = await pullAll(sessions.admin, cursor);
    expect(deletedIds(after.changes, 'members')).toEqual([created.id]);
  });
});

/**
 * The member's pulls until one answers `reset`. The process keeps signed-in sessions and
 * forgets a member's when the database notifies that their role changed (migration 0004):
 * that notification arrives a moment after the write that made it (a device pulls when the
 * same notifications poke it, so it sees the reset).
 */
async function pullUntilReset(session: Session, cursor: string): Promise<Awaited<ReturnType<typeof pullAll>>> {
  let next!: Awaited<ReturnType<typeof pullAll>>;
  await expect
    .poll(
      async () => {
        next = await pullAll(session, cursor);
        return next.reset;
      },
      { timeout: 10_000, interval: 50 },
    )
    .toBe(true);
  return next;
}
