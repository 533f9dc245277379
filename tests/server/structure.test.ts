import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import type { Change } from '../../contract/sync';
import { courses, grades, places, sections } from '../../server/db/schema';
import { categories, posts } from '../../server/posts/schema';
import { writeInCollege } from '../../server/sync/writeInCollege';
import { registry } from '../../server/features';
import { backends, hostOf, signIn, startServer, type TestServer } from './harness';
import { collegeRefs, postArgs, pullAll, push, type CollegeRefs, type Session } from './syncHelpers';

/** The structure's mutations (docs/features/structure.md), each with valid arguments made from the college's rows. */
type Ids = { place: string; course: string; grade: string; section: string; category: string; courses: string[]; grades: string[]; categories: string[] };
const structureExamples: Record<string, (ids: Ids) => Record<string, unknown>> = {
  'places.create': () => ({ id: uuidv7(), name: 'Sede Norte', address: 'Av. Norte 123' }),
  'places.update': (ids) => ({ id: ids.place, name: 'Sede Central', address: 'Calle 1' }),
  'places.archive': (ids) => ({ id: ids.place, archived: true }),
  'courses.create': () => ({ id: uuidv7(), name: 'Prebásica' }),
  'courses.update': (ids) => ({ id: ids.course, name: 'Enseñanza Básica' }),
  'courses.reorder': (ids) => ({ ids: [...ids.courses].reverse() }),
  'courses.archive': (ids) => ({ id: ids.course, archived: true }),
  'grades.create': (ids) => ({ id: uuidv7(), course_id: ids.course, name: '9° Básico' }),
  'grades.update': (ids) => ({ id: ids.grade, name: 'Primero Básico' }),
  'grades.reorder': (ids) => ({ ids: [...ids.grades].reverse() }),
  'grades.archive': (ids) => ({ id: ids.grade, archived: true }),
  'sections.create': (ids) => ({ id: uuidv7(), grade_id: ids.grade, name: 'C', place_id: ids.place }),
  'sections.update': (ids) => ({ id: ids.section, name: 'A1', place_id: null }),
  'sections.archive': (ids) => ({ id: ids.section, archived: true }),
  'categories.create': () => ({ id: uuidv7(), name: 'Deportes y más' }),
  'categories.update': (ids) => ({ id: ids.category, name: 'Avisos' }),
  'categories.reorder': (ids) => ({ ids: [...ids.categories].reverse() }),
  'categories.archive': (ids) => ({ id: ids.category, archived: true }),
};
const names = Object.keys(structureExamples);

/** Every row of the four structure tables and the categories of a college, as a comparable snapshot. */
async function snapshot(server: TestServer, collegeId: string) {
  const read = async (table: typeof places | typeof courses | typeof grades | typeof sections | typeof categories) =>
    (await server.db.select().from(table).where(eq(table.collegeId, collegeId))).map((row) => JSON.stringify({ ...row })).sort();
  return {
    places: await read(places),
    courses: await read(courses),
    grades: await read(grades),
    sections: await read(sections),
    categories: await read(categories),
  };
}

describe.each(backends)('the college structure on $name', (backend) => {
  let server: TestServer;
  let refs: CollegeRefs;
  let british: CollegeRefs;
  const host = hostOf('colinas');
  const session = { admin: {} as Session, staff: {} as Session, student: {} as Session, guardian: {} as Session, britishAdmin: {} as Session };

  /** Ids of one college's rows, for the examples. */
  async function idsOf(collegeId: string): Promise<Ids> {
    const placeRows = await server.db.select().from(places).where(eq(places.collegeId, collegeId));
    const courseRows = await server.db.select().from(courses).where(eq(courses.collegeId, collegeId));
    const gradeRows = await server.db.select().from(grades).where(eq(grades.collegeId, collegeId));
    const course = courseRows[0]!;
    const courseGrades = gradeRows.filter((g) => g.courseId === course.id);
    const sectionRows = await server.db.select().from(sections).where(eq(sections.gradeId, courseGrades[0]!.id));
    const categoryRows = await server.db.select().from(categories).where(eq(categories.collegeId, collegeId));
    return {
      place: placeRows[0]!.id,
      course: course.id,
      grade: courseGrades[0]!.id,
      section: sectionRows[0]!.id,
      category: categoryRows[0]!.id,
      courses: courseRows.map((c) => c.id),
      grades: courseGrades.map((g) => g.id),
      categories: categoryRows.map((c) => c.id),
    };
  }

  beforeAll(async () => {
    server = await startServer(backend);
    refs = await collegeRefs(server.db, 'colinas');
    british = await collegeRefs(server.db, 'british');
    for (const role of ['admin', 'staff', 'student', 'guardian'] as const) {
      session[role] = { app: server.app, host, token: await signIn(server.app, host, { email: `${role}@colinas.test` }) };
    }
    session.britishAdmin = { app: server.app, host: hostOf('british'), token: await signIn(server.app, hostOf('british'), { email: 'admin@british.test' }) };
  });
  afterAll(() => server.close());

  it('registers every structure mutation under structure.manage', () => {
    for (const name of names) expect(registry.mutations.get(name)?.permission, name).toBe('structure.manage');
  });

  it.each(['staff', 'student', 'guardian'] as const)('refuses every structure mutation of a %s with 403 and changes nothing', async (role) => {
    const before = await snapshot(server, refs.collegeId);
    const ids = await idsOf(refs.collegeId);
    const results = await push(
      session[role],
      names.map((name) => ({ name, args: structureExamples[name]!(ids) })),
    );
    expect(results.map((r) => [r.status, r.status === 'rejected' ? r.error?.status : 0])).toEqual(names.map(() => ['rejected', 403]));
    expect(await snapshot(server, refs.collegeId)).toEqual(before);
  });

  it("answers 404/422 to an administrator naming another college's rows, and changes neither college", async () => {
    const foreign = await idsOf(british.collegeId);
    const own = await idsOf(refs.collegeId);
    const beforeOwn = await snapshot(server, refs.collegeId);
    const beforeForeign = await snapshot(server, british.collegeId);
    const foreignArgs = names
      .filter((name) => !name.endsWith('.create') || name === 'grades.create' || name === 'sections.create')
      .map((name) => ({ name, args: structureExamples[name]!(name === 'sections.create' ? { ...own, grade: foreign.grade } : foreign) }));
    const results = await push(session.admin, foreignArgs);
    for (const [i, result] of results.entries()) {
      expect(result.status, foreignArgs[i]!.name).toBe('rejected');
      expect(result.status === 'rejected' ? [404, 422] : [], foreignArgs[i]!.name).toContain(result.status === 'rejected' ? result.error?.status : 0);
    }
    // A section of ours at another college's place: 422 on place_id.
    const [atForeignPlace] = await push(session.admin, [
      { name: 'sections.create', args: { id: uuidv7(), grade_id: own.grade, name: 'Z', place_id: foreign.place } },
    ]);
    expect(atForeignPlace).toMatchObject({ status: 'rejected', error: { status: 422, errors: { place_id: [messages.unknownReference] } } });
    expect(await snapshot(server, refs.collegeId)).toEqual(beforeOwn);
    expect(await snapshot(server, british.collegeId)).toEqual(beforeForeign);
  });

  it('refuses bad input with 422 and changes nothing', async () => {
    const ids = await idsOf(refs.collegeId);
    const before = await snapshot(server, refs.collegeId);
    const bad = [
      { name: 'places.create', args: { id: uuidv7(), name: '   ' } },
      { name: 'courses.create', args: { id: 'not-a-uuid', name: 'X' } },
      { name: 'grades.create', args: { id: uuidv7(), course_id: ids.course, name: 'x'.repeat(81) } },
      { name: 'sections.update', args: { id: ids.section, name: 'A\u0000' } },
      { name: 'courses.reorder', args: { ids: [ids.course, ids.course] } },
      { name: 'categories.create', args: { id: uuidv7(), name: '' } },
      { name: 'categories.archive', args: { id: ids.category, archived: 'yes' } },
    ];
    const results = await push(session.admin, bad);
    expect(results.map((r) => (r.status === 'rejected' ? r.error?.status : 200))).toEqual(bad.map(() => 422));
    expect(results[0]).toMatchObject({ error: { message: messages.structureNameRequired } });
    expect(await snapshot(server, refs.collegeId)).toEqual(before);
  });

  it("lets an administrator build a course's grade and section, rename, reorder and archive them; every member's pull carries them with `archived`", async () => {
    const courseId = uuidv7();
    const gradeId = uuidv7();
    const secondGrade = uuidv7();
    const placeId = uuidv7();
    const sectionId = uuidv7();
    const results = await push(session.admin, [
      { name: 'places.create', args: { id: placeId, name: 'Sede Sur', address: 'Camino 5' } },
      { name: 'courses.create', args: { id: courseId, name: 'Prekínder' } },
      { name: 'grades.create', args: { id: gradeId, course_id: courseId, name: 'NT1' } },
      { name: 'grades.create', args: { id: secondGrade, course_id: courseId, name: 'NT2' } },
      { name: 'sections.create', args: { id: sectionId, grade_id: gradeId, name: 'A', place_id: placeId } },
      { name: 'grades.reorder', args: { ids: [secondGrade, gradeId] } },
      { name: 'sections.update', args: { id: sectionId, name: 'Azul', place_id: null } },
      { name: 'places.archive', args: { id: placeId, archived: true } },
      { name: 'grades.archive', args: { id: gradeId, archived: true } },
      { name: 'grades.archive', args: { id: gradeId, archived: false } },
      { name: 'sections.archive', args: { id: sectionId, archived: true } },
    ]);
    expect(results.map((r) => r.status)).toEqual(results.map(() => 'applied'));
    const [course] = await server.db.select().from(courses).where(eq(courses.id, courseId));
    const maxOther = Math.max(
      ...(await server.db.select().from(courses).where(eq(courses.collegeId, refs.collegeId))).filter((c) => c.id !== courseId).map((c) => c.position),
    );
    expect(course!.position).toBeGreaterThan(maxOther);
    for (const role of ['student', 'guardian', 'staff'] as const) {
      const { changes } = await pullAll(session[role]);
      const row = (entity: string, id: string) => latest(changes, entity, id);
      expect(row('places', placeId), role).toMatchObject({ name: 'Sede Sur', archived: true });
      expect(row('courses', courseId)).toMatchObject({ name: 'Prekínder', archived: false });
      expect(row('grades', secondGrade)).toMatchObject({ position: 0, archived: false });
      expect(row('grades', gradeId)).toMatchObject({ position: 1, archived: false });
      expect(row('sections', sectionId)).toMatchObject({ name: 'Azul', place_id: null, archived: true });
    }
    // Another college's members never hear of it.
    const { changes: theirs } = await pullAll(session.britishAdmin);
    expect(theirs.some((c) => c.op === 'upsert' && c.row.id === courseId)).toBe(false);
  });

  it('archives a category that keeps its posts and their category; a replay answers the same; the slug of a new one is unique', async () => {
    const categoryId = uuidv7();
    const twin = uuidv7();
    const created = await push(session.admin, [
      { name: 'categories.create', args: { id: categoryId, name: 'Anuncios' } },
      { name: 'categories.create', args: { id: twin, name: 'Anuncios' } },
    ]);
    expect(created.map((r) => r.status)).toEqual(['applied', 'applied']);
    const rows = await server.db
      .select()
      .from(categories)
      .where(and(eq(categories.collegeId, refs.collegeId)));
    expect(rows.find((r) => r.id === categoryId)?.slug).toBe('anuncios');
    expect(rows.find((r) => r.id === twin)?.slug).toBe('anuncios-2');
    const post = postArgs(refs, ['1° Básico A'], 'everyone', { category_id: categoryId });
    expect((await push(session.staff, [{ name: 'posts.create', args: post }]))[0]).toMatchObject({ status: 'applied' });
    const archiveId = uuidv7();
    expect((await push(session.admin, [{ id: archiveId, name: 'categories.archive', args: { id: categoryId, archived: true } }]))[0]).toMatchObject({
      status: 'applied',
    });
    expect((await push(session.admin, [{ id: archiveId, name: 'categories.archive', args: { id: categoryId, archived: true } }]))[0]).toMatchObject({
      status: 'applied',
    });
    const [kept] = await server.db.select().from(posts).where(eq(posts.id, post.id));
    expect(kept).toMatchObject({ categoryId, deletedAt: null });
    const { changes } = await pullAll(session.student);
    expect(latest(changes, 'categories', categoryId)).toMatchObject({ name: 'Anuncios', archived: true });
    expect(latest(changes, 'posts', post.id)).toMatchObject({ category_id: categoryId });
    // Renamed and back from the archive: the slug (links) stays.
    await push(session.admin, [
      { name: 'categories.update', args: { id: categoryId, name: 'Anuncios generales' } },
      { name: 'categories.archive', args: { id: categoryId, archived: false } },
    ]);
    const [renamed] = await server.db.select().from(categories).where(eq(categories.id, categoryId));
    expect(renamed).toMatchObject({ slug: 'anuncios', name: 'Anuncios generales', archivedAt: null });
  });

  it('reorders the categories in the order given, the unlisted ones after', async () => {
    const rows = await server.db.select().from(categories).where(eq(categories.collegeId, refs.collegeId));
    const [first, second] = rows.sort((a, b) => a.position - b.position);
    expect((await push(session.admin, [{ name: 'categories.reorder', args: { ids: [second!.id, first!.id] } }]))[0]).toMatchObject({ status: 'applied' });
    const after = (await server.db.select().from(categories).where(eq(categories.collegeId, refs.collegeId))).sort((a, b) => a.position - b.position);
    expect(after.slice(0, 2).map((r) => r.id)).toEqual([second!.id, first!.id]);
    expect(new Set(after.map((r) => r.position)).size).toBe(after.length);
  });

  it('gives a college added with the CLI one category in its language', async () => {
    const posts = registry.modules.find((m) => m.name === 'posts')!;
    const before = await server.db.select().from(categories).where(eq(categories.collegeId, british.collegeId));
    await writeInCollege(server.db, british.collegeId, (write) => posts.newCollege!(write, { language: 'es' }));
    const after = await server.db.select().from(categories).where(eq(categories.collegeId, british.collegeId));
    const added = after.filter((row) => !before.some((old) => old.id === row.id));
    // The demo college has a "noticias" already: the new one's slug steps aside.
    expect(added).toMatchObject([{ name: 'Noticias', slug: 'noticias-2', archivedAt: null }]);
    expect(added[0]!.position).toBeGreaterThan(Math.max(...before.map((row) => row.position)));
  });
});

/** The last upsert of a row in a pull. */
function latest(changes: Change[], entity: string, id: string): Record<string, unknown> | undefined {
  let found: Record<string, unknown> | undefined;
  for (const change of changes) if (change.entity === entity && change.op === 'upsert' && change.row.id === id) found = change.row;
  return found;
}
