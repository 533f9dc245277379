import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse } from '../../contract/sync';
import { releaseDue } from '../../server/audience/release';
import type { Auth } from '../../server/auth/requireUser';
import type { Database } from '../../server/db/client';
import { syncState, users } from '../../server/db/schema';
import { registry } from '../../server/features';
import { flushPostStats } from '../../server/posts/postStats';
import { createPost } from '../../server/posts/postService';
import { posts } from '../../server/posts/schema';
import type { MutationActor } from '../../server/sync/mutation';
import { decodeCursor, encodeCursor } from '../../server/sync/cursor';
import { pullChanges } from '../../server/sync/pull';
import { QuietPolls } from '../../server/sync/quietPolls';
import { loadViewer, type Viewer } from '../../server/sync/viewer';
import { parsePokePayload, pokePayload, writeInCollege, type Poke } from '../../server/sync/writeInCollege';
import { backends, hostOf, signIn, startServer, type TestServer } from './harness';
import {
  collegeRefs,
  deletedIds,
  lastingQuietPolls,
  logQueries,
  postArgs,
  pullAll,
  pullPage,
  push,
  selectRows,
  upsertedIds,
  type CollegeRefs,
  type QueryLog,
  type Session,
} from './syncHelpers';

const movedTo = (cursor: string, s: number) => encodeCursor({ ...decodeCursor(cursor), s });

async function counterOf(db: Database, collegeId: string): Promise<number> {
  const [row] = await db.select({ seq: syncState.seq }).from(syncState).where(eq(syncState.collegeId, collegeId));
  return row!.seq;
}

/**
 * A poll that only others' writes followed is answered "nothing for you" from memory: no
 * page, the cursor moved to the college's counter with the same `h` and `a`
 * (server/sync/quietPolls.ts), and the database answers the same.
 */
describe.each(backends)('"nothing for you" from memory on $name', (backend) => {
  let server: TestServer;
  let queries: QueryLog;
  let refs: CollegeRefs;
  let staff: Session;
  const host = hostOf('colinas');
  /** A poll, and the statements it sent the database (none: answered from memory). */
  const poll = (session: Session, cursor: string) => queries.during(() => pullPage(session, cursor));
  const fromMemory = async (session: Session, cursor: string): Promise<PullResponse> => {
    const { result, statements } = await poll(session, cursor);
    expect(statements).toEqual([]);
    return result;
  };
  const fromDatabase = async (session: Session, cursor: string): Promise<PullResponse> => {
    const { result, statements } = await poll(session, cursor);
    expect(statements).not.toEqual([]);
    return result;
  };
  /** Polls at the counter until the process answers from memory: it knows the member's session and the college's counter (read in the background after the first poll). */
  const warm = async (session: Session, cursor: string): Promise<void> => {
    const atCounter = movedTo(cursor, await counterOf(server.db, refs.collegeId));
    await expect.poll(async () => (await poll(session, atCounter)).statements).toEqual([]);
  };
  const session = async (email: string): Promise<Session> => ({ app: server.app, host, token: await signIn(server.app, host, { email }) });
  const viewerOf = async (email: string): Promise<Viewer> => {
    const [user] = await server.db.select().from(users).where(eq(users.email, email));
    return loadViewer(server.db, user!);
  };
  const staffActor = async (): Promise<MutationActor> => {
    const [user] = await server.db.select().from(users).where(eq(users.email, 'staff@colinas.test'));
    return { user: user!, viewer: await viewerOf('staff@colinas.test') };
  };
  /** A post for another section (student@ sits in 1° Básico A): the student's poll passes it from memory. */
  const passesAPostForOthers = async (student: Session, cursor: string): Promise<string> => {
    await push(staff, [{ name: 'posts.create', args: postArgs(refs, ['2° Básico B'], 'students') }]);
    const counter = await counterOf(server.db, refs.collegeId);
    expect(await fromMemory(student, cursor)).toEqual({ changes: [], cursor: movedTo(cursor, counter), hasMore: false, reset: false });
    return movedTo(cursor, counter);
  };
  /** The poll asked the database, while the same process answers a poll at the counter (the control) from memory. */
  const asksTheDatabase = async (student: Session, cursor: string): Promise<PullResponse> => {
    await fromMemory(student, movedTo(cursor, await counterOf(server.db, refs.collegeId)));
    return fromDatabase(student, cursor);
  };

  beforeAll(async () => {
    server = await startServer(backend, lastingQuietPolls);
    queries = logQueries(server.db);
    refs = await collegeRefs(server.db, 'colinas');
    staff = await session('staff@colinas.test');
  });
  afterAll(async () => {
    queries.stop();
    await server.close();
  });

  it('moves the cursor past posts for other sections, as the database would, without it', async () => {
    const student = await session('student@colinas.test');
    const { cursor } = await pullAll(student);
    await warm(student, cursor);
    // Through this process, then two writes of "another process" (heard on the LISTEN only).
    const elsewhere = Object.create(server.db) as Database;
    await push(staff, [{ name: 'posts.create', args: postArgs(refs, ['2° Básico B'], 'students') }]);
    const actor = await staffActor();
    for (const sections of [['3° Básico A'], ['2° Básico B', '3° Básico A']]) {
      await writeInCollege(elsewhere, refs.collegeId, (write) => createPost(write, actor, postArgs(refs, sections, 'everyone')));
    }
    const counter = await counterOf(server.db, refs.collegeId);
    expect(counter).toBeGreaterThan(decodeCursor(cursor).s + 2);
    const quiet = { changes: [], cursor: movedTo(cursor, counter), hasMore: false, reset: false };
    // The other process's writes are heard once their notifications come: until then the
    // poll asks the database, or answers "nothing yet" at the counter the process knows.
    await expect.poll(() => poll(student, cursor)).toEqual({ result: quiet, statements: [] });
    const moved = decodeCursor(quiet.cursor);
    expect(moved.h).toBe(decodeCursor(cursor).h);
    expect(moved.a).toBe(decodeCursor(cursor).a);
    // The database's own answer to the same poll.
    expect(await pullChanges(server.db, registry.entities, await viewerOf('student@colinas.test'), { cursor, limit: 500 })).toEqual(quiet);
  });

  it("asks the database after a post for the member's section", async () => {
    const student = await session('student@colinas.test');
    let { cursor } = await pullAll(student);
    await warm(student, cursor);
    cursor = await passesAPostForOthers(student, cursor);
    const mine = postArgs(refs, ['2° Básico B', '1° Básico A'], 'students');
    await push(staff, [{ name: 'posts.create', args: mine }]);
    const page = await asksTheDatabase(student, cursor);
    expect(upsertedIds(page.changes, 'posts')).toEqual([mine.id]);
  });

  it('asks the database when a change number was not heard of (a hole between notifications)', async () => {
    const student = await session('student@colinas.test');
    let { cursor } = await pullAll(student);
    await warm(student, cursor);
    cursor = await passesAPostForOthers(student, cursor);
    // A number given without a notification (a lost one), then a post for others that is heard.
    await server.db
      .update(syncState)
      .set({ seq: sql`${syncState.seq} + 1` })
      .where(eq(syncState.collegeId, refs.collegeId));
    await push(staff, [{ name: 'posts.create', args: postArgs(refs, ['2° Básico B'], 'students') }]);
    const page = await asksTheDatabase(student, cursor);
    expect(page.changes).toEqual([]);
    expect(decodeCursor(page.cursor).s).toBe(await counterOf(server.db, refs.collegeId));
  });

  // PGlite's LISTEN is in the process: only PostgreSQL's connection can be lost.
  if (backend.name === 'postgres') {
    it('asks the database after its LISTEN connection was lost while others wrote', async () => {
      const student = await session('student@colinas.test');
      let { cursor } = await pullAll(student);
      await warm(student, cursor);
      cursor = await passesAPostForOthers(student, cursor);
      const listeners = async () =>
        (await selectRows<{ pid: number }>(server.db, sql`select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`)).map(
          (row) => row.pid,
        );
      const lost = await listeners();
      expect(lost).toHaveLength(1);
      await server.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where pid = ${lost[0]}`);
      const actor = await staffActor();
      await writeInCollege(Object.create(server.db) as Database, refs.collegeId, (write) =>
        createPost(write, actor, postArgs(refs, ['2° Básico B'], 'students')),
      );
      // Listening again on a new connection (server/db/listen.ts), and the counter read again: the control answers from memory.
      await expect.poll(async () => (await listeners()).filter((pid) => !lost.includes(pid)).length, { timeout: 10_000 }).toBe(1);
      await warm(student, cursor);
      const page = await asksTheDatabase(student, cursor);
      expect(page.changes).toEqual([]);
    });
  }

  it('asks the database when a post the member had seen leaves their audience or is deleted', async () => {
    const student = await session('student@colinas.test');
    let { cursor } = await pullAll(student);
    await warm(student, cursor);
    const mine = postArgs(refs, ['1° Básico A'], 'students');
    await push(staff, [{ name: 'posts.create', args: mine }]);
    cursor = (await pullAll(student, cursor)).cursor;
    await warm(student, cursor);
    cursor = await passesAPostForOthers(student, cursor);
    // Now for another section only: its audience misses the student, its seen_keys do not.
    await push(staff, [{ name: 'posts.update', args: { ...mine, ...postArgs(refs, ['2° Básico B'], 'students'), id: mine.id } }]);
    const left = await asksTheDatabase(student, cursor);
    expect(deletedIds(left.changes, 'posts')).toEqual([mine.id]);
    cursor = left.cursor;
    await warm(student, cursor);
    await push(staff, [{ name: 'posts.delete', args: { id: mine.id } }]);
    const deleted = await asksTheDatabase(student, cursor);
    expect(deletedIds(deleted.changes, 'posts')).toEqual([mine.id]);
  });

  it('asks the database after view counts are written (members receive postStats rows)', async () => {
    const student = await session('student@colinas.test');
    let { cursor } = await pullAll(student);
    await warm(student, cursor);
    const mine = postArgs(refs, ['1° Básico A'], 'students');
    await push(staff, [{ name: 'posts.create', args: mine }]);
    cursor = (await pullAll(student, cursor)).cursor;
    await warm(student, cursor);
    cursor = await passesAPostForOthers(student, cursor);
    await server.db.update(posts).set({ views: 3, viewsPending: 3 }).where(eq(posts.id, mine.id));
    expect(await flushPostStats(server.db)).toBeGreaterThanOrEqual(1);
    const page = await asksTheDatabase(student, cursor);
    expect(upsertedIds(page.changes, 'postStats')).toContain(mine.id);
  });

  it("passes a scheduled post from memory (its author's alone) and asks the database when it is released", async () => {
    const student = await session('student@colinas.test');
    let { cursor } = await pullAll(student);
    await warm(student, cursor);
    const at = new Date(Date.now() + 60 * 60 * 1000);
    const scheduled = postArgs(refs, ['1° Básico A'], 'students', { published_at: at.toISOString() });
    await push(staff, [{ name: 'posts.create', args: scheduled }]);
    const counter = await counterOf(server.db, refs.collegeId);
    expect(await fromMemory(student, cursor)).toEqual({ changes: [], cursor: movedTo(cursor, counter), hasMore: false, reset: false });
    cursor = movedTo(cursor, counter);
    expect(await releaseDue(server.db, registry.entities, new Date(at.getTime() + 1_000))).toBe(1);
    const page = await asksTheDatabase(student, cursor);
    expect(upsertedIds(page.changes, 'posts')).toEqual([scheduled.id]);
  });

  it("answers reset to a cursor of another audience, and asks the database for a head's cursor", async () => {
    const student = await session('student@colinas.test');
    let { cursor } = await pullAll(student);
    await warm(student, cursor);
    cursor = await passesAPostForOthers(student, cursor);
    const guardian = await session('guardian@colinas.test');
    const own = await pullAll(guardian);
    await warm(guardian, own.cursor);
    await push(staff, [{ name: 'posts.create', args: postArgs(refs, ['2° Básico B'], 'students') }]);
    await fromMemory(guardian, movedTo(own.cursor, await counterOf(server.db, refs.collegeId)));
    // pullChanges' own first check: the cursor's audience is not the guardian's.
    expect((await poll(guardian, cursor)).result).toEqual({ changes: [], cursor: '', hasMore: true, reset: true });

    // A new device's head: its cursor starts at 0, and the whole sync is still to come.
    const head = await student.app.inject({ method: 'GET', url: '/api/v1/sync/pull?head=true', headers: { host, authorization: `Bearer ${student.token}` } });
    const headCursor = (JSON.parse(head.body) as PullResponse).cursor;
    expect(decodeCursor(headCursor).s).toBe(0);
    await push(staff, [{ name: 'posts.create', args: postArgs(refs, ['2° Básico B'], 'students') }]);
    const page = await asksTheDatabase(student, headCursor);
    expect(page.changes.length).toBeGreaterThan(0);
  });
});

/** The proof itself, on what the process heard (no database involved). */
describe('"nothing for you": what counts as heard', () => {
  const collegeId = 'college-1';
  const viewer = { collegeId, keySet: new Set(['college', 'student:a', 'user:u']) } as unknown as Viewer;
  const session = { auth: {} as Auth, viewer, audience: 'audience-1' };
  const poll = (quiet: QuietPolls, s: number, h = 0) => quiet.answer(session, { cursor: encodeCursor({ s, h, a: 'audience-1' }) });
  const heard = (first: number, seq: number, reach: string[] | null): Poke => ({ kind: 'change', collegeId, keys: reach, first, seq, reach });
  const listeningPolls = () => {
    const quiet = new QuietPolls({} as Database, { listen: () => Promise.resolve() });
    quiet.listening();
    return quiet;
  };

  it('passes contiguous writes for others, in any order they were heard, and nothing else', () => {
    const quiet = listeningPolls();
    quiet.heard(heard(1, 3, ['student:b']));
    quiet.heard(heard(6, 6, ['staff']));
    expect(poll(quiet, 3)).toBeNull(); // 4–5 not heard
    quiet.heard(heard(4, 5, ['guardian:a']));
    quiet.heard(heard(4, 5, ['guardian:a'])); // the same write again (its own process, then its notification)
    expect(poll(quiet, 3)?.cursor).toBe(encodeCursor({ s: 6, h: 0, a: 'audience-1' }));
    expect(poll(quiet, 2)?.cursor).toBe(encodeCursor({ s: 6, h: 0, a: 'audience-1' }));
    // From the head's cursor (s 0) the device has everything still to sync.
    expect(poll(quiet, 0)).toBeNull();
    quiet.heard(heard(7, 7, ['student:a', 'staff']));
    expect(poll(quiet, 6)).toBeNull();
    expect(poll(quiet, 7)?.cursor).toBe(encodeCursor({ s: 7, h: 0, a: 'audience-1' }));
    quiet.heard(heard(8, 9, null));
    expect(poll(quiet, 7)).toBeNull();
    quiet.heard(heard(10, 10, ['college']));
    expect(poll(quiet, 9)).toBeNull();
  });

  it('forgets what it heard when it stops listening, and trusts no notification without its range', () => {
    const quiet = listeningPolls();
    quiet.heard(heard(1, 3, ['student:b']));
    quiet.deaf();
    quiet.listening();
    quiet.heard(heard(4, 4, ['student:b']));
    expect(poll(quiet, 2)).toBeNull();
    expect(poll(quiet, 3)?.cursor).toBe(encodeCursor({ s: 4, h: 0, a: 'audience-1' }));
    quiet.heard(parsePokePayload(JSON.stringify({ c: collegeId, k: ['student:b'], s: 5 }))!);
    quiet.heard(heard(6, 6, ['student:b']));
    expect(poll(quiet, 4)).toBeNull();
  });

  it("says each write's range and reach in its notification, which falls back to everyone when too long", () => {
    const view: Poke = { kind: 'change', collegeId, keys: [], first: 4, seq: 9, reach: null };
    expect(parsePokePayload(pokePayload(view))).toEqual(view);
    const post: Poke = { kind: 'change', collegeId, keys: ['staff', 'student:b'], first: 10, seq: 10, reach: ['staff', 'student:b'] };
    expect(parsePokePayload(pokePayload(post))).toEqual(post);
    const many = Array.from({ length: 400 }, (_, i) => `student:${'x'.repeat(30)}${i}`);
    expect(parsePokePayload(pokePayload({ ...post, keys: many, reach: many }))).toEqual({ ...post, keys: null, reach: null });
    expect(parsePokePayload(pokePayload({ ...view, reach: many }))).toEqual(view);
    expect(parsePokePayload(JSON.stringify({ c: collegeId, f: 3, s: 2, k: [] }))).toMatchObject({ first: null, reach: null });
  });
});
