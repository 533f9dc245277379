import { createHash } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A proxy in front of the real server that can cut, stall, hold or corrupt a file's answer
 * in the middle — a network that drops — and logs every file request's Range. Node's http
 * only: the DOM tests (happy-dom) load it too.
 */

/**
 * What the proxy does to one file request: cut its answer (drop the connection), stall it
 * (go quiet), hold it until the test lets go, or flip a byte, after so many bytes; or drop
 * its Range header (a middlebox that does not pass ranges on: the server answers the whole
 * file).
 */
export interface Mischief {
  cutAfter?: number;
  stallAfter?: number;
  hold?: { after: number; until: Promise<void> };
  flipAt?: number;
  stripRange?: boolean;
}

export interface ProxiedRequest {
  path: string;
  range: string | undefined;
  ifRange: string | undefined;
  status: number;
  /** Body bytes passed on to the device. */
  sent: number;
}

export interface FlakyProxy {
  origin: string;
  /** The file requests (the sync's pass untouched and unlogged). */
  requests: ProxiedRequest[];
  /** The next answers' mischief, in order (then answers pass untouched). */
  plan: Mischief[];
  /** The most file answers in flight at once. */
  maxInFlight: () => number;
  close: () => Promise<void>;
}

export async function startFlakyProxy(target: string): Promise<FlakyProxy> {
  const requests: ProxiedRequest[] = [];
  const plan: Mischief[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server: Server = createServer((req, res) => {
    const isFile = /^\/api\/v1\/documents\/[^/]+\/file/.test(req.url ?? '');
    const mischief = (isFile && plan.shift()) || {};
    const log: ProxiedRequest = { path: req.url ?? '', range: req.headers.range, ifRange: req.headers['if-range'] as string | undefined, status: 0, sent: 0 };
    if (isFile) {
      requests.push(log);
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      res.on('close', () => inFlight--);
    }
    const headers = { ...req.headers, host: new URL(target).host };
    if (mischief.stripRange) delete headers.range;
    const upstream = httpRequest(`${target}${req.url}`, { method: req.method, headers }, (answer) => {
      log.status = answer.statusCode ?? 0;
      res.writeHead(log.status, answer.headers);
      let quiet = false;
      answer.on('data', (chunk: Buffer) => {
        if (quiet) return;
        let piece = chunk;
        const limit = mischief.cutAfter ?? mischief.stallAfter;
        if (limit !== undefined && log.sent + piece.length >= limit) {
          piece = piece.subarray(0, limit - log.sent);
          quiet = true;
          answer.destroy();
        }
        const { hold } = mischief;
        if (hold && log.sent + piece.length >= hold.after) {
          mischief.hold = undefined;
          const rest = piece.subarray(hold.after - log.sent);
          piece = piece.subarray(0, hold.after - log.sent);
          answer.pause();
          void hold.until.then(() => {
            log.sent += rest.length;
            res.write(rest);
            answer.resume();
          });
        }
        if (mischief.flipAt !== undefined && log.sent <= mischief.flipAt && mischief.flipAt < log.sent + piece.length) {
          piece = Buffer.from(piece);
          piece[mischief.flipAt - log.sent]! ^= 0xff;
        }
        log.sent += piece.length;
        res.write(piece, () => {
          if (quiet && mischief.cutAfter !== undefined) res.socket?.destroy();
        });
      });
      answer.on('end', () => quiet || res.end());
    });
    upstream.on('error', () => res.destroy());
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    plan,
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Bytes that look like nothing in particular, the same for the same seed. */
export function someBytes(size: number, seed = 1): Buffer {
  const bytes = Buffer.alloc(size);
  let state = seed * 2654435761;
  for (let i = 0; i < size; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

/** A text file of `size` bytes (the server checks the type by the bytes: plain text passes). */
export function textFile(size: number, seed = 1): Buffer {
  return Buffer.from(someBytes(size, seed).map((byte) => 97 + (byte % 26)));
}

export const sha256Of = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
