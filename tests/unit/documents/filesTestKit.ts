import { createHash } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import type { DocumentRow } from '../../../contract/documents';
import { uuidv7 } from '../../../contract/ids';
import { createHttp } from '../../../src/api/http';
import { PatioDb } from '../../../src/db/database';
import { documentsDb, type DocumentsDb } from '../../../src/features/documents/documentsDb';
import type { FileRequest } from '../../../src/features/documents/keptFiles';
import { dataModules } from '../../../src/registry/dataModules';
import { createSyncEngine, type SyncEngine } from '../../../src/sync/engine/syncEngine';
import { documentCategories } from '../../../server/documents/schema';
import { documentMetadata, uploadAll } from '../../server/documentsHelpers';
import { bearer } from '../../server/harness';
import { collegeRefs, type CollegeRefs } from '../../server/syncHelpers';
import { startLiveServer, type LiveServer } from '../sync/syncTestKit';

/**
 * The documents' files for the unit tests come from the real server (PGlite, on loopback),
 * uploaded with tus like the app's uploads, through a proxy of ours that can cut, stall or
 * corrupt an answer in the middle — a network that drops — and logs every request's Range.
 */

/**
 * What the proxy does to one request: cut its answer (drop the connection), stall it (go
 * quiet) or flip a byte after so many bytes, or drop its Range header (a middlebox that
 * does not pass ranges on: the server answers the whole file).
 */
export interface Mischief {
  cutAfter?: number;
  stallAfter?: number;
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
  requests: ProxiedRequest[];
  /** The next answers' mischief, in order (then answers pass untouched). */
  plan: Mischief[];
  /** The most answers in flight at once. */
  maxInFlight: () => number;
  close: () => Promise<void>;
}

export async function startFlakyProxy(target: string): Promise<FlakyProxy> {
  const requests: ProxiedRequest[] = [];
  const plan: Mischief[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server: Server = createServer((req, res) => {
    const mischief = plan.shift() ?? {};
    const log: ProxiedRequest = { path: req.url ?? '', range: req.headers.range, ifRange: req.headers['if-range'] as string | undefined, status: 0, sent: 0 };
    requests.push(log);
    maxInFlight = Math.max(maxInFlight, ++inFlight);
    res.on('close', () => inFlight--);
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

export interface FilesWorld {
  server: LiveServer;
  proxy: FlakyProxy;
  token: string;
  /** The demo college's document categories (three), in order. */
  categoryIds: string[];
  /** The app's HTTP door (ky) pointed at the proxy, with the member's token. */
  request: FileRequest;
  upload(bytes: Buffer, filename: string, categoryId?: string): Promise<DocumentRow>;
  /** A fresh device: its database, synced with the server by the real engine. */
  device(): Promise<Device>;
  close(): Promise<void>;
}

export interface Device {
  db: DocumentsDb;
  engine: SyncEngine;
}

export async function startFilesWorld(): Promise<FilesWorld> {
  const server = await startLiveServer();
  const proxy = await startFlakyProxy(server.origin);
  const token = await server.tokenOf('staff');
  const refs: CollegeRefs = await collegeRefs(server.db, 'colinas');
  const categories = await server.db
    .select({ id: documentCategories.id })
    .from(documentCategories)
    .where(eq(documentCategories.collegeId, refs.collegeId))
    .orderBy(asc(documentCategories.position));
  const engines: SyncEngine[] = [];
  const http = createHttp({ getToken: () => token, prefix: `${proxy.origin}/` });
  return {
    server,
    proxy,
    token,
    categoryIds: categories.map((category) => category.id),
    request: (path, headers, signal) => http.requestFile(path, headers, signal),
    async upload(bytes, filename, categoryId = categories[0]!.id) {
      const { header } = documentMetadata(refs, categoryId, filename);
      const answer = await uploadAll(server.origin, { host: 'localhost', ...bearer(token) }, bytes, header, 256 * 1024);
      if (answer.status !== 200) throw new Error(`upload: ${answer.status} ${answer.body.toString()}`);
      return JSON.parse(answer.body.toString()) as DocumentRow;
    },
    async device() {
      const db = documentsDb(new PatioDb(`patio-test-${uuidv7()}`, dataModules));
      const engine = createSyncEngine({ db, origin: server.origin, token, live: false, random: () => 0.5, log: () => undefined });
      engines.push(engine);
      await engine.start();
      await engine.syncNow('user');
      return { db, engine };
    },
    async close() {
      await Promise.all(engines.map((engine) => engine.stop()));
      await proxy.close();
      await server.close();
    },
  };
}
