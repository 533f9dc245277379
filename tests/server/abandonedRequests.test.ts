import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../contract/ids';
import { registry } from '../../server/features';
import { posts } from '../../server/posts/schema';
import type { SyncedEntity } from '../../server/sync/entity';
import { backends, hostOf, signIn, startServer, type TestServer } from './harness';
import { collegeRefs, holdDatabase, postArgs, type CollegeRefs } from './syncHelpers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  });
  afterAll(() => server.close());

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
    const release = await holdDatabase(server.db);
    const pull = send('GET', '/api/v1/sync/pull', studentToken);
    await sleep(200);
    pull.abandon();
    await sleep(200);
    await release();
    await sleep(300);
    expect(reads).toEqual([]);
    // Asked again, it is served.
    const again = send('GET', '/api/v1/sync/pull', studentToken);
    expect((await again.answered).status).toBe(200);
    expect(reads.length).toBeGreaterThan(0);
  });

  it('does not apply a push whose device left while it waited for the database (it sends it again)', async () => {
    const args = postArgs(refs, ['1° Básico A'], 'everyone');
    const body = { clientId: 'phone', mutations: [{ id: uuidv7(), name: 'posts.create', args }] };
    const release = await holdDatabase(server.db);
    const left = send('POST', '/api/v1/sync/push', staffToken, body);
    await sleep(200);
    left.abandon();
    await sleep(200);
    await release();
    await sleep(300);
    expect(await server.db.select({ id: posts.id }).from(posts).where(eq(posts.id, args.id))).toEqual([]);
    const again = send('POST', '/api/v1/sync/push', staffToken, body);
    expect(await again.answered).toMatchObject({ status: 200 });
    expect(await server.db.select({ id: posts.id }).from(posts).where(eq(posts.id, args.id))).toHaveLength(1);
  });

  // PGlite has one connection, shared by everything.
  it.skipIf(backend.name === 'pglite')('applies a push while more pulls than the pool has connections are reading', async () => {
    let open!: () => void;
    gate = new Promise<void>((resolve) => (open = resolve));
    try {
      reads.length = 0;
      // First syncs (no cursor) read every entity: each holds its transaction at the gate.
      const pulls = Array.from({ length: 15 }, () => send('GET', '/api/v1/sync/pull', studentToken));
      await expect.poll(() => reads.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(5);
      await sleep(200);
      const args = postArgs(refs, ['1° Básico A'], 'everyone');
      const pushed = send('POST', '/api/v1/sync/push', staffToken, { clientId: 'phone', mutations: [{ id: uuidv7(), name: 'posts.create', args }] });
      const answer = await Promise.race([pushed.answered, sleep(3_000).then(() => null)]);
      expect(answer?.status).toBe(200);
      open();
      for (const pull of pulls) expect((await pull.answered).status).toBe(200);
    } finally {
      open();
      gate = null;
    }
  });
});
