import { createServer, request as forward, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/**
 * A device's only way to the server: an HTTP proxy on loopback that the browser context is
 * made with (Playwright sends loopback traffic through a context's proxy too), and that a
 * story can cut and restore.
 *
 * `context.setOffline(true)` alone is not a cut network: Chromium lets the requests of a
 * dedicated worker started after it, and of the service worker, through (pushes, pulls and
 * the event stream were seen reaching the server "offline"). Cutting the proxy closes every
 * open connection (the event stream included) and refuses new ones, whatever makes them; the
 * page, the sync worker and the service worker all see a network error, as on a phone whose
 * Wi-Fi dropped. `Device.goOffline()` does both, so the app is told it is offline too.
 */
export class DeviceNetwork {
  private up = true;
  private readonly sockets = new Set<Socket>();
  private readonly upstream = new Set<IncomingMessage>();
  /** Every request that went through, in order: its path, whether the server answered, whether it is over. */
  private readonly exchanges: { path: string; answered: boolean; over: boolean }[] = [];
  /** Answers given by the proxy itself instead of the server's, by path (a release that will not install). */
  private readonly replaced = new Map<string, { type: string; body: string }>();

  private constructor(private readonly server: Server) {}

  /**
   * A proxy that forwards every request to the same port on 127.0.0.1, its Host header kept
   * (it selects the college): the test server, and nothing beyond loopback.
   */
  static async open(): Promise<DeviceNetwork> {
    const server = createServer();
    const network = new DeviceNetwork(server);
    server.on('connection', (socket: Socket) => {
      if (!network.up) {
        socket.destroy();
        return;
      }
      network.sockets.add(socket);
      socket.once('close', () => network.sockets.delete(socket));
    });
    server.on('request', (incoming: IncomingMessage, outgoing: ServerResponse) => {
      // A proxy is asked for absolute addresses ("GET http://british.localhost:8181/api/…").
      const address = new URL(incoming.url ?? '/', 'http://invalid');
      const exchange = { path: address.pathname, answered: false, over: false };
      network.exchanges.push(exchange);
      outgoing.once('close', () => (exchange.over = true));
      const replacement = network.replaced.get(address.pathname);
      if (replacement) {
        exchange.answered = true;
        incoming.resume();
        outgoing.writeHead(200, { 'content-type': replacement.type, 'cache-control': 'no-cache' });
        outgoing.end(replacement.body);
        return;
      }
      const upstream = forward(
        { host: '127.0.0.1', port: address.port || 80, method: incoming.method, path: `${address.pathname}${address.search}`, headers: incoming.headers },
        (answer) => {
          exchange.answered = true;
          network.upstream.add(answer);
          answer.once('close', () => network.upstream.delete(answer));
          outgoing.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
          answer.pipe(outgoing);
        },
      );
      upstream.on('error', () => outgoing.destroy());
      outgoing.on('close', () => upstream.destroy());
      incoming.pipe(upstream);
    });
    // Playwright's own requests of the context (`route.fetch()`, `page.request`) tunnel.
    server.on('connect', (incoming: IncomingMessage, socket: Socket, head: Buffer) => {
      const port = Number(new URL(`http://${incoming.url ?? ''}`).port) || 80;
      const upstream = connect(port, '127.0.0.1', () => {
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(socket);
        socket.pipe(upstream);
      });
      network.sockets.add(upstream);
      upstream.once('close', () => network.sockets.delete(upstream));
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return network;
  }

  /** What the browser context's `proxy.server` is set to. */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  get isUp(): boolean {
    return this.up;
  }

  /** How many requests for `path` this browser has sent so far. */
  count(path: string): number {
    return this.exchanges.filter((exchange) => exchange.path === path).length;
  }

  /**
   * Whether a request for `path` is answered and still open: for the event stream
   * (`/api/v1/sync/stream`), that the server is pushing to this browser. While it is, the
   * device does not poll (src/sync/engine/syncEngine.ts): what reaches the screen then came
   * from the server unasked.
   */
  isOpen(path: string): boolean {
    return this.exchanges.some((exchange) => exchange.path === path && exchange.answered && !exchange.over);
  }

  /** From now on answers `path` with `body` itself, as a server of another release would. */
  serve(path: string, type: string, body: string): void {
    this.replaced.set(path, { type, body });
  }

  /** Drops every open connection and refuses new ones until `restore()`. */
  cut(): void {
    this.up = false;
    for (const answer of this.upstream) answer.destroy();
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.up = true;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
