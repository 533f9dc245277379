// @vitest-environment node
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncProtocol, syncProtocolHeader } from '../../../contract/sync';
import { metaKeys } from '../../../src/db/syncMeta';
import { createSyncEngine, type SyncEngine } from '../../../src/sync/engine/syncEngine';
import { freshDb, newPostArgs, startLiveServer, writePost, type LiveServer } from './syncTestKit';

/**
 * The real server behind a proxy that passes on every request with the device's protocol
 * version replaced by `version`: the server answers as a later release answers this app.
 * Counts the sync requests it passes on.
 */
async function versionRewritingProxy(target: string, version: string): Promise<{ origin: string; requests: () => number; close: () => Promise<void> }> {
  let requests = 0;
  const server: Server = createServer((req, res) => {
    requests++;
    const headers = { ...req.headers, host: new URL(target).host, [syncProtocolHeader.toLowerCase()]: version };
    const upstream = httpRequest(`${target}${req.url}`, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests: () => requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let server: LiveServer;
const engines: SyncEngine[] = [];

beforeAll(async () => {
  server = await startLiveServer();
}, 60_000);

afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.stop()));
  await server.close();
});

/** A staff member's device, synced once, with a post written since and not sent yet. */
async function deviceWithAPendingPost(title: string) {
  const db = freshDb();
  const token = await server.tokenOf('staff');
  const first = createSyncEngine({ db, origin: server.origin, token, live: false, random: () => 0.5, log: () => undefined });
  engines.push(first);
  await first.start();
  await first.stop();
  const args = await newPostArgs(db, { title });
  await writePost(db, 'posts.create', args);
  return { db, token, args };
}

describe('a server that no longer serves the app’s sync protocol', () => {
  it('keeps the unsent post in the outbox as it was, sends nothing more and shows that Patio is updating', async () => {
    const { db, token, args } = await deviceWithAPendingPost('Escrito antes de la nueva versión');
    const outboxBefore = await db.outbox.toArray();
    expect(outboxBefore).toHaveLength(1);

    const proxy = await versionRewritingProxy(server.origin, String(syncProtocol.oldestServed - 1));
    try {
      const engine = createSyncEngine({ db, origin: proxy.origin, token, live: false, random: () => 0.5, log: () => undefined });
      engines.push(engine);
      await engine.start();

      expect(await db.outbox.toArray()).toEqual(outboxBefore);
      expect((await db.meta.get(metaKeys.status))?.value).toMatchObject({ phase: 'updating', error: 'protocol_unsupported' });
      expect(engine.paused).toBe(true);
      expect(await server.fetchPost(args.id)).toBeNull();

      // A later request to sync (the user, the network back) sends nothing until the new app runs.
      const sent = proxy.requests();
      await engine.syncNow('online');
      expect(proxy.requests()).toBe(sent);
      expect(await db.outbox.toArray()).toEqual(outboxBefore);
    } finally {
      await proxy.close();
    }
  });

  it('sends its pending post once a version the server serves runs on the same database', async () => {
    const { db, token, args } = await deviceWithAPendingPost('Enviado con la versión nueva');

    const proxy = await versionRewritingProxy(server.origin, String(syncProtocol.current + 1));
    try {
      const refused = createSyncEngine({ db, origin: proxy.origin, token, live: false, random: () => 0.5, log: () => undefined });
      engines.push(refused);
      await refused.start();
      expect(await db.outbox.count()).toBe(1);
      await refused.stop();
    } finally {
      await proxy.close();
    }

    const updated = createSyncEngine({ db, origin: server.origin, token, live: false, random: () => 0.5, log: () => undefined });
    engines.push(updated);
    await updated.start();
    expect(await db.outbox.count()).toBe(0);
    expect(await server.fetchPost(args.id)).toMatchObject({ title: 'Enviado con la versión nueva' });
    expect((await db.meta.get(metaKeys.status))?.value).toMatchObject({ phase: 'idle' });
  });
});
