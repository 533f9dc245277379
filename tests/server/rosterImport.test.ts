import { and, count, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import type { RosterResult } from '../../contract/roster';
import { auditRecords } from '../../server/auditRecord/schema';
import { colleges, places, sections, userSections, users } from '../../server/db/schema';
import { rosterImports, rosterLinks } from '../../server/roster/schema';
import { backends, bearer, hostOf, json, signIn, startServer, type TestServer } from './harness';
import { csvOf, fixtureSet, manifest, zipOf, type Files } from './rosterFiles';

const host = hostOf('colinas');

describe.each(backends)('the OneRoster import on $name', (backend) => {
  let server: TestServer;
  let adminToken = '';
  let staffToken = '';
  let collegeId = '';

  beforeAll(async () => {
    server = await startServer(backend);
    adminToken = await signIn(server.app, host, { email: 'admin@colinas.test' });
    staffToken = await signIn(server.app, host, { email: 'staff@colinas.test' });
    const [college] = await server.db.select().from(colleges).where(eq(colleges.slug, 'colinas'));
    collegeId = college!.id;
  });
  afterAll(() => server.close());

  async function send(route: 'preview' | 'import', body: Buffer, token = adminToken) {
    return server.app.inject({
      method: 'POST',
      url: `/api/v1/admin/roster/${route}`,
      headers: { host, ...bearer(token), 'content-type': 'application/zip' },
      payload: body,
    });
  }
  const memberCount = async () => (await server.db.select({ n: count() }).from(users).where(eq(users.collegeId, collegeId)))[0]!.n;
  const member = async (email: string) =>
    (
      await server.db
        .select()
        .from(users)
        .where(and(eq(users.collegeId, collegeId), eq(users.email, email)))
    )[0];
  const refusalsOf = (result: RosterResult) => result.refused.map((r) => `${r.file}:${r.line}:${r.column} ${r.message}`);

  it('previews the fixture set without writing anything, then imports it all, and a second import changes nothing', async () => {
    const zip = await zipOf(fixtureSet('bulk'));
    const before = await memberCount();
    const preview = await send('preview', zip);
    expect(preview.statusCode, preview.body).toBe(200);
    const planned = json<RosterResult>(preview);
    expect(planned).toMatchObject({ mode: 'bulk', refused: [], written: false });
    expect(planned.counts.members).toEqual({ created: 3, updated: 0, unchanged: 0, removed: 0 });
    expect(planned.counts.places.created + planned.counts.places.updated).toBe(1);
    expect(planned.counts.sections.created).toBe(1);
    expect(planned.counts.enrollments.created).toBe(2);
    expect(await memberCount()).toBe(before);
    expect(await server.db.select().from(rosterLinks).where(eq(rosterLinks.collegeId, collegeId))).toEqual([]);

    const imported = await send('import', zip);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(json<RosterResult>(imported)).toMatchObject({ written: true, counts: planned.counts });
    expect(await memberCount()).toBe(before + 3);

    const student = (await member('pablo.garcia@colinas.example'))!;
    const parent = (await member('elena.garcia@colinas.example'))!;
    const teacher = (await member('lucia.martin@colinas.example'))!;
    expect(student).toMatchObject({ role: 'student', name: 'Pablo José', firstLastname: 'García "Pablito"', status: 'active', signedInAt: null });
    expect(teacher).toMatchObject({ role: 'staff', phone: '+34 600 000 001' });
    expect(parent).toMatchObject({ role: 'guardian', childIds: [student.id], sectionIds: student.sectionIds });
    expect(student.sectionIds).toHaveLength(1);
    const [section] = await server.db.select().from(sections).where(eq(sections.id, student.sectionIds[0]!));
    expect(section!.name).toBe('3º A');
    const [place] = await server.db.select().from(places).where(eq(places.id, section!.placeId!));
    expect(place!.name).toBe('Colegio Las Colinas, Norte');
    const links = await server.db
      .select({ userId: userSections.userId })
      .from(userSections)
      .where(and(eq(userSections.collegeId, collegeId), eq(userSections.sectionId, section!.id)));
    expect(links.map((l) => l.userId).sort()).toEqual([student.id, parent.id, teacher.id].sort());
    const [record] = await server.db.select().from(rosterImports).where(eq(rosterImports.collegeId, collegeId));
    expect(record).toMatchObject({ mode: 'bulk', source: 'upload' });
    const audit = await server.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.collegeId, collegeId), eq(auditRecords.kind, 'roster.imported')));
    expect(audit).toHaveLength(1);

    const again = json<RosterResult>(await send('import', zip));
    expect(again.written).toBe(true);
    expect(again.counts.members).toEqual({ created: 0, updated: 0, unchanged: 3, removed: 0 });
    expect(again.counts.enrollments).toMatchObject({ created: 0, removed: 0 });
    expect(await memberCount()).toBe(before + 3);
  });

  it('applies a delta file only to its rows: an edited member, one set to tobedeleted, an enrollment ended', async () => {
    const files: Files = {
      'manifest.csv': manifest('delta', ['users', 'enrollments']),
      'users.csv': csvOf('users', [
        {
          sourcedId: 'user-teacher',
          status: 'active',
          enabledUser: 'true',
          orgSourcedIds: 'org-north',
          role: 'teacher',
          username: 'lm',
          givenName: 'Lucía',
          familyName: 'Martín Ruiz',
          email: 'lucia.martin@colinas.example',
        },
        {
          sourcedId: 'user-parent',
          status: 'tobedeleted',
          enabledUser: 'true',
          orgSourcedIds: 'org-north',
          role: 'parent',
          username: 'eg',
          givenName: 'Elena',
          familyName: 'García',
          email: 'elena.garcia@colinas.example',
          agentSourcedIds: 'user-student',
        },
      ]),
      'enrollments.csv': csvOf('enrollments', [
        {
          sourcedId: 'enr-teacher',
          status: 'tobedeleted',
          classSourcedId: 'class-3a',
          schoolSourcedId: 'org-north',
          userSourcedId: 'user-teacher',
          role: 'teacher',
        },
      ]),
    };
    const result = json<RosterResult>(await send('import', await zipOf(files)));
    expect(result, JSON.stringify(result.refused)).toMatchObject({ mode: 'delta', written: true, refused: [] });
    // Only the file's rows: no other member of the college is touched.
    expect(result.counts.members).toEqual({ created: 0, updated: 1, unchanged: 0, removed: 1 });
    expect(result.counts.enrollments).toMatchObject({ removed: 1 });
    expect(await member('lucia.martin@colinas.example')).toMatchObject({ firstLastname: 'Martín Ruiz', sectionIds: [] });
    expect(await member('elena.garcia@colinas.example')).toMatchObject({ status: 'disabled' });
    // Untouched by the delta: the student keeps their section.
    expect((await member('pablo.garcia@colinas.example'))!.sectionIds).toHaveLength(1);
  });

  it('refuses every bad row with its file, line, column and reason, and writes nothing', async () => {
    const files: Files = {
      'manifest.csv': manifest('bulk', ['orgs', 'users']),
      'orgs.csv': csvOf('orgs', [{ sourcedId: 'org-x', status: 'active', name: 'X school', type: 'school' }]),
      'users.csv': csvOf('users', [
        {
          sourcedId: 'u1',
          enabledUser: 'true',
          orgSourcedIds: 'org-x',
          role: 'teacher',
          username: 'a',
          givenName: 'A',
          familyName: 'B',
          email: 'not-an-email',
        },
        {
          sourcedId: 'u2',
          enabledUser: 'true',
          orgSourcedIds: 'org-nowhere',
          role: 'teacher',
          username: 'b',
          givenName: 'A',
          familyName: 'B',
          email: 'b@x.example',
        },
        {
          sourcedId: 'u3',
          enabledUser: 'true',
          orgSourcedIds: 'org-x',
          role: 'parent',
          username: 'c',
          givenName: 'A',
          familyName: 'B',
          email: 'c@x.example',
          agentSourcedIds: 'u-missing',
        },
        { sourcedId: 'u4', enabledUser: 'true', orgSourcedIds: 'org-x', role: 'aide', username: 'd', givenName: 'A', familyName: 'B', email: 'd@x.example' },
        { sourcedId: 'u5', enabledUser: 'true', orgSourcedIds: 'org-x', role: 'teacher', username: 'e', givenName: 'A', familyName: 'B', email: 'e@x.example' },
      ]),
    };
    const before = await memberCount();
    const answer = await send('import', await zipOf(files));
    expect(answer.statusCode).toBe(422);
    const result = json<RosterResult>(answer);
    expect(result.written).toBe(false);
    expect(refusalsOf(result)).toEqual([
      `users.csv:2:email ${messages.emailInvalid}`,
      `users.csv:3:orgSourcedIds ${messages.rosterUnknownOrg}`,
      `users.csv:5:role ${messages.rosterUnknownRole}`,
      `users.csv:4:agentSourcedIds ${messages.rosterChildMissing}`,
    ]);
    expect(await memberCount()).toBe(before);
    expect(await member('e@x.example')).toBeUndefined();
  });

  it('refuses hostile and broken files with one clear reason each, and writes nothing', async () => {
    const base = fixtureSet('bulk');
    const before = await memberCount();
    const reasonOf = async (body: Buffer) => {
      const answer = await send('preview', body);
      expect(answer.statusCode, answer.body).toBe(200);
      const result = json<RosterResult>(answer);
      return `${result.refused[0]?.file ?? ''}:${result.refused[0]?.line ?? ''} ${result.refused[0]?.message}`;
    };
    // A zip bomb: 101 MB of zeros deflate to about 100 kB.
    expect(await reasonOf(await zipOf({ ...base, 'users.csv': Buffer.alloc(101 * 1024 * 1024, 0x20) }))).toBe(`users.csv: ${messages.rosterTooLarge}`);
    // Path traversal: a name rewritten to `../users.csv` in the zip's headers (zip writers refuse to make one).
    const traversal = await zipOf({ 'manifest.csv': base['manifest.csv']!, 'aa/users.csv': base['users.csv']! });
    const renamed = Buffer.from(traversal.toString('latin1').replaceAll('aa/users.csv', '../users.csv'), 'latin1');
    expect(await reasonOf(renamed)).toBe(`../users.csv: ${messages.rosterUnsafeName}`);
    // Latin-1: the line of the first byte that is not UTF-8.
    const latin1 = Buffer.from(String(base['users.csv']).replace('Martín', 'Mart\u00edn'), 'latin1');
    expect(await reasonOf(await zipOf({ ...base, 'users.csv': latin1 }))).toBe(`users.csv:2 ${messages.rosterEncoding}`);
    // A BOM is fine; a manifest that lies is not.
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(base['users.csv']!)]);
    expect(json<RosterResult>(await send('preview', await zipOf({ ...base, 'users.csv': withBom }))).refused).toEqual([]);
    const { 'classes.csv': _classes, ...withoutClasses } = base;
    expect(await reasonOf(await zipOf(withoutClasses))).toBe(`classes.csv: ${messages.rosterManifestSaysPresent}`);
    expect(await reasonOf(Buffer.from('this is not a zip'))).toBe(`: ${messages.rosterNotZip}`);
    expect(await reasonOf(await zipOf({ 'users.csv': base['users.csv']! }))).toBe(`: ${messages.rosterNoManifest}`);
    // More than 50 MB: 413 from the length alone.
    const huge = await send('import', Buffer.alloc(51 * 1024 * 1024));
    expect(huge.statusCode).toBe(413);
    expect(await memberCount()).toBe(before);
  });

  it('is for administrators of the college only: 401 without a session, 403 for every other role, and another college’s administrator changes nothing here', async () => {
    const zip = await zipOf(fixtureSet('bulk'));
    const before = await memberCount();
    const tokens = [staffToken, ...(await Promise.all(['student', 'guardian'].map((role) => signIn(server.app, host, { email: `${role}@colinas.test` }))))];
    for (const route of ['preview', 'import'] as const) {
      for (const token of tokens) expect((await send(route, zip, token)).statusCode, route).toBe(403);
      const anonymous = await server.app.inject({
        method: 'POST',
        url: `/api/v1/admin/roster/${route}`,
        headers: { host, 'content-type': 'application/zip' },
        payload: zip,
      });
      expect(anonymous.statusCode, route).toBe(401);
    }
    // A British administrator's session is of that college only: on this college's address it is no session.
    const british = await signIn(server.app, hostOf('british'), { email: 'admin@british.test' });
    expect((await send('import', zip, british)).statusCode).toBe(401);
    expect(await memberCount()).toBe(before);
  });

  it('answers whatever bytes or sets a device sends with a result or a 4xx, never a 5xx', async () => {
    const cell = fc.oneof(
      fc.constant(''),
      fc.string({ maxLength: 12 }),
      fc.constantFrom('org-north', 'class-3a', 'user-student', 'tobedeleted', 'student', 'parent', 'true'),
    );
    const set = fc.record({
      mode: fc.constantFrom('bulk' as const, 'delta' as const),
      users: fc.array(
        fc.dictionary(
          fc.constantFrom('sourcedId', 'status', 'enabledUser', 'orgSourcedIds', 'role', 'givenName', 'familyName', 'email', 'agentSourcedIds'),
          cell,
        ),
        { maxLength: 4 },
      ),
      enrollments: fc.array(fc.dictionary(fc.constantFrom('sourcedId', 'status', 'classSourcedId', 'schoolSourcedId', 'userSourcedId', 'role'), cell), {
        maxLength: 3,
      }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 200 }).map((b) => ({ raw: Buffer.from(b) })),
          set,
        ),
        async (input) => {
          const body =
            'raw' in input
              ? input.raw
              : await zipOf({
                  'manifest.csv': manifest(input.mode, ['users', 'enrollments']),
                  'users.csv': csvOf('users', input.users),
                  'enrollments.csv': csvOf('enrollments', input.enrollments),
                });
          const answer = await send('preview', body);
          expect(answer.statusCode, answer.body).toBeLessThan(500);
        },
      ),
      { numRuns: 40 },
    );
    const ids = (
      await server.db
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.email, ['e@x.example']))
    ).map((u) => u.id);
    expect(ids).toEqual([]);
  });
});
