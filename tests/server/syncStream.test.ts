import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { digest } from '../../server/auth/tokens';
import { defaultConfig } from '../../server/config';
import { openDatabase, type OpenDatabase } from '../../server/db/client';
import { accessTokens } from '../../server/db/schema';
import { backends, hostOf, signIn, startServer, type TestServer } from './harness';
import { hostileString } from './hostileValues';
import type { PullResponse, StreamedPage, StreamReady } from '../../contract/sync';
import { collegeRefs, postArgs, pullAll, pullPage, push, upsertedIds, type CollegeRefs } from './syncHelpers';

/** An open `GET /api/v1/sync/stream`, read the way a device reads it (fetch streaming). */
interface EventStream {
  /** Waits for the next `event`, skipping others; resolves with its data. */
  next: (event: string, timeoutMs?: number) => Promise<string>;
  close: () => void;
}

async function openStream(app: FastifyInstance, token: string, cursor?: string): Promise<EventStream> {
  const { port } = app.server.address() as AddressInfo;
  const abort = new AbortController();
  // 127.0.0.1 is a loopback host: it selects colinas, like `localhost`.
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/sync/stream${query}`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  // A read outlives a timed-out wait: keep it, or its chunk would be lost.
  let pending: ReturnType<typeof reader.read> | null = null;
  return {
    async next(event, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const at = buffer.indexOf(`event: ${event}\n`);
        const end = at >= 0 ? buffer.indexOf('\n\n', at) : -1;
        if (end >= 0) {
          const data = buffer
            .slice(at, end)
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice('data: '.length))
            .join('\n');
          buffer = buffer.slice(end + 2);
          return data;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${event} event`);
        let timer: NodeJS.Timeout | undefined;
        const chunk = await Promise.race([
          (pending ??= reader.read()),
          new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no ${event} event`)), left))),
        ]).finally(() => clearTimeout(timer));
        pending = null;
        if (chunk.done) throw new Error('stream ended');
        buffer += chunk.value;
      }
    },
    close: () => abort.abort(),
  };
}

describe.each(backends)('sync stream on $name', (backend) => {
  let server: TestServer;
  let refs: CollegeRefs;
  const host = hostOf('colinas');
  beforeAll(async () => {
    server = await startServer(backend);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    refs = await collegeRefs(server.db, 'colinas');
  });
  afterAll(() => server.close());

  it('pokes a connected member when their college changes, not for another college', async () => {
    const student = await signIn(server.app, host, { email: 'student@colinas.test' });
    const stream = await openStream(server.app, student);
    try {
      await stream.next('ready');
      const britishHost = hostOf('british');
      const british = { app: server.app, host: britishHost, token: await signIn(server.app, britishHost, { email: 'staff@british.test' }) };
      const britishRefs = await collegeRefs(server.db, 'british');
      await push(british, [{ name: 'posts.create', args: postArgs(britishRefs, ['1° Básico A'], 'everyone') }]);
      await expect(stream.next('poke', 400)).rejects.toThrow('no poke event');

      const staff = { app: server.app, host, token: await signIn(server.app, host, { email: 'staff@colinas.test' }) };
      await push(staff, [{ name: 'posts.create', args: postArgs(refs, ['1° Básico A'], 'everyone') }]);
      await stream.next('poke');
    } finally {
      stream.close();
    }
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/v1/sync/stream', headers: { host } });
    expect(anonymous.statusCode).toBe(401);
  });

  it("keeps a member's stream open when their other device syncs, and ends it when its own token is revoked", async () => {
    const first = await signIn(server.app, host, { email: 'student@colinas.test' });
    const stream = await openStream(server.app, first);
    try {
      await stream.next('ready');
      // A second device of the same member: its first pull writes down that it synced.
      const second = await signIn(server.app, host, { email: 'student@colinas.test' });
      expect((await pullAll({ app: server.app, host, token: second })).changes.length).toBeGreaterThan(0);
      await vi.waitFor(async () => {
        const [token] = await server.db
          .select()
          .from(accessTokens)
          .where(eq(accessTokens.tokenHash, digest(second)));
        expect(token?.syncedAt).toBeInstanceOf(Date);
      });
      // A change after it (one channel, in commit order) reaches the first device's stream.
      const staff = { app: server.app, host, token: await signIn(server.app, host, { email: 'staff@colinas.test' }) };
      await push(staff, [{ name: 'posts.create', args: postArgs(refs, ['1° Básico A'], 'everyone') }]);
      await stream.next('poke');

      const out = await server.app.inject({ method: 'POST', url: '/api/logout-mobile', headers: { host, authorization: `Bearer ${first}` } });
      expect(out.statusCode).toBe(200);
      await expect(stream.next('poke')).rejects.toThrow('stream ended');
    } finally {
      stream.close();
    }
  });

  it('sends a device that gave its cursor each change as the page a pull from that cursor answers, and goes on from where it ends', async () => {
    const student = await signIn(server.app, host, { email: 'student@colinas.test' });
    const device = { app: server.app, host, token: student };
    const { cursor } = await pullAll(device);
    const stream = await openStream(server.app, student, cursor);
    try {
      const ready = JSON.parse(await stream.next('ready')) as StreamReady;
      expect(ready.stream).toMatch(/^[A-Za-z0-9_-]{16}$/);
      const staff = { app: server.app, host, token: await signIn(server.app, host, { email: 'staff@colinas.test' }) };
      const first = postArgs(refs, ['1° Básico A'], 'everyone');
      await push(staff, [{ name: 'posts.create', args: first }]);
      const streamed = JSON.parse(await stream.next('changes')) as StreamedPage;
      expect(streamed.from).toBe(cursor);
      expect(upsertedIds(streamed.page.changes, 'posts')).toEqual([first.id]);
      // Exactly what the device's own pull from there answers.
      expect(streamed.page).toEqual(await pullPage(device, cursor));

      // The next one starts where that page ended.
      const second = postArgs(refs, ['1° Básico A'], 'everyone');
      await push(staff, [{ name: 'posts.create', args: second }]);
      const next = JSON.parse(await stream.next('changes')) as StreamedPage;
      expect(next.from).toBe(streamed.page.cursor);
      expect(upsertedIds(next.page.changes, 'posts')).toEqual([second.id]);

      // A pull naming the stream moves it: the device pulled from an older cursor itself.
      const pulled = await server.app.inject({
        method: 'GET',
        url: `/api/v1/sync/pull?${new URLSearchParams({ cursor, limit: '500', stream: ready.stream }).toString()}`,
        headers: { host, authorization: `Bearer ${student}` },
      });
      expect(pulled.statusCode).toBe(200);
      const third = postArgs(refs, ['1° Básico A'], 'everyone');
      await push(staff, [{ name: 'posts.create', args: third }]);
      const after = JSON.parse(await stream.next('changes')) as StreamedPage;
      expect(after.from).toBe((JSON.parse(pulled.body) as PullResponse).cursor);
      expect(upsertedIds(after.page.changes, 'posts')).toEqual([third.id]);

      // Another member's stream (a guessed id) is not moved by this member's pulls.
      const staffPull = await server.app.inject({
        method: 'GET',
        url: `/api/v1/sync/pull?${new URLSearchParams({ limit: '1', stream: ready.stream }).toString()}`,
        headers: { host, authorization: `Bearer ${staff.token}` },
      });
      expect(staffPull.statusCode).toBe(200);
      const fourth = postArgs(refs, ['1° Básico A'], 'everyone');
      await push(staff, [{ name: 'posts.create', args: fourth }]);
      expect((JSON.parse(await stream.next('changes')) as StreamedPage).from).toBe(after.page.cursor);
    } finally {
      stream.close();
    }
  });

  it('sends nothing of what the member may not see, and refuses (422) a cursor that is not one', async () => {
    const student = await signIn(server.app, host, { email: 'student@colinas.test' });
    const device = { app: server.app, host, token: student };
    const { cursor } = await pullAll(device);
    const stream = await openStream(server.app, student, cursor);
    try {
      await stream.next('ready');
      const staff = { app: server.app, host, token: await signIn(server.app, host, { email: 'staff@colinas.test' }) };
      // For staff only, then for everyone: the stream's only page is the second.
      await push(staff, [{ name: 'posts.create', args: postArgs(refs, ['1° Básico A'], 'staff') }]);
      const visible = postArgs(refs, ['1° Básico A'], 'everyone');
      await push(staff, [{ name: 'posts.create', args: visible }]);
      const seen: string[] = [];
      for (;;) {
        const streamed = JSON.parse(await stream.next('changes')) as StreamedPage;
        seen.push(...upsertedIds(streamed.page.changes, 'posts'));
        if (seen.includes(visible.id)) break;
      }
      expect(seen).toEqual([visible.id]);
    } finally {
      stream.close();
    }
    for (const bad of ['nope', 'eyJzIjoxfQ', 'x'.repeat(201)]) {
      const response = await server.app.inject({
        method: 'GET',
        url: `/api/v1/sync/stream?${new URLSearchParams({ cursor: bad }).toString()}`,
        headers: { host, authorization: `Bearer ${student}` },
      });
      expect(response.statusCode, bad).toBe(422);
    }
  });

  it('never answers 5xx to generated stream cursors and stream ids of pulls', async () => {
    const student = await signIn(server.app, host, { email: 'student@colinas.test' });
    const { port } = server.app.server.address() as AddressInfo;
    const { cursor } = await pullAll({ app: server.app, host, token: student });
    const text = fc.oneof(
      hostileString,
      fc.constant(cursor),
      fc.base64String({ maxLength: 80 }).map((value) => value.replace(/=+$/, '')),
    );
    await fc.assert(
      fc.asyncProperty(text, text, async (streamCursor, streamId) => {
        const abort = new AbortController();
        try {
          // A stream that opens stays open: its answer's status is all there is to see.
          const opened = await fetch(`http://127.0.0.1:${port}/api/v1/sync/stream?${new URLSearchParams({ cursor: streamCursor }).toString()}`, {
            headers: { authorization: `Bearer ${student}` },
            signal: abort.signal,
          });
          expect(opened.status).toBeLessThan(500);
        } finally {
          abort.abort();
        }
        const pulled = await server.app.inject({
          method: 'GET',
          url: `/api/v1/sync/pull?${new URLSearchParams({ cursor, limit: '5', stream: streamId }).toString()}`,
          headers: { host, authorization: `Bearer ${student}` },
        });
        expect(pulled.statusCode).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });

  // PGlite is one process's own database: only PostgreSQL is shared by API processes.
  if (backend.name === 'postgres') {
    it('pokes through another API process on the same database', async () => {
      // A second app with its own connection pool and listener, as another process would have.
      const url = (server.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
      let other: OpenDatabase | null = null;
      let otherApp: FastifyInstance | null = null;
      const student = await signIn(server.app, host, { email: 'student@colinas.test' });
      const stream = await openStream(server.app, student);
      try {
        await stream.next('ready');
        other = await openDatabase({ url });
        otherApp = await buildApp({ db: other.db, config: defaultConfig({ dataDir: server.dataDir }) });
        await otherApp.listen({ port: 0, host: '127.0.0.1' });
        const { port } = otherApp.server.address() as AddressInfo;
        const staffToken = await signIn(otherApp, host, { email: 'staff@colinas.test' });
        const response = await fetch(`http://127.0.0.1:${port}/api/v1/sync/push`, {
          method: 'POST',
          headers: { authorization: `Bearer ${staffToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            clientId: 'other',
            mutations: [{ id: crypto.randomUUID(), name: 'posts.create', args: postArgs(refs, ['1° Básico A'], 'everyone') }],
          }),
        });
        expect(response.status).toBe(200);
        await stream.next('poke');
      } finally {
        stream.close();
        await otherApp?.close();
        await other?.close();
      }
    });
  }
});
