import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pullQuery, pullResponse, pushRequest, pushResponse, streamQuery, type PullResponse, type StreamReady } from '../../contract/sync';
import { randomBytes } from 'node:crypto';
import { messages } from '../../contract/messages';
import { authOf, requireUser } from '../auth/requireUser';
import { poolSize, type Database } from '../db/client';
import type { SyncedEntity } from './entity';
import type { MutationHandler } from './mutation';
import { ValidationFailed } from '../http/errors';
import { contentSecurityPolicy } from '../http/securityHeaders';
import { ChangeFeed } from './changeFeed';
import { decodeCursor } from './cursor';
import { pullChanges, pullHead } from './pull';
import { PullLane, stopIfGone } from './pullLane';
import { pushMutations } from './push';
import { QuietPolls, type QuietPollsOptions } from './quietPolls';
import { StreamedPages, streamedPageLimit } from './streamedPages';
import { loadViewer } from './viewer';
import { outboxOrigin } from '../http/origin';
import { deviceSeen } from './deviceSeen';
import type { AppMetrics } from '../metrics/appMetrics';
import { checkProtocol, protocolOf } from './protocol';
import type { UpgradeRegistry } from './upgrades';

/** A comment line keeps proxies and the device's fetch from timing the stream out. */
export const heartbeatMs = 25_000;

/** What the sync routes serve: every registered entity and mutation (server/features.ts). */
export interface SyncRegistry {
  entities: readonly SyncedEntity[];
  mutations: ReadonlyMap<string, MutationHandler>;
  /** How older devices' mutation arguments become current ones (none: every version pushes today's). */
  upgrades?: UpgradeRegistry;
}

/**
 * The sync protocol (docs/sync.md): pull, push and the event stream, each first checking the
 * device's protocol version (protocol.ts).
 */
export function syncRoutes(
  app: FastifyInstance,
  db: Database,
  registry: SyncRegistry,
  quietOptions: Partial<QuietPollsOptions> = {},
  metrics?: Pick<AppMetrics, 'sync' | 'pullLane'>,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(db);
  const quiet = new QuietPolls(db, { ...quietOptions, listen: (): Promise<unknown> => feed.listen() });
  const feed = new ChangeFeed(db, app.log, quiet);
  // Three of the pool's connections are never taken by pulls: pushes and posts, sign-ins
  // and the pulls' own session look-ups get one even when every device polls at once.
  const pulls = new PullLane(db, poolSize - 3, metrics?.pullLane);
  const counted = metrics?.sync;
  const seen = deviceSeen(db, app.log);
  // Pages sent down event streams: read in the pulls' lane, for no request.
  const streamPulls = pulls.shared;
  const whileWaitedFor = (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    try {
      stopIfGone(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  };

  typed.get(
    '/api/v1/sync/pull',
    {
      schema: { querystring: pullQuery, response: { 200: pullResponse } },
      // The reply is built by pullChanges from each entity's typed `toWire`, so it is sent
      // as is: validating every outgoing row against `pullResponse` (the app's default
      // serializer) cost more than writing the JSON. The query is still validated, and a
      // server test checks that replies parse with `pullResponse`.
      serializerCompiler: () => (data) => {
        const text = JSON.stringify(data);
        counted?.pullPage((data as PullResponse).changes.length, Buffer.byteLength(text));
        return text;
      },
      onRequest: [checkProtocol, whileWaitedFor, quiet.signedIn],
    },
    async (request) => {
      const { cursor, head, limit, entities, stream } = request.query;
      if (cursor && head === 'true') throw ValidationFailed.field('head', messages.invalidData);
      if (entities && head === 'true') throw ValidationFailed.field('head', messages.invalidData);
      const session = quiet.sessionOf(request);
      seen(session.auth.tokenId);
      if (head === 'true') {
        counted?.pulled('head');
        return pullHead(pulls.for(request), registry.entities, session.viewer);
      }
      const names = entities ? new Set(entities.split(',')) : null;
      const chosen = names ? registry.entities.filter((entity) => names.has(entity.name)) : registry.entities;
      // Most polls at the bell have nothing new: answered from memory (quietPolls.ts; not
      // a pull of some entities, whose query it does not understand).
      const remembered = quiet.answer(session, request.query);
      counted?.pulled(remembered ? 'memory' : 'database');
      const page = remembered ?? (await pullChanges(pulls.for(request), chosen, session.viewer, { cursor, limit }));
      // The device's stream sends its next changes from where this page leaves it (the main
      // feed's pages only: a catch-up's cursor is of another feed).
      const open = stream === undefined || names ? undefined : streams.get(stream);
      if (open && open.userId === session.viewer.userId && !page.reset) open.pages.pulled(page.cursor);
      return page;
    },
  );

  typed.post(
    '/api/v1/sync/push',
    { schema: { body: pushRequest, response: { 200: pushResponse } }, onRequest: [checkProtocol, whileWaitedFor, signedIn] },
    async (request) => {
      const { user, tokenId } = authOf(request);
      const viewer = await loadViewer(db, user);
      const origin = outboxOrigin(request, request.body.clientId, tokenId);
      // A device that left retries the push: its mutations are applied then, once.
      stopIfGone(request);
      const answer = await pushMutations(
        db,
        registry.mutations,
        { user, viewer, origin },
        request.body,
        { version: protocolOf(request), upgrades: registry.upgrades ?? new Map() },
        counted,
      );
      const length = Number(request.headers['content-length']);
      counted?.pushed(request.body.mutations.length, Number.isFinite(length) ? length : undefined);
      return answer;
    },
  );

  /** The open event streams of this process, by id: their end, and the pages they send. */
  const streams = new Map<string, { userId: string; pages: StreamedPages; end: () => void }>();
  counted?.countStreams(() => streams.size);
  // Open streams never end by themselves: end them so the server can close.
  app.addHook('preClose', (done) => {
    for (const { end } of [...streams.values()]) end();
    done();
  });
  app.addHook('onClose', async () => {
    quiet.close();
    await feed.close();
  });

  typed.get(
    '/api/v1/sync/stream',
    { schema: { querystring: streamQuery }, onRequest: [checkProtocol, signedIn], config: { longLived: true } },
    async (request, reply) => {
      const { user } = authOf(request);
      // A cursor that is not one is the device's mistake (422, as for a pull), not a stream of pokes.
      if (request.query.cursor !== undefined) decodeCursor(request.query.cursor);
      const viewer = await loadViewer(db, user);
      const response = reply.raw;
      const send = (text: string) => {
        if (!response.writableEnded) response.write(text);
      };
      const id = randomBytes(12).toString('base64url');
      const pages = new StreamedPages({
        cursor: request.query.cursor,
        // As the device's own pull would: its viewer, in the pulls' lane (no request to leave).
        pull: (cursor): Promise<PullResponse> => pullChanges(streamPulls, registry.entities, viewer, { cursor, limit: streamedPageLimit }),
        send,
        onError: (error) => request.log.warn({ err: error }, 'sync stream: reading a page failed; poked instead'),
      });
      // Listening before `ready`: a change committed after the device saw `ready` always
      // reaches it. Only changes for the member's audience do. When the member's session
      // changes (a revoked token, a new role, status or sections) the stream ends: the device
      // connects again, a revoked or disabled member gets 401 and is signed out, a new
      // audience pulls `reset` and listens with its new keys.
      let sessionChanged = false;
      let end: () => void = () => undefined;
      const unsubscribe = await feed.subscribe(user.collegeId, viewer.keySet, () => pages.changed(), {
        userId: user.id,
        onSessionChanged: () => {
          sessionChanged = true;
          end();
        },
      });
      reply.hijack();
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        // nginx and similar proxies would otherwise hold the events back.
        'x-accel-buffering': 'no',
        'content-security-policy': contentSecurityPolicy,
        'x-content-type-options': 'nosniff',
      });
      const ready: StreamReady = { stream: id };
      send(`retry: 5000\n\nevent: ready\ndata: ${JSON.stringify(ready)}\n\n`);
      const heartbeat = setInterval(() => send(': heartbeat\n\n'), heartbeatMs);
      end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(id);
        if (!response.writableEnded) response.end();
      };
      streams.set(id, { userId: user.id, pages, end });
      if (sessionChanged) end();
      request.raw.on('close', end);
      response.on('close', end);
    },
  );
}
