import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { userSections, users } from '../../server/db/schema';
import { registry } from '../../server/features';
import { flushPostStats } from '../../server/posts/postStats';
import { posts } from '../../server/posts/schema';
import { pullChanges } from '../../server/sync/pull';
import { loadViewer } from '../../server/sync/viewer';
import { writeInCollege } from '../../server/sync/writeInCollege';
import { backends, bearer, hostOf, signIn, startServer, type TestServer } from './harness';
import {
  collegeRefs,
  lastingQuietPolls,
  logQueries,
  postArgs,
  pullAll,
  pullPage,
  push,
  selectRows,
  type CollegeRefs,
  type QueryLog,
  type Session,
} from './syncHelpers';

/**
 * At the bell a thousand devices poll and nearly none has anything new: the process answers
 * those from memory (server/sync/quietPolls.ts), and every write moves what it knows. The
 * server's memory outlasts the test (`lastingQuietPolls`): only a notification changes it.
 */
describe.each(backends)('polls with nothing new on $name', (backend) => {
  let server: TestServer;
  let queries: QueryLog;
  let refs: CollegeRefs;
  let staff: Session;
  const host = hostOf('colinas');
  const session = async (email: string): Promise<Session> => ({ app: server.app, host, token: await signIn(server.app, host, { email }) });
  /** A poll, and the statements it sent the database (none: answered from memory). */
  const poll = (session: Session, cursor: string) => queries.during(() => pullPage(session, cursor));
  /** Polls until the answer is quiet from memory (the process reads the counter in the background after the first poll). */
  const pollUntilQuiet = (session: Session, cursor: string) =>
    expect.poll(() => poll(session, cursor)).toEqual({ result: { changes: [], cursor, hasMore: false, reset: false }, statements: [] });

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

  it('answers a poll with nothing new without the database, with the same cursor', async () => {
    const student = await session('student@colinas.test');
    const { cursor } = await pullAll(student);
    await pollUntilQuiet(student, cursor);
    const quiet = await poll(student, cursor);
    expect(quiet).toEqual({ result: { changes: [], cursor, hasMore: false, reset: false }, statements: [] });
    // What the database answers to the same poll.
    const [user] = await server.db.select().from(users).where(eq(users.email, 'student@colinas.test'));
    expect(await pullChanges(server.db, registry.entities, await loadViewer(server.db, user!), { cursor, limit: 500 })).toEqual(quiet.result);
  });

  it("asks the database after any write of the college, the member's or others', its own or another process's", async () => {
    const student = await session('student@colinas.test');
    let { cursor } = await pullAll(student);
    await pollUntilQuiet(student, cursor);

    // A post for another section, through this process: the cursor moves past it.
    await push(staff, [{ name: 'posts.create', args: postArgs(refs, ['2° Básico B'], 'students') }]);
    const others = await pullPage(student, cursor);
    expect(others.cursor).not.toBe(cursor);
    cursor = others.cursor;
    await pollUntilQuiet(student, cursor);

    // View counts poke no device, yet move the counter; written as another process would
    // (a database object of its own), so only the notification tells this one.
    const elsewhere = Object.create(server.db) as Database;
    const [post] = await server.db.select({ id: posts.id }).from(posts).where(eq(posts.collegeId, refs.collegeId)).limit(1);
    await server.db.update(posts).set({ viewsPending: 3 }).where(eq(posts.id, post!.id));
    expect(await flushPostStats(elsewhere)).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await pullPage(student, cursor)).cursor, { timeout: 10_000 }).not.toBe(cursor);

    // A post for the student, written by another process.
    cursor = (await pullAll(student, cursor)).cursor;
    await pollUntilQuiet(student, cursor);
    const mine = postArgs(refs, ['1° Básico A'], 'students');
    await push(staff, [{ name: 'posts.create', args: mine }]);
    const page = await pullPage(student, cursor);
    expect(page.changes.map((c) => (c.op === 'upsert' ? c.row.id : c.id))).toContain(mine.id);
    cursor = page.cursor;
    await pollUntilQuiet(student, cursor);
    await writeInCollege(elsewhere, refs.collegeId, async (write) => {
      await write.tx.update(posts).set({ title: 'Cambiado en otro proceso', seq: write.stamp() }).where(eq(posts.id, mine.id));
    });
    await expect.poll(async () => (await pullPage(student, cursor)).changes.length, { timeout: 10_000 }).toBe(1);
  });

  it("forgets a member's session when their token is revoked or their sections change", async () => {
    const student = await session('student@colinas.test');
    const { cursor } = await pullAll(student);
    await pollUntilQuiet(student, cursor);
    const logout = await server.app.inject({ method: 'POST', url: '/api/logout-mobile', headers: { host, ...bearer(student.token) } });
    expect(logout.statusCode).toBe(200);
    const statusOfPoll = async () =>
      (await server.app.inject({ method: 'GET', url: `/api/v1/sync/pull?cursor=${cursor}`, headers: { host, ...bearer(student.token) } })).statusCode;
    // The session outlasts the test: only the notification (migration 0004's triggers) forgets it.
    await expect.poll(statusOfPoll, { timeout: 10_000 }).toBe(401);

    const sofia = await session('sofia.sepulveda@colinas.test');
    const before = await pullAll(sofia);
    await pollUntilQuiet(sofia, before.cursor);
    const [user] = await server.db.select().from(users).where(eq(users.email, 'sofia.sepulveda@colinas.test'));
    await server.db
      .update(userSections)
      .set({ sectionId: refs.sectionId('1° Básico A') })
      .where(eq(userSections.userId, user!.id));
    await expect.poll(async () => (await pullPage(sofia, before.cursor)).reset, { timeout: 10_000 }).toBe(true);
  });

  // PGlite's LISTEN is in the process: only PostgreSQL's connection can be lost.
  if (backend.name === 'postgres') {
    it('asks the database again after its LISTEN connection was lost', async () => {
      const student = await session('student@colinas.test');
      const { cursor } = await pullAll(student);
      await pollUntilQuiet(student, cursor);
      // The LISTEN connection is closed by the database; a write lands before it is back.
      const listeners = async () =>
        (await selectRows<{ pid: number }>(server.db, sql`select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`)).map(
          (row) => row.pid,
        );
      const lost = await listeners();
      expect(lost).toHaveLength(1);
      await server.db.execute(sql`select pg_terminate_backend(${lost[0]})`);
      const [post] = await server.db.select({ id: posts.id }).from(posts).where(eq(posts.collegeId, refs.collegeId)).limit(1);
      await writeInCollege(Object.create(server.db) as Database, refs.collegeId, async (write) => {
        await write.tx.update(posts).set({ title: 'Mientras nadie escuchaba', seq: write.stamp() }).where(eq(posts.id, post!.id));
      });
      // Listening again on a new connection (server/db/listen.ts): what the process knew is forgotten.
      await expect.poll(async () => (await listeners()).filter((pid) => !lost.includes(pid)).length, { timeout: 10_000 }).toBe(1);
      const { result: page, statements } = await poll(student, cursor);
      expect(statements).not.toEqual([]);
      expect(page.cursor).not.toBe(cursor);
    });
  }
});
