import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import type { MemberImportResponse, MemberImportRow } from '../../contract/members';
import { rutCheckDigit } from '../../contract/rut';
import { syncState, userSections, users } from '../../server/db/schema';
import { backends, bearer, hostOf, json, signIn, startServer, type TestServer } from './harness';
import { collegeRefs, pullAll, type CollegeRefs } from './syncHelpers';

const rutOf = (body: number) => `${body}-${rutCheckDigit(String(body))}`;

describe.each(backends)('members: the CSV import on $name', (backend) => {
  let server: TestServer;
  let refs: CollegeRefs;
  let admin = '';
  const host = hostOf('colinas');

  const send = (rows: Partial<MemberImportRow>[], confirm: boolean, token = admin) =>
    server.app.inject({ method: 'POST', url: '/api/v1/admin/members/import', headers: { host, ...bearer(token) }, payload: { rows, confirm } });
  const countOf = async (pattern: string) =>
    (
      await server.db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.collegeId, refs.collegeId), like(users.email, pattern)))
    )[0]!.n;

  beforeAll(async () => {
    server = await startServer(backend);
    refs = await collegeRefs(server.db, 'colinas');
    admin = await signIn(server.app, host, { email: 'admin@colinas.test' });
  });
  afterAll(() => server.close());

  const student = (i: number, extra: Partial<MemberImportRow> = {}): Partial<MemberImportRow> => ({
    name: 'Alumno',
    first_lastname: `Prueba${i}`,
    email: `alumno${i}@import.test`,
    rut: rutOf(30_000_000 + i),
    role: 'alumno',
    sections: '1° Básico A',
    ...extra,
  });

  it('answers the errors of each row by column and writes nothing, with or without confirm', async () => {
    const rows: Partial<MemberImportRow>[] = [
      student(1),
      student(2, { rut: '12.345.678-9' }),
      student(3, { email: 'student@colinas.test' }),
      student(4, { email: 'ALUMNO1@import.test' }),
      student(5, { rut: rutOf(30_000_001) }),
      student(6, { sections: '1° Básico A; 9° Básico Z' }),
      student(7, { role: 'director' }),
      student(8, { place: 'Sede Luna' }),
      { name: 'Apoderada', email: 'apoderada@import.test', role: 'Apoderado', children: `alumno1@import.test; ${rutOf(39_999_999)}` },
      student(9, { email: 'no es un correo', rut: '12.345.678-5' }),
      student(10, { birthdate: '31-02-2015' }),
    ];
    const preview = await send(rows, false);
    expect(preview.statusCode).toBe(200);
    const answer = json<MemberImportResponse>(preview);
    expect(answer.valid).toBe(1);
    expect(answer.created).toBe(0);
    expect(Object.fromEntries(answer.rows.map((r) => [r.line, r.errors]))).toEqual({
      1: { rut: [messages.rutInvalid] },
      2: { email: [messages.emailTaken] },
      3: { email: [messages.importDuplicate] },
      4: { rut: [messages.importDuplicate] },
      5: { sections: [messages.importUnknownSection] },
      6: { role: [messages.importUnknownRole] },
      7: { place: [messages.importUnknownPlace] },
      8: { children: [messages.importChildNotFound] },
      9: { email: [messages.emailInvalid], rut: [messages.rutTaken] },
      10: { birthdate: [messages.birthdateInvalid] },
    });
    const refused = await send(rows, true);
    expect(refused.statusCode).toBe(422);
    expect(json<MemberImportResponse>(refused).rows).toEqual(answer.rows);
    expect(await countOf('%@import.test')).toBe(0);
  });

  it('confirm with one bad row among good ones writes nothing; confirm false never writes', async () => {
    const [before] = await server.db.select().from(syncState).where(eq(syncState.collegeId, refs.collegeId));
    const good = Array.from({ length: 20 }, (_, i) => student(100 + i));
    expect(json<MemberImportResponse>(await send(good, false))).toEqual({ valid: 20, created: 0, rows: [] });
    expect(await countOf('%@import.test')).toBe(0);
    const oneBad = [...good, student(200, { sections: 'Kinder Z' })];
    expect((await send(oneBad, true)).statusCode).toBe(422);
    expect(await countOf('%@import.test')).toBe(0);
    const [after] = await server.db.select().from(syncState).where(eq(syncState.collegeId, refs.collegeId));
    expect(after!.seq).toBe(before!.seq);
  });

  it('links guardians to students earlier in the file and to students of the college, by rut or email; names in any case, accents optional', async () => {
    const rows: Partial<MemberImportRow>[] = [
      student(300, { sections: '2° basico b', place: 'SEDE VALLE' }),
      {
        name: 'Madre',
        first_lastname: 'Prueba',
        email: 'madre300@import.test',
        role: 'guardian',
        birthdate: '05/03/1985',
        children: `${rutOf(30_000_300)}; student@colinas.test`,
      },
    ];
    const confirmed = await send(rows, true);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(json<MemberImportResponse>(confirmed)).toEqual({ valid: 2, created: 2, rows: [] });
    const [child] = await server.db.select().from(users).where(eq(users.email, 'alumno300@import.test'));
    const [existing] = await server.db.select().from(users).where(eq(users.email, 'student@colinas.test'));
    const [mother] = await server.db.select().from(users).where(eq(users.email, 'madre300@import.test'));
    expect(child!.sectionIds).toEqual([refs.sectionId('2° Básico B')]);
    expect(child!.placeId).not.toBeNull();
    expect(mother).toMatchObject({ role: 'guardian', status: 'active', birthdate: '1985-03-05' });
    expect([...mother!.childIds].sort()).toEqual([child!.id, existing!.id].sort());
    expect([...mother!.sectionIds].sort()).toEqual([...new Set([...child!.sectionIds, ...existing!.sectionIds])].sort());
    const links = await server.db.select().from(userSections).where(eq(userSections.userId, mother!.id));
    expect(links).toHaveLength(mother!.sectionIds.length);
    // Imported members have no password until a reset.
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/login-mobile',
      headers: { host },
      payload: { email: 'alumno300@import.test', password: '!no-password' },
    });
    expect(response.statusCode).not.toBe(200);
    // They reach the administrators' devices.
    const pulled = await pullAll({ app: server.app, host, token: admin });
    expect(pulled.changes.some((c) => c.entity === 'members' && c.op === 'upsert' && c.row.id === mother!.id)).toBe(true);
  });

  it('imports 2,000 rows in one transaction', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => student(10_000 + i, { sections: i % 2 ? '1° Básico A' : '1° Básico B' }));
    const [before] = await server.db.select().from(syncState).where(eq(syncState.collegeId, refs.collegeId));
    const response = await send(rows, true);
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    expect(json<MemberImportResponse>(response)).toEqual({ valid: 2000, created: 2000, rows: [] });
    expect(await countOf('alumno1____@import.test')).toBe(2000);
    // One write of the college (server/sync/writeInCollege.ts): 2,000 change numbers in a row.
    const [after] = await server.db.select().from(syncState).where(eq(syncState.collegeId, refs.collegeId));
    expect(after!.seq - before!.seq).toBe(2000);
    // The same file again: every row is a duplicate now.
    const again = json<MemberImportResponse>(await send(rows.slice(0, 3), false));
    expect(again.rows.map((r) => Object.keys(r.errors).sort())).toEqual([
      ['email', 'rut'],
      ['email', 'rut'],
      ['email', 'rut'],
    ]);
  });

  it('checks a file of 5,000 rows, over the 1 MB of other bodies', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) =>
      student(50_000 + i, { second_lastname: 'Valenzuela de la Fuente Sepúlveda', phone: '+56 9 5555 1234', birthdate: '2015-03-04' }),
    );
    expect(Buffer.byteLength(JSON.stringify({ rows }))).toBeGreaterThan(1024 * 1024);
    const response = await send(rows, false);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(json<MemberImportResponse>(response)).toEqual({ valid: 5000, created: 0, rows: [] });
  });

  it('refuses an empty file or one over 5,000 rows (422) and staff (403)', async () => {
    expect((await send([], false)).statusCode).toBe(422);
    const staff = await signIn(server.app, host, { email: 'staff@colinas.test' });
    expect((await send([student(1)], false, staff)).statusCode).toBe(403);
    const tooMany = await send(
      Array.from({ length: 5001 }, () => ({ name: 'x' })),
      false,
    );
    expect(tooMany.statusCode).toBe(422);
  });
});
