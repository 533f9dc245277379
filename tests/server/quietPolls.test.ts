import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse } from '../../contract/sync';
import type { Database } from '../../server/db/client';
import { userSections, users } from '../../server/db/schema';
import { flushPostStats } from '../../server/posts/postStats';
import { posts } from '../../server/posts/schema';
import { writeInCollege } from '../../server/sync/writeInCollege';
import { backends, bearer, hostOf, signIn, startServer, type TestServer } from './harness';
import { collegeRefs, holdDatabase, postArgs, pullAll, pullPage, push, type CollegeRefs, type Session } from './syncHelpers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` while the database answers nothing (PGlite: a transaction holds its one
 * connection; PostgreSQL: the tables a pull reads are locked): 'waited' if it could not
 * finish without the database.
 */
async function whileDatabaseHeld<T>(db: Database, work: () => Promise<T>): Promise<T | 'waited'> {
  const release = await holdDatabase(db);
  try {
    return await Promise.race([work(), sleep(2_000).then(() => 'waited' as const)]);
  } finally {
    await release();
  }
}

/** Polls until the answer is quiet from memory (the process reads the counter in the background first). */
async function pollUntilQuiet(db: Database, session: Session, cursor: string): Promise<void> {
  for (let i = 0; i < 20; i++) {
    await pullPage(session, cursor);
    await sleep(20);
  }
  expect(await whileDatabaseHeld(db, () => pullPage(session, cursor))).not.toBe('waited');
}

/**
 * At the bell a thousand devices poll and nearly none has anything new: the process answers
 * those from memory (server/sync/quietPolls.ts), and every write moves what it knows.
 */
describe.each(backends)('polls with nothing new on $name', (backend) => {
  let server: TestServer;
  let refs: CollegeRefs;
  let staff: Session;
  const host = hostOf('colinas');
  const session = async (email: string): Promise<Session> => ({ app: server.app, host, token: await signIn(server.app, host, { email }) });

  beforeAll(async () => {
    server = await startServer(backend);
    refs = await collegeRefs(server.db, 'colinas');
    staff = await session('staff@colinas.test');
  });
  afterAll(() => server.close());

  it('answers a poll with nothing new without the database, with the same cursor', async () => {
    const student = await session('student@colinas.test');
    const { cursor } = await pullAll(student);
    await pollUntilQuiet(server.db, student, cursor);
    const quiet = await whileDatabaseHeld(server.db, () => pullPage(student, cursor));
    expect(quiet).toEqual({ changes: [], cursor, hasMore: false, reset: false });
    // What the database answers to the same poll.
    expect(await pullPage(student, cursor)).toEqual(quiet);
  });

  it("asks the database after any write of the college, the member's or others', its own or another process's", async () => {
    const student = await session('student@colinas.test');
    let { cursor } = await pullAll(student);
    await pollUntilQuiet(server.db, student, cursor);

    // A post for another section, through this process: the cursor moves past it.
    await push(staff, [{ name: 'posts.create', args: postArgs(refs, ['2° Básico B'], 'students') }]);
    const others = await pullPage(student, cursor);
    expect(others.cursor).not.toBe(cursor);
    cursor = others.cursor;
    await pollUntilQuiet(server.db, student, cursor);

    // View counts poke no device, yet move the counter; written as another process would
    // (a database object of its own), so only the notification tells this one.
    const elsewhere = Object.create(server.db) as Database;
    const [post] = await server.db.select({ id: posts.id }).from(posts).where(eq(posts.collegeId, refs.collegeId)).limit(1);
    await server.db.update(posts).set({ viewsPending: 3 }).where(eq(posts.id, post!.id));
    expect(await flushPostStats(elsewhere)).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await pullPage(student, cursor)).cursor, { timeout: 1_500 }).not.toBe(cursor);

    // A post for the student, written by another process.
    cursor = (await pullAll(student, cursor)).cursor;
    await pollUntilQuiet(server.db, student, cursor);
    const mine = postArgs(refs, ['1° Básico A'], 'students');
    await push(staff, [{ name: 'posts.create', args: mine }]);
    const page = await pullPage(student, cursor);
    expect(page.changes.map((c) => (c.op === 'upsert' ? c.row.id : c.id))).toContain(mine.id);
    cursor = page.cursor;
    await pollUntilQuiet(server.db, student, cursor);
    await writeInCollege(elsewhere, refs.collegeId, async (write) => {
      await write.tx.update(posts).set({ title: 'Cambiado en otro proceso', seq: write.stamp() }).where(eq(posts.id, mine.id));
    });
    await expect.poll(async () => (await pullPage(student, cursor)).changes.length, { timeout: 1_500 }).toBe(1);
  });

  it("forgets a member's session when their token is revoked or their sections change", async () => {
    const student = await session('student@colinas.test');
    const { cursor } = await pullAll(student);
    await pollUntilQuiet(server.db, student, cursor);
    const logout = await server.app.inject({ method: 'POST', url: '/api/logout-mobile', headers: { host, ...bearer(student.token) } });
    expect(logout.statusCode).toBe(200);
    const statusOfPoll = async () =>
      (await server.app.inject({ method: 'GET', url: `/api/v1/sync/pull?cursor=${cursor}`, headers: { host, ...bearer(student.token) } })).statusCode;
    // The notification of another process's LISTEN comes in well under a second; the
    // session's time to live is 5 s.
    await expect.poll(statusOfPoll, { timeout: 1_000 }).toBe(401);

    const sofia = await session('sofia.sepulveda@colinas.test');
    const before = await pullAll(sofia);
    await pollUntilQuiet(server.db, sofia, before.cursor);
    const [user] = await server.db.select().from(users).where(eq(users.email, 'sofia.sepulveda@colinas.test'));
    await server.db.update(userSections).set({ sectionId: refs.sectionId('1° Básico A') }).where(eq(userSections.userId, user!.id));
    await expect.poll(async () => (await pullPage(sofia, before.cursor)).reset, { timeout: 1_000 }).toBe(true);
  });

  it.skipIf(backend.name === 'pglite')('asks the database again after its LISTEN connection was lost', async () => {
    const student = await session('student@colinas.test');
    const { cursor } = await pullAll(student);
    await pollUntilQuiet(server.db, student, cursor);
    // The LISTEN connection is closed by the database; a write lands before it is back.
    await server.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`);
    await sleep(50);
    const [post] = await server.db.select({ id: posts.id }).from(posts).where(eq(posts.collegeId, refs.collegeId)).limit(1);
    await writeInCollege(Object.create(server.db) as Database, refs.collegeId, async (write) => {
      await write.tx.update(posts).set({ title: 'Mientras nadie escuchaba', seq: write.stamp() }).where(eq(posts.id, post!.id));
    });
    const page: PullResponse = await pullPage(student, cursor);
    expect(page.cursor).not.toBe(cursor);
  });
});
