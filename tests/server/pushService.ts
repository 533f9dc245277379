import { createECDH, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';

/** A subscription as `PushSubscription.toJSON()` gives it, with real P-256 keys (for tests that only store it). */
export function browserSubscription(endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}

/** What the push service saw of one request (RFC 8030 headers), whatever it answered. */
export interface SeenRequest {
  clientHash: string;
  urgency: string | undefined;
  ttl: string | undefined;
  encoding: string | undefined;
  authorization: string | undefined;
}

export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

/** The parts of web-push-testing (CommonJS, untyped) these tests use. */
interface PushApiModel {
  notifyUrl: string;
}
interface TestingServer {
  _app: {
    use(handler: (req: { path: string; get(name: string): string | undefined }, res: unknown, next: () => void) => void): void;
    listen(port: number, host: string, done: () => void): Server;
  };
  setRequestHandlers(): void;
}

/**
 * web-push-testing (a mock push service: it keeps subscriptions, checks the VAPID JWT and
 * decrypts what it receives, RFC 8291) in this process, on a loopback port (ephemeral unless
 * given: the end-to-end server is told the port in advance). Its
 * own `startServer` listens on every interface and exits the process on an error, so the
 * test wires its Express app itself; `notifyUrl` is set to 127.0.0.1 (the package says
 * `localhost`, which may resolve to ::1 where nothing listens). Every request's headers are
 * recorded before the service handles it.
 */
export async function startPushService(port = 0): Promise<{
  host: string;
  seen: SeenRequest[];
  subscribe(applicationServerKey: string): Promise<PushSubscriptionJson>;
  expire(clientHash: string): Promise<void>;
  messagesOf(clientHash: string): Promise<string[]>;
  close(): Promise<void>;
}> {
  const require = createRequire(import.meta.url);
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => PushApiModel };
  const Server = require('web-push-testing/src/server.js') as new (model: PushApiModel, port: number) => TestingServer;
  const model = new PushApiModel();
  const service = new Server(model, port);
  const seen: SeenRequest[] = [];
  service._app.use((req, _res, next) => {
    const notify = /^\/notify\/([^/]+)$/.exec(req.path);
    if (notify)
      seen.push({
        clientHash: notify[1]!,
        urgency: req.get('urgency'),
        ttl: req.get('ttl'),
        encoding: req.get('x-content-encoding'),
        authorization: req.get('authorization'),
      });
    next();
  });
  service.setRequestHandlers();
  const http = await new Promise<Server>((resolve) => {
    const listening: Server = service._app.listen(port, '127.0.0.1', () => resolve(listening));
  });
  const host = `127.0.0.1:${(http.address() as AddressInfo).port}`;
  model.notifyUrl = `http://${host}/notify/`;

  const call = async (path: string, body: object) => {
    const response = await fetch(`http://${host}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  return {
    host,
    seen,
    subscribe: async (applicationServerKey) =>
      ((await (await call('/subscribe', { applicationServerKey, userVisibleOnly: 'true' })).json()) as { data: PushSubscriptionJson }).data,
    expire: async (clientHash) => void (await call(`/expire-subscription/${clientHash}`, {})),
    messagesOf: async (clientHash) => ((await (await call('/get-notifications', { clientHash })).json()) as { data: { messages: string[] } }).data.messages,
    close: () =>
      new Promise<void>((resolve, reject) => {
        http.closeAllConnections();
        http.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
