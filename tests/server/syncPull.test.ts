import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { category, post, type Post } from '../../contract/posts';
import { pullResponse } from '../../contract/sync';
import { userSections, users } from '../../server/db/schema';
import { createPost } from '../../server/posts/postService';
import { posts as postRows } from '../../server/posts/schema';
import { loadViewer } from '../../server/sync/viewer';
import { writeInCollege } from '../../server/sync/writeInCollege';
import { backends, bearer, hostOf, json, signIn, startServer, type TestServer } from './harness';
import { collegeRefs, deletedIds, postArgs, pullAll, pullPage, push, selectRows, upsertedIds, type CollegeRefs, type Session } from './syncHelpers';

describe.each(backends)('sync pull on $name', (backend) => {
  let server: TestServer;
  let refs: CollegeRefs;
  const host = hostOf('colinas');
  const session = async (email: string): Promise<Session> => ({ app: server.app, host, token: await signIn(server.app, host, { email }) });
  let staff: Session;
  // Posts of the visibility matrix: the demo student and guardian are in 1° Básico A.
  const ids = { studentsA: '', studentsB: '', staffA: '', guardiansA: '', everyoneAB: '' };

  beforeAll(async () => {
    server = await startServer(backend);
    refs = await collegeRefs(server.db, 'colinas');
    staff = await session('staff@colinas.test');
    const made = {
      studentsA: postArgs(refs, ['1° Básico A'], 'students'),
      studentsB: postArgs(refs, ['2° Básico B'], 'students'),
      staffA: postArgs(refs, ['1° Básico A'], 'staff'),
      guardiansA: postArgs(refs, ['1° Básico A'], 'guardians'),
      everyoneAB: postArgs(refs, ['1° Básico A', '2° Básico B'], 'everyone'),
    };
    const results = await push(
      staff,
      Object.values(made).map((args) => ({ name: 'posts.create', args })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(5).fill('applied'));
    for (const key of Object.keys(made) as (keyof typeof made)[]) ids[key] = made[key].id;
  });
  afterAll(() => server.close());

  it('gives each member the posts addressed to their section and role, and staff everything', async () => {
    const seen = async (email: string) => upsertedIds((await pullAll(await session(email))).changes, 'posts');
    const student = await seen('student@colinas.test');
    expect(student).toEqual(expect.arrayContaining([ids.studentsA, ids.everyoneAB]));
    for (const hidden of [ids.studentsB, ids.staffA, ids.guardiansA]) expect(student).not.toContain(hidden);
    const guardian = await seen('guardian@colinas.test');
    expect(guardian).toEqual(expect.arrayContaining([ids.guardiansA, ids.everyoneAB]));
    for (const hidden of [ids.studentsA, ids.studentsB, ids.staffA]) expect(guardian).not.toContain(hidden);
    const staffSees = await seen('staff@colinas.test');
    expect(staffSees).toEqual(expect.arrayContaining(Object.values(ids)));
  });

  it('never sends a student a demo post meant for staff or for other sections', async () => {
    const { changes } = await pullAll(await session('student@colinas.test'));
    const mySection = refs.sectionId('1° Básico A');
    const posts = changes.flatMap((c) => (c.entity === 'posts' && c.op === 'upsert' ? [c.row as unknown as Post] : []));
    expect(posts.length).toBeGreaterThan(5);
    for (const post of posts) {
      expect(post.scope === 'everyone' || post.scope === 'students').toBe(true);
      expect(post.section_ids).toContain(mySection);
    }
    // A first sync carries no tombstones of rows it never had.
    expect(changes.filter((c) => c.op === 'delete')).toEqual([]);
  });

  it('syncs the reference data to every member', async () => {
    const { changes } = await pullAll(await session('guardian@colinas.test'));
    const count = (entity: string) => upsertedIds(changes, entity).length;
    expect(count('places')).toBe(2);
    expect(count('courses')).toBe(2);
    expect(count('grades')).toBe(12);
    expect(count('sections')).toBe(24);
    expect(count('categories')).toBe(6);
    const category = changes.find((c) => c.entity === 'categories' && c.op === 'upsert');
    expect(category?.op === 'upsert' && Object.keys(category.row).sort()).toEqual(['archived', 'id', 'name', 'position', 'slug']);
  });

  it('replies in the contract shape (the pull reply is sent without response validation)', async () => {
    for (const email of ['staff@colinas.test', 'student@colinas.test']) {
      const member = await session(email);
      const { changes } = await pullAll(member, undefined, 1000);
      const page = await pullPage(member, undefined, 1000);
      // Exactly what the contract describes: nothing the schema would strip or default.
      expect(pullResponse.parse(page)).toEqual(page);
      for (const change of changes) {
        if (change.op !== 'upsert') continue;
        if (change.entity === 'posts') expect(post.strict().parse(change.row)).toEqual(change.row);
        if (change.entity === 'categories') expect(category.strict().parse(change.row)).toEqual(change.row);
      }
      expect(changes.some((c) => c.entity === 'posts')).toBe(true);
    }
  });

  it('pages without repeats or gaps and continues from the cursor', async () => {
    const whole = await pullAll(staff, undefined, 1000);
    const key = (c: (typeof whole.changes)[number]) => `${c.entity}:${c.op === 'upsert' ? c.row.id : c.id}`;
    const paged: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await pullPage(staff, cursor, 7);
      pages++;
      if (page.hasMore) expect(page.changes).toHaveLength(7);
      paged.push(...page.changes.map(key));
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    expect(pages).toBeGreaterThan(5);
    expect(new Set(paged).size).toBe(paged.length);
    expect(paged.sort()).toEqual(whole.changes.map(key).sort());

    const nothing = await pullPage(staff, cursor);
    expect(nothing).toMatchObject({ changes: [], hasMore: false, reset: false });
    const later = postArgs(refs, ['3° Básico A'], 'everyone');
    await push(staff, [{ name: 'posts.create', args: later }]);
    const next = await pullPage(staff, nothing.cursor);
    expect(next.changes.map(key)).toEqual([`posts:${later.id}`]);
  });

  it('sends a delete when a post the member had stops being visible or is deleted', async () => {
    const guardian = await session('guardian@colinas.test');
    const first = await pullAll(guardian);
    expect(upsertedIds(first.changes, 'posts')).toContain(ids.guardiansA);
    const readdressed = postArgs(refs, ['1° Básico A'], 'students', { id: ids.guardiansA, title: 'Solo estudiantes' });
    expect((await push(staff, [{ name: 'posts.update', args: readdressed }]))[0]!.status).toBe('applied');
    expect((await push(staff, [{ name: 'posts.delete', args: { id: ids.everyoneAB } }]))[0]!.status).toBe('applied');
    const next = await pullAll(guardian, first.cursor);
    expect(deletedIds(next.changes, 'posts').sort()).toEqual([ids.guardiansA, ids.everyoneAB].sort());
    expect(upsertedIds(next.changes, 'posts')).toEqual([]);
  });

  it('tells a member whose sections changed to start over', async () => {
    const sofia = await session('sofia.sepulveda@colinas.test');
    const before = await pullAll(sofia);
    const [user] = await server.db.select().from(users).where(eq(users.email, 'sofia.sepulveda@colinas.test'));
    await server.db
      .update(userSections)
      .set({ sectionId: refs.sectionId('1° Básico A') })
      .where(and(eq(userSections.userId, user!.id)));
    // The process hears of the change through its LISTEN (quietPolls.ts): on PostgreSQL a
    // poll sent at once may still answer "nothing yet" with the same cursor.
    await expect.poll(async () => (await pullPage(sofia, before.cursor)).reset, { timeout: 1_000 }).toBe(true);
    const reset = await pullPage(sofia, before.cursor);
    expect(reset).toEqual({ changes: [], cursor: '', hasMore: true, reset: true });
    const again = await pullAll(sofia);
    expect(upsertedIds(again.changes, 'posts')).toContain(ids.studentsA);
  });

  it('answers 422 to a cursor it did not make', async () => {
    for (const cursor of ['not a cursor', 'eyJ2IjoyfQ', Buffer.from('{"v":1,"s":-1,"h":0,"a":"x"}').toString('base64url')]) {
      const response = await server.app.inject({
        method: 'GET',
        url: `/api/v1/sync/pull?cursor=${encodeURIComponent(cursor)}`,
        headers: { host, ...bearer(staff.token) },
      });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(json<{ errors: object }>(response).errors)).toEqual(['cursor']);
    }
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/v1/sync/pull', headers: { host } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps colleges apart', async () => {
    const britishHost = hostOf('british');
    const british: Session = { app: server.app, host: britishHost, token: await signIn(server.app, britishHost, { email: 'staff@british.test' }) };
    const { changes } = await pullAll(british);
    const rows = changes.flatMap((c) => (c.op === 'upsert' ? [c.row] : []));
    expect(rows.length).toBeGreaterThan(20);
    const colinasIds = new Set([...Object.values(ids), refs.sectionId('1° Básico A'), refs.categoryId]);
    expect(rows.filter((row) => colinasIds.has(row.id))).toEqual([]);
    expect(rows.filter((row) => 'college_id' in row && row.college_id !== rows.find((r) => 'college_id' in r)?.college_id)).toEqual([]);
    // A token of one college is unknown at another's address.
    const crossed = await server.app.inject({ method: 'GET', url: '/api/v1/sync/pull', headers: { host, ...bearer(british.token) } });
    expect(crossed.statusCode).toBe(401);

    const [result] = await push(british, [
      { name: 'posts.update', args: postArgs(refs, ['1° Básico A'], 'everyone', { id: ids.studentsA, title: 'Hackeado' }) },
    ]);
    expect(result).toMatchObject({ status: 'rejected', error: { status: 404 } });
    const [deleted] = await push(british, [{ name: 'posts.delete', args: { id: ids.studentsA } }]);
    expect(deleted).toMatchObject({ status: 'rejected', error: { status: 404 } });
    const colinas = await server.app.inject({ method: 'GET', url: `/api/v1/posts/${ids.studentsA}`, headers: { host, ...bearer(staff.token) } });
    expect(colinas.statusCode).toBe(200);
    expect(json<Post>(colinas).title).not.toBe('Hackeado');
  });

  // The race needs writers on connections of their own: PGlite has one, shared by everything
  // (a pull would wait for the open write, and the write for the pull's end).
  if (backend.name === 'postgres') {
    it('never lets a pull pass over a row committed later by a slower writer', async () => {
      const [user] = await server.db.select().from(users).where(eq(users.email, 'admin@colinas.test'));
      const actor = { user: user!, viewer: await loadViewer(server.db, user!) };
      let cursor = (await pullAll(staff)).cursor;
      const committed = async (id: string) => (await server.db.select({ id: postRows.id }).from(postRows).where(eq(postRows.id, id))).length === 1;

      // The slow writer stamps its row, then holds its transaction open.
      const slow = postArgs(refs, ['1° Básico A'], 'everyone', { title: 'Escrito despacio' });
      let stamped!: () => void;
      const isStamped = new Promise<void>((resolve) => (stamped = resolve));
      let finish!: () => void;
      const finishing = new Promise<void>((resolve) => (finish = resolve));
      const slowWrite = writeInCollege(server.db, refs.collegeId, async (write) => {
        await createPost(write, actor, slow);
        stamped();
        await finishing;
      });
      await isStamped;
      // A fast writer of the same college, after it: without the college's lock it would take
      // the next number and commit first; with it, it waits for the slow one's commit.
      const fast = postArgs(refs, ['1° Básico A'], 'everyone', { title: 'Escrito deprisa' });
      let fastDone = false;
      const fastWrite = writeInCollege(server.db, refs.collegeId, (write) => createPost(write, actor, fast)).then(() => (fastDone = true));
      const waitingForALock = async () =>
        (
          await selectRows<{ count: number }>(
            server.db,
            sql`select count(*)::int as count from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )
        )[0]!.count;
      await expect.poll(async () => fastDone || (await waitingForALock()) > 0, { timeout: 10_000 }).toBe(true);

      // A pull between the two: the slow row is not committed yet.
      const between = await pullPage(staff, cursor, 3);
      cursor = between.cursor;
      expect(await committed(slow.id)).toBe(false);

      finish();
      await Promise.all([slowWrite, fastWrite]);
      const rest = await pullAll(staff, cursor, 3);
      const pulled = [...upsertedIds(between.changes, 'posts'), ...upsertedIds(rest.changes, 'posts')];
      expect(pulled.filter((id) => id === slow.id || id === fast.id).sort()).toEqual([slow.id, fast.id].sort());
    });
  }
});
