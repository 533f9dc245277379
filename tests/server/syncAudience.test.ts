import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keysOfMember } from '../../contract/audience';
import { uuidv7 } from '../../contract/ids';
import { releaseDue } from '../../server/audience/release';
import { openDatabase } from '../../server/db/client';
import { appliedMutations, syncState, userSections, users } from '../../server/db/schema';
import { registry } from '../../server/features';
import { postStats, posts } from '../../server/posts/schema';
import { flushPostStats } from '../../server/posts/postStats';
import { ChangeFeed } from '../../server/sync/changeFeed';
import { compact } from '../../server/sync/compaction';
import { pushMutations } from '../../server/sync/push';
import { loadViewer } from '../../server/sync/viewer';
import { backends, bearer, hostOf, json, signIn, startServer, type TestServer } from './harness';
import { collegeRefs, deletedIds, postArgs, pullAll, pullPage, push, upsertedIds, type CollegeRefs, type Session } from './syncHelpers';

const cursorSeq = (cursor: string) => (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { s: number }).s;

describe.each(backends)('audience, pokes, views, scheduling and compaction on $name', (backend) => {
  let server: TestServer;
  let refs: CollegeRefs;
  const host = hostOf('colinas');
  const session = async (email: string): Promise<Session> => ({ app: server.app, host, token: await signIn(server.app, host, { email }) });
  let staff: Session;
  let student: Session;

  beforeAll(async () => {
    server = await startServer(backend);
    refs = await collegeRefs(server.db, 'colinas');
    staff = await session('staff@colinas.test');
    student = await session('student@colinas.test');
  });
  afterAll(() => server.close());

  it('moves a member past rows meant for others without reading them out', async () => {
    const first = await pullAll(student);
    const staffOnly = Array.from({ length: 30 }, () => ({ name: 'posts.create', args: postArgs(refs, ['1° Básico A'], 'staff') }));
    await push(staff, staffOnly);
    const page = await pullPage(student, first.cursor);
    expect(page.changes).toEqual([]);
    expect(page.hasMore).toBe(false);
    const [state] = await server.db.select().from(syncState).where(eq(syncState.collegeId, refs.collegeId));
    expect(cursorSeq(page.cursor)).toBe(state!.seq);
  });

  it('never tells a member about a post they could never see, not even that it was deleted', async () => {
    const before = await pullAll(student);
    const hidden = postArgs(refs, ['1° Básico A'], 'staff');
    await push(staff, [{ name: 'posts.create', args: hidden }]);
    await push(staff, [{ name: 'posts.delete', args: { id: hidden.id } }]);
    const after = await pullAll(student, before.cursor);
    expect(after.changes.map((c) => (c.op === 'upsert' ? c.row.id : c.id))).not.toContain(hidden.id);
    // Staff could see it: they learn it is gone.
    const staffChanges = await pullAll(staff);
    expect(upsertedIds(staffChanges.changes, 'posts')).not.toContain(hidden.id);
  });

  it('sends a delete when a post leaves the member audience, and the post again when it comes back', async () => {
    const args = postArgs(refs, ['1° Básico A'], 'students');
    await push(staff, [{ name: 'posts.create', args }]);
    const had = await pullAll(student);
    expect(upsertedIds(had.changes, 'posts')).toContain(args.id);
    await push(staff, [{ name: 'posts.update', args: { ...args, scope: 'staff' } }]);
    const left = await pullAll(student, had.cursor);
    expect(deletedIds(left.changes, 'posts')).toEqual([args.id]);
    await push(staff, [{ name: 'posts.update', args: { ...args, scope: 'everyone' } }]);
    const back = await pullAll(student, left.cursor);
    expect(upsertedIds(back.changes, 'posts')).toEqual([args.id]);
  });

  it('pokes the devices of the post audience only', async () => {
    const feed = new ChangeFeed(server.db, server.app.log);
    const pokes = { sectionA: 0, sectionB: 0, staff: 0, otherCollege: 0 };
    const keys = (role: string, section: string | null, readAll = false) =>
      new Set(keysOfMember({ userId: uuidv7(), role, sectionIds: section ? [refs.sectionId(section)] : [], readAll }));
    const british = await collegeRefs(server.db, 'british');
    const ends = [
      await feed.subscribe(refs.collegeId, keys('student', '1° Básico A'), () => pokes.sectionA++),
      await feed.subscribe(refs.collegeId, keys('student', '2° Básico B'), () => pokes.sectionB++),
      await feed.subscribe(refs.collegeId, keys('staff', null, true), () => pokes.staff++),
      await feed.subscribe(british.collegeId, keys('student', null), () => pokes.otherCollege++),
    ];
    let everyone = 0;
    const endAll = await feed.subscribe(refs.collegeId, new Set(['college']), () => everyone++);
    try {
      await push(staff, [{ name: 'posts.create', args: postArgs(refs, ['1° Básico A'], 'students') }]);
      await until(() => pokes.sectionA === 1 && pokes.staff === 1);
      // Notifications arrive in commit order: once a later poke of everyone arrives, any poke
      // for section B would have, too.
      await server.db.transaction(async (tx) => tx.execute(sql`select pg_notify('patio_sync', ${JSON.stringify({ c: refs.collegeId, k: null })})`));
      await until(() => everyone >= 1);
      expect(pokes).toEqual({ sectionA: 2, sectionB: 1, staff: 2, otherCollege: 0 });
    } finally {
      for (const end of [...ends, endAll]) end();
      await feed.close();
    }
  });

  it('counts 500 students opening one post without re-numbering it or poking any device', async () => {
    const args = postArgs(refs, ['1° Básico A'], 'everyone');
    await push(staff, [{ name: 'posts.create', args }]);
    const [created] = await server.db.select().from(posts).where(eq(posts.id, args.id));
    // 500 students of 1° Básico A.
    const [template] = await server.db.select().from(users).where(eq(users.email, 'student@colinas.test'));
    const readers = Array.from({ length: 500 }, (_, i) => ({ ...template!, id: uuidv7(), email: `reader${i}@colinas.test`, rut: null }));
    await server.db.insert(users).values(readers);
    await server.db.insert(userSections).values(readers.map((r) => ({ collegeId: refs.collegeId, userId: r.id, sectionId: refs.sectionId('1° Básico A') })));

    const feed = new ChangeFeed(server.db, server.app.log);
    let pokes = 0;
    let marker = 0;
    const everyKey = new Set(['staff', 'college', `student:${refs.sectionId('1° Básico A')}`, `guardian:${refs.sectionId('1° Básico A')}`]);
    const end = await feed.subscribe(refs.collegeId, everyKey, () => pokes++);
    const endMarker = await feed.subscribe(refs.collegeId, new Set(['marker']), () => marker++);
    try {
      // Ten devices at a time (on PostgreSQL, at the same time): every view counted once all the same.
      const lanes = Array.from({ length: 10 }, (_, lane) => readers.filter((_, i) => i % 10 === lane));
      await Promise.all(
        lanes.map(async (lane) => {
          for (const reader of lane) {
            const user = (await server.db.select().from(users).where(eq(users.id, reader.id)))[0]!;
            const { results } = await pushMutations(
              server.db,
              registry.mutations,
              { user, viewer: await loadViewer(server.db, user) },
              {
                clientId: 'phone',
                mutations: [{ id: uuidv7(), name: 'posts.view', args: { post_id: args.id } }],
              },
            );
            expect(results[0]!.status).toBe('applied');
          }
        }),
      );
      expect(await flushPostStats(server.db)).toBeGreaterThanOrEqual(1);
      await server.db.transaction(async (tx) => tx.execute(sql`select pg_notify('patio_sync', ${JSON.stringify({ c: refs.collegeId, k: ['marker'] })})`));
      await until(() => marker === 1);
      console.log(`pokes caused by 500 students opening one post (and the view-count flush): ${pokes}`);
      expect(pokes).toBe(0);
    } finally {
      end();
      endMarker();
      await feed.close();
    }
    const [after] = await server.db.select().from(posts).where(eq(posts.id, args.id));
    expect(after!.seq).toBe(created!.seq);
    expect(after!.views).toBe(500);
    // The count reaches the audience through postStats, at their next pull.
    const { changes } = await pullAll(student);
    const stats = changes.find((c) => c.entity === 'postStats' && c.op === 'upsert' && c.row.id === args.id);
    expect(stats?.op === 'upsert' && stats.row.views).toBe(500);
    const [statsRow] = await server.db.select().from(postStats).where(eq(postStats.id, args.id));
    expect(statsRow!.views).toBe(500);
  });

  it('keeps a scheduled post for its author until its time, then releases it once to its audience', async () => {
    const at = new Date(Date.now() + 60 * 60 * 1000);
    const args = postArgs(refs, ['1° Básico A'], 'everyone', { published_at: at.toISOString() });
    await push(staff, [{ name: 'posts.create', args }]);
    const studentCursor = (await pullAll(student)).cursor;
    const admin = await session('admin@colinas.test');
    expect(upsertedIds((await pullAll(student)).changes, 'posts')).not.toContain(args.id);
    expect(upsertedIds((await pullAll(admin)).changes, 'posts')).not.toContain(args.id);
    expect(upsertedIds((await pullAll(staff)).changes, 'posts')).toContain(args.id);
    const rest = await server.app.inject({ method: 'GET', url: `/api/v1/posts/${args.id}`, headers: { host, ...bearer(student.token) } });
    expect(rest.statusCode).toBe(404);

    expect(await releaseDue(server.db, registry.entities, new Date())).toBe(0);
    // Two API processes reach the time together: the post is released once.
    const later = new Date(at.getTime() + 1000);
    const other = backend.url ? await openDatabase({ url: databaseUrlOf(server) }) : null;
    try {
      const released = await Promise.all([releaseDue(server.db, registry.entities, later), releaseDue(other?.db ?? server.db, registry.entities, later)]);
      expect(released[0] + released[1]).toBe(1);
    } finally {
      await other?.close();
    }
    const { changes } = await pullAll(student, studentCursor);
    expect(upsertedIds(changes, 'posts')).toEqual([args.id]);
    const list = await server.app.inject({ method: 'GET', url: '/api/v1/posts?per_page=100', headers: { host, ...bearer(student.token) } });
    expect(json<{ data: { id: string }[] }>(list).data.map((p) => p.id)).toContain(args.id);
  });

  it('compacts old tombstones and mutation records, and resets a device whose cursor is older', async () => {
    const oldCursor = (await pullAll(staff)).cursor;
    const args = postArgs(refs, ['1° Básico A'], 'everyone');
    const [applied] = await push(staff, [{ name: 'posts.create', args }]);
    await push(staff, [{ name: 'posts.delete', args: { id: args.id } }]);
    const recentCursor = (await pullAll(staff)).cursor;
    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    await server.db.update(posts).set({ deletedAt: longAgo }).where(eq(posts.id, args.id));
    await server.db.update(appliedMutations).set({ createdAt: longAgo }).where(eq(appliedMutations.id, applied!.id));

    const done = await compact(server.db, registry.entities, new Date(Date.now() - 30 * 24 * 60 * 60 * 1000));
    expect(done.tombstones).toBeGreaterThanOrEqual(1);
    expect(done.mutations).toBeGreaterThanOrEqual(1);
    expect(await server.db.select().from(posts).where(eq(posts.id, args.id))).toEqual([]);
    expect(await server.db.select().from(appliedMutations).where(eq(appliedMutations.id, applied!.id))).toEqual([]);
    expect((await pullPage(staff, oldCursor)).reset).toBe(true);
    expect((await pullPage(staff, recentCursor)).reset).toBe(false);
    const [state] = await server.db
      .select()
      .from(syncState)
      .where(and(eq(syncState.collegeId, refs.collegeId)));
    expect(state!.compactedSeq).toBeGreaterThan(cursorSeq(oldCursor));
  });
});

function databaseUrlOf(server: TestServer): string {
  const pool = (server.db as unknown as { $client: { options: { connectionString: string } } }).$client;
  return pool.options.connectionString;
}

/** Waits until `done` holds (a poke heard). */
async function until(done: () => boolean): Promise<void> {
  await expect.poll(done, { timeout: 10_000, interval: 10 }).toBe(true);
}
