import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * A network link on loopback between an uploading device and the real server: an HTTP
 * proxy that counts the bytes of tus PATCH bodies crossing it (what the device's radio
 * would send), can cut the network (every open request dies, new ones are refused until
 * `restore`), and can shape it like a weak network: request bodies at `upKbps`, every
 * answer `latencyMs` late (what Chromium's emulation adds per request). Shared by the queue's
 * tests and bench/documentsUpload.ts.
 */
export interface LinkShape {
  /** Upload rate, kilobits (1,000 bits) per second. */
  upKbps: number;
  latencyMs: number;
}

export interface UploadLink {
  origin: string;
  /** Bytes of PATCH bodies that crossed the link towards the server. */
  patchBytes(): number;
  /** Bytes of PATCH bodies the link took from the device (crossed, or waiting to when it was cut). */
  patchBytesTaken(): number;
  /** tus creations (POST) that crossed it. */
  creations(): number;
  /** The offset of each PATCH that crossed it, in order. */
  patchOffsets(): number[];
  /** Cuts the network once `bytes` of PATCH bodies have crossed (in total); resolves when it is cut. */
  cutAfter(bytes: number): Promise<void>;
  /**
   * Lets no more than `bytes` of PATCH bodies cross (in total): the rest waits, as on a link
   * that stalls mid-file, until `release`. Resolves when a piece is held back.
   */
  holdAfter(bytes: number): Promise<void>;
  release(): void;
  cut(): void;
  /** Takes requests and answers none, as a half-open connection does, until `restore`. */
  hang(): void;
  restore(): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Passes bytes on at `bitsPerSecond` (in pieces of 4 KiB), counting them as they are taken and as they go. */
class Shaper extends Transform {
  private nextAt = 0;
  constructor(
    private readonly bitsPerSecond: number,
    private readonly counts: { taken: (bytes: number) => void; crossed: (bytes: number) => void; mayCross: (bytes: number) => Promise<void> },
    private readonly isDown: () => boolean,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.counts.taken(chunk.length);
    void this.pass(chunk).then(() => done(), done);
  }
  private async pass(chunk: Buffer): Promise<void> {
    for (let at = 0; at < chunk.length; at += 4096) {
      const piece = chunk.subarray(at, at + 4096);
      if (Number.isFinite(this.bitsPerSecond)) {
        const now = Date.now();
        this.nextAt = Math.max(this.nextAt, now) + (piece.length * 8 * 1000) / this.bitsPerSecond;
        await sleep(this.nextAt - now);
      }
      await this.counts.mayCross(piece.length);
      if (this.isDown()) return;
      this.push(piece);
      this.counts.crossed(piece.length);
    }
  }
}

export async function startUploadLink(upstream: string, shape: LinkShape | null = null): Promise<UploadLink> {
  let down = false;
  let hanging = false;
  let patchBytes = 0;
  let patchBytesTaken = 0;
  let creations = 0;
  const offsets: number[] = [];
  const sockets = new Set<Socket>();
  const open = new Set<{ destroy: () => void }>();
  let cutAt: { bytes: number; resolve: () => void } | null = null;
  let holdAt: { bytes: number; held: () => void; released: Promise<void>; release: () => void } | null = null;
  const mayCross = async (bytes: number) => {
    while (holdAt && patchBytes + bytes > holdAt.bytes) {
      holdAt.held();
      await holdAt.released;
    }
  };

  const cut = () => {
    down = true;
    for (const request of open) request.destroy();
    for (const socket of sockets) socket.destroy();
    cutAt?.resolve();
    cutAt = null;
  };
  const crossed = (bytes: number) => {
    patchBytes += bytes;
    if (cutAt && patchBytes >= cutAt.bytes) cut();
  };

  const server = createServer((incoming: IncomingMessage, outgoing) => {
    if (down) {
      incoming.socket.destroy();
      return;
    }
    if (hanging) return;
    if (incoming.method === 'POST') creations++;
    if (incoming.method === 'PATCH') offsets.push(Number(incoming.headers['upload-offset']));
    const upstreamRequest = request(`${upstream}${incoming.url ?? '/'}`, { method: incoming.method, headers: incoming.headers });
    const entry = { destroy: () => upstreamRequest.destroy() };
    open.add(entry);
    upstreamRequest.on('response', (answer) => {
      void sleep(shape?.latencyMs ?? 0).then(() => {
        if (down) return;
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      });
    });
    upstreamRequest.on('error', () => incoming.socket.destroy());
    upstreamRequest.on('close', () => open.delete(entry));
    const bits = shape ? shape.upKbps * 1000 : Infinity;
    const counts =
      incoming.method === 'PATCH'
        ? { taken: (bytes: number) => void (patchBytesTaken += bytes), crossed, mayCross }
        : { taken: () => undefined, crossed: () => undefined, mayCross: () => Promise.resolve() };
    // A device that leaves mid-body (a tab closed) leaves the server's request too.
    incoming.on('close', () => {
      if (!incoming.complete) upstreamRequest.destroy();
    });
    incoming.pipe(new Shaper(bits, counts, () => down)).pipe(upstreamRequest);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    patchBytes: () => patchBytes,
    patchBytesTaken: () => patchBytesTaken,
    creations: () => creations,
    patchOffsets: () => [...offsets],
    cutAfter: (bytes) => new Promise((resolve) => (cutAt = { bytes, resolve })),
    holdAfter: (bytes) =>
      new Promise((held) => {
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        holdAt = { bytes, held, released, release };
      }),
    release: () => {
      holdAt?.release();
      holdAt = null;
    },
    cut,
    hang: () => {
      hanging = true;
    },
    restore: () => {
      down = false;
      hanging = false;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
