import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../contract/ids';
import { poolSize } from '../../server/db/client';
import { registry } from '../../server/features';
import { posts } from '../../server/posts/schema';
import type { SyncedEntity } from '../../server/sync/entity';
import { backends, hostOf, signIn, startServer, type TestServer } from './harness';
import { collegeRefs, holdDatabase, logQueries, postArgs, type CollegeRefs, type QueryLog } from './syncHelpers';

/**
 * A device's fetch gives up after 10 s and asks again. When the server is behind, the work
 * of a request whose device has left only delays the one it sent instead: a pull or a push
 * whose connection is closed stops before its next database step. And a pull never takes
 * the whole pool: a push gets a connection while every device of the school polls.
 */
describe.each(backends)('requests nobody waits for, and writes beside pulls, on $name', (backend) => {
  let server: TestServer;
  let refs: CollegeRefs;
  let staffToken: string;
  let studentToken: string;
  let port: number;
  let queries: QueryLog;
  const reads: string[] = [];
  let gate: Promise<void> | null = null;
  const counted: SyncedEntity[] = registry.entities.map((entity) => ({
    ...entity,
    changedSince: async (db, query) => {
      reads.push(entity.name);
      if (gate) await gate;
      return entity.changedSince(db, query);
    },
  }));
  const host = hostOf('colinas');

  beforeAll(async () => {
    server = await startServer(backend, {}, { registry: { ...registry, entities: counted } });
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    port = (server.app.server.address() as AddressInfo).port;
    refs = await collegeRefs(server.db, 'colinas');
    staffToken = await signIn(server.app, host, { email: 'staff@colinas.test' });
    studentToken = await signIn(server.app, host, { email: 'student@colinas.test' });
    queries = logQueries(server.db);
  });
  afterAll(async () => {
    queries.stop();
    await server.close();
  });

  const openConnections = () =>
    new Promise<number>((resolve, reject) => server.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));

  /**
   * Sends a request while the database answers nothing, waits until the server asked it
   * (the session's look-up, waiting), closes the request, waits until the server saw it
   * closed, and lets the database answer again.
   */
  async function abandonWhileHeld(method: string, path: string, token: string, body?: unknown): Promise<void> {
    const release = await holdDatabase(server.db);
    try {
      const sent = queries.sent();
      const request = send(method, path, token, body);
      await expect.poll(() => queries.sent(), { timeout: 10_000 }).toBeGreaterThan(sent);
      request.abandon();
      await expect.poll(openConnections, { timeout: 10_000 }).toBe(0);
    } finally {
      await release();
    }
  }

  /** A request over a real socket; `abandon()` closes it as a fetch that gave up would. */
  function send(method: string, path: string, token: string, body?: unknown) {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method,
      path,
      headers: { host, authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
    });
    answered.catch(() => undefined);
    req.end(payload);
    return { answered, abandon: () => req.destroy() };
  }

  it('does not read the changes of a pull whose device left while it waited for the database', async () => {
    reads.length = 0;
    await abandonWhileHeld('GET', '/api/v1/sync/pull', studentToken);
    // Asked again, it is served; the left one, ahead of it for the database (one session
    // look-up, then one pull transaction at a time on PGlite; a step ahead on PostgreSQL),
    // would have read by then.
    const again = send('GET', '/api/v1/sync/pull', studentToken);
    expect((await again.answered).status).toBe(200);
    expect(reads).toEqual(registry.entities.map((entity) => entity.name));
  });

  it('does not apply a push whose device left while it waited for the database (it sends it again)', async () => {
    const args = postArgs(refs, ['1° Básico A'], 'everyone');
    const body = { clientId: 'phone', mutations: [{ id: uuidv7(), name: 'posts.create', args }] };
    await abandonWhileHeld('POST', '/api/v1/sync/push', staffToken, body);
    // Another push of the college, after it: writes of a college take its lock one after
    // another (server/sync/writeInCollege.ts), so the left one, ahead, would have committed.
    const other = postArgs(refs, ['1° Básico A'], 'everyone');
    const after = send('POST', '/api/v1/sync/push', staffToken, { clientId: 'tablet', mutations: [{ id: uuidv7(), name: 'posts.create', args: other }] });
    expect(await after.answered).toMatchObject({ status: 200 });
    expect(await server.db.select({ id: posts.id }).from(posts).where(eq(posts.id, other.id))).toHaveLength(1);
    expect(await server.db.select({ id: posts.id }).from(posts).where(eq(posts.id, args.id))).toEqual([]);
    const again = send('POST', '/api/v1/sync/push', staffToken, body);
    expect(await again.answered).toMatchObject({ status: 200 });
    expect(await server.db.select({ id: posts.id }).from(posts).where(eq(posts.id, args.id))).toHaveLength(1);
  });

  // PGlite has one connection, shared by everything: only PostgreSQL's pool can run out.
  if (backend.name === 'postgres') {
    it('applies a push while more pulls than the pool has connections are reading', async () => {
      let open!: () => void;
      gate = new Promise<void>((resolve) => (open = resolve));
      try {
        reads.length = 0;
        // First syncs (no cursor) read every entity: each holds its transaction at the gate,
        // as many as the pulls' lane lets in (server/sync/syncRoutes.ts); the others wait for it.
        const pulls = Array.from({ length: 15 }, () => send('GET', '/api/v1/sync/pull', studentToken));
        await expect.poll(() => reads.length, { timeout: 10_000 }).toBe(poolSize - 3);
        const args = postArgs(refs, ['1° Básico A'], 'everyone');
        const pushed = send('POST', '/api/v1/sync/push', staffToken, { clientId: 'phone', mutations: [{ id: uuidv7(), name: 'posts.create', args }] });
        // Answered while every pull still waits at the gate (a push without a connection would wait for ever).
        expect((await pushed.answered).status).toBe(200);
        expect(reads).toHaveLength(poolSize - 3);
        open();
        for (const pull of pulls) expect((await pull.answered).status).toBe(200);
      } finally {
        open();
        gate = null;
      }
    });
  }
});
