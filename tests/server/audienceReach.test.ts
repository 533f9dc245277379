import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudienceReach, AudienceScope } from '../../contract/audience';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import type { Post } from '../../contract/posts';
import { issueAccessToken } from '../../server/auth/tokens';
import { userSections, users } from '../../server/db/schema';
import { backends, bearer, hostOf, json, signIn, startServer, type TestServer } from './harness';
import { collegeRefs, postArgs, type CollegeRefs } from './syncHelpers';

interface Member {
  role: string;
  token: string;
}

describe.each(backends)('the reach of an audience on $name', (backend) => {
  let server: TestServer;
  let refs: CollegeRefs;
  let british: CollegeRefs;
  const host = hostOf('colinas');
  let members: Member[] = [];
  let staff = '';
  let student = '';
  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    server.app.inject({ method, url, headers: { host, ...bearer(token) }, ...(payload ? { payload } : {}) });
  const reach = async (scope: AudienceScope, sectionNames: string[] = [], college = refs): Promise<AudienceReach> => {
    const response = await call(staff, 'POST', '/api/v1/audience/reach', { scope, section_ids: sectionNames.map(college.sectionId) });
    expect(response.statusCode, response.body).toBe(200);
    return json<AudienceReach>(response);
  };

  beforeAll(async () => {
    server = await startServer(backend);
    refs = await collegeRefs(server.db, 'colinas');
    british = await collegeRefs(server.db, 'british');
    // Every member of the college with a token (as a sign-in issues it): the ones a post
    // reaches are the ones who can read it.
    // (Active ones: the demo college also has pending sign-ups, who cannot sign in.)
    const rows = await server.db
      .select({ id: users.id, email: users.email, role: users.role })
      .from(users)
      .where(and(eq(users.collegeId, refs.collegeId), eq(users.status, 'active')));
    members = [];
    for (const row of rows) members.push({ role: row.role, token: await issueAccessToken(server.db, refs.collegeId, row.id) });
    staff = await signIn(server.app, host, { email: 'staff@colinas.test' });
    student = await signIn(server.app, host, { email: 'student@colinas.test' });
  }, 120_000);
  afterAll(() => server.close());

  /** Who can read the post through the REST API (visibility decided in SQL), counted like a reach. */
  async function readers(postId: string): Promise<AudienceReach> {
    const seen: AudienceReach = { total: 0, students: 0, guardians: 0, staff: 0 };
    for (const member of members) {
      const response = await call(member.token, 'GET', `/api/v1/posts/${postId}`);
      expect([200, 404]).toContain(response.statusCode);
      if (response.statusCode !== 200) continue;
      seen.total++;
      if (member.role === 'student') seen.students++;
      else if (member.role === 'guardian') seen.guardians++;
      else seen.staff++;
    }
    return seen;
  }

  const audiences: [AudienceScope, string[]][] = [
    ['college', []],
    ['staff', []],
    ['everyone', ['1° Básico A', '2° Básico B']],
    ['students', ['1° Básico A', '4° Básico A', 'IV Medio B']],
    ['guardians', ['1° Básico A', '2° Básico B', '4° Básico A', '5° Básico B']],
  ];

  it.each(audiences)('counts exactly the members who can read a post for %s %j', async (scope, sectionNames) => {
    const { id: _id, ...fields } = postArgs(refs, sectionNames, scope);
    const created = await call(staff, 'POST', '/api/v1/posts', fields);
    expect(created.statusCode, created.body).toBe(201);
    const counted = await reach(scope, sectionNames);
    expect(counted).toEqual(await readers(json<Post>(created).id));
    // Not only staff: the chosen sections hold students and families of the demo college.
    expect(sectionNames.length === 0 || counted.total > counted.staff).toBe(true);
  });

  it('counts everyone for the whole college, and staff and administrators only for staff', async () => {
    const all = await reach('college');
    expect(all.total).toBe(members.length);
    expect(all.total).toBe(all.students + all.guardians + all.staff);
    expect(all.students).toBeGreaterThan(0);
    expect(all.guardians).toBeGreaterThan(0);
    const staffOnly = await reach('staff');
    expect(staffOnly).toEqual({ total: all.staff, students: 0, guardians: 0, staff: all.staff });
    // Staff read everything addressed by section: a section with nobody else reaches them alone.
    expect(await reach('everyone', [])).toEqual(staffOnly);
  });

  it('counts active members only, and only those of the signed-in college', async () => {
    const before = await reach('students', ['1° Básico A']);
    const [template] = await server.db.select().from(users).where(eq(users.email, 'student@colinas.test'));
    const newcomers = (['active', 'pending', 'disabled'] as const).map((status) => ({
      ...template!,
      id: uuidv7(),
      email: `${status}.${uuidv7()}@colinas.test`,
      rut: null,
      status,
    }));
    await server.db.insert(users).values(newcomers);
    await server.db
      .insert(userSections)
      .values(newcomers.map((user) => ({ collegeId: refs.collegeId, userId: user.id, sectionId: refs.sectionId('1° Básico A') })));
    expect(await reach('students', ['1° Básico A'])).toEqual({ ...before, total: before.total + 1, students: before.students + 1 });
    // Families are not students: the new student does not count for them.
    const families = await reach('guardians', ['1° Básico A']);
    expect(families.students).toBe(0);

    // Another college's sections reach none of this college's students or families.
    const foreign = await reach('everyone', ['1° Básico A', '2° Básico B'], british);
    expect(foreign).toMatchObject({ students: 0, guardians: 0 });
    expect(foreign.total).toBe(foreign.staff);
    // And a British token is unknown here.
    const britishToken = await signIn(server.app, hostOf('british'), { email: 'staff@british.test' });
    const crossed = await call(britishToken, 'POST', '/api/v1/audience/reach', { scope: 'college' });
    expect(crossed.statusCode).toBe(401);
    await server.db.delete(users).where(and(eq(users.collegeId, refs.collegeId), eq(users.id, newcomers[0]!.id)));
  });

  it('answers staff only: 401 without a token, 403 to students before reading the body, 422 to a bad body', async () => {
    const anonymous = await server.app.inject({ method: 'POST', url: '/api/v1/audience/reach', headers: { host }, payload: { scope: 'college' } });
    expect(anonymous.statusCode).toBe(401);
    const forbidden = await call(student, 'POST', '/api/v1/audience/reach', { scope: 'nobody', section_ids: 'x' });
    expect(forbidden.statusCode).toBe(403);
    expect(json(forbidden)).toEqual({ message: messages.forbidden });
    const bad = await call(staff, 'POST', '/api/v1/audience/reach', { scope: 'nobody', section_ids: ['\u0000'] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: object }>(bad).errors).sort()).toEqual(['scope', 'section_ids.0']);
    // Ids of nothing reach no student or family.
    expect(await call(staff, 'POST', '/api/v1/audience/reach', { scope: 'students', section_ids: ['not-a-section', uuidv7()] }).then(json)).toMatchObject({
      students: 0,
      guardians: 0,
    });
  });

  it('takes a post for the whole college or for staff without sections, and asks for them otherwise', async () => {
    const base = { title: 'Para todos', content: '<p>Hola.</p>', category_id: refs.categoryId, course_ids: [], grade_ids: [], section_ids: [] };
    for (const scope of ['college', 'staff'] as const) {
      const created = await call(staff, 'POST', '/api/v1/posts', { ...base, scope });
      expect(created.statusCode, created.body).toBe(201);
      expect(json<Post>(created)).toMatchObject({ scope, section_ids: [] });
    }
    const everyone = await call(staff, 'POST', '/api/v1/posts', { ...base, scope: 'everyone' });
    expect(everyone.statusCode).toBe(422);
    expect(json(everyone)).toEqual({
      message: messages.postCoursesRequired,
      errors: { course_ids: [messages.postCoursesRequired], grade_ids: [messages.postGradesRequired], section_ids: [messages.postSectionsRequired] },
    });
  });
});
