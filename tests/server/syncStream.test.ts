import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { defaultConfig } from '../../server/config';
import { openDatabase, type OpenDatabase } from '../../server/db/client';
import { backends, hostOf, signIn, startServer, type TestServer } from './harness';
import { collegeRefs, postArgs, push, type CollegeRefs } from './syncHelpers';

/** An open `GET /api/v1/sync/stream`, read the way a device reads it (fetch streaming). */
interface EventStream {
  next: (event: string, timeoutMs?: number) => Promise<void>;
  close: () => void;
}

async function openStream(app: FastifyInstance, token: string): Promise<EventStream> {
  const { port } = app.server.address() as AddressInfo;
  const abort = new AbortController();
  // 127.0.0.1 is a loopback host: it selects colinas, like `localhost`.
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/sync/stream`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
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
        if (at >= 0) {
          buffer = buffer.slice(buffer.indexOf('\n\n', at) + 2);
          return;
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

  it.runIf(backend.name === 'postgres')('pokes through another API process on the same database', async () => {
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
        body: JSON.stringify({ clientId: 'other', mutations: [{ id: crypto.randomUUID(), name: 'posts.create', args: postArgs(refs, ['1° Básico A'], 'everyone') }] }),
      });
      expect(response.status).toBe(200);
      await stream.next('poke');
    } finally {
      stream.close();
      await otherApp?.close();
      await other?.close();
    }
  });
});
