import { ApiError, NetworkError } from '../../api/client';
import { backoffDelay, sleep } from '../../sync/engine/backoff';

/** Asks for a file's answer: the app's HTTP door (`requestFile`, src/api/client.ts). */
export type FileRequest = (path: string, headers: Record<string, string>, signal?: AbortSignal) => Promise<Response>;

/**
 * The server's file is not the one the device's row describes (it changed meanwhile, or the
 * bytes do not add up): nothing is stored; the next sync brings the document's new row.
 */
export class FileChangedError extends Error {
  override readonly name = 'FileChangedError';
  /** What did not match: the ETag, the range resumed, the body, the size or the SHA-256 of the bytes. */
  constructor(readonly mismatch: 'etag' | 'range' | 'body' | 'size' | 'sha256') {
    super(`the file changed: ${mismatch}`);
  }
}

export interface ResumableDownload {
  path: string;
  /** The file's size, as the document says. */
  size: number;
  /** The strong ETag the file must have (the document's SHA-256, quoted). */
  etag: string;
  request: FileRequest;
  signal?: AbortSignal;
  /** Bytes received so far, after each piece. */
  onBytes?: (received: number) => void;
  /** This long without a byte counts as a dropped connection (a Wi-Fi that went quiet). */
  stallMs?: number;
  /** Attempts in a row without a byte before giving up (NetworkError). */
  maxAttempts?: number;
}

interface Connection {
  reader: ReadableStreamDefaultReader<Uint8Array>;
  /** Ends this connection only (a stall, or a drop being replaced). */
  drop: AbortController;
  /** Bytes of the answer to skip: a server that ignored the Range sends the file from its start. */
  skip: number;
}

/** The bytes, and why the stream failed if it did (its consumer may report it otherwise). */
export interface Resumable {
  body: ReadableStream<Uint8Array>;
  failure: () => unknown;
}

const defaultStallMs = 30_000;
const resumeBackoff = { base: 1000, max: 16_000 };

/**
 * A file's bytes as ONE stream that outlives dropped connections (docs/features/documents.md: downloads of
 * large files resume after a dropped connection): when a connection fails, stalls or ends
 * early, it asks again with `Range: bytes=<received>-` and `If-Range: <etag>`, so only the
 * missing bytes travel again, and a file that changed meanwhile is not spliced onto the old
 * one (the server answers it whole, 200, with another ETag: the stream fails with
 * FileChangedError). The stream is read at the pace of its consumer (Cache Storage writing
 * to disk), so a file is never held in memory; it closes only when exactly `size` bytes
 * passed, and fails otherwise — whoever stores it stores all of it or nothing. The first
 * request's failure is thrown at once (offline: nothing to wait for); later ones are retried
 * with backoff, the first at once.
 */
export async function resumableBody(download: ResumableDownload): Promise<Resumable> {
  const { path, size, etag, request, onBytes, stallMs = defaultStallMs, maxAttempts = 6 } = download;
  const signal = download.signal ?? new AbortController().signal;
  let received = 0;
  let attempts = 0;

  async function connect(offset: number): Promise<Connection> {
    const drop = new AbortController();
    const headers: Record<string, string> = offset > 0 ? { range: `bytes=${offset}-`, 'if-range': etag } : {};
    const response = await request(path, headers, AbortSignal.any([signal, drop.signal]));
    const resumed = response.status === 206;
    const mismatch =
      response.headers.get('etag') !== etag ? 'etag' : resumed && !response.headers.get('content-range')?.startsWith(`bytes ${offset}-`) ? 'range' : null;
    if (mismatch || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      throw new FileChangedError(mismatch ?? 'body');
    }
    return { reader: response.body.getReader(), drop, skip: resumed ? 0 : offset };
  }

  /** Another connection from the bytes received, after the current one failed. */
  async function reconnect(dead: Connection): Promise<Connection> {
    dead.drop.abort();
    for (;;) {
      if (attempts >= maxAttempts) throw new NetworkError();
      await sleep(attempts === 0 ? 0 : backoffDelay(attempts - 1, resumeBackoff), signal);
      attempts++;
      signal.throwIfAborted();
      try {
        return await connect(received);
      } catch (error) {
        const retry = error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);
        if (!retry || signal.aborted) throw error;
      }
    }
  }

  async function read(connection: Connection): Promise<ReadableStreamReadResult<Uint8Array>> {
    const timer = setTimeout(() => connection.drop.abort(), stallMs);
    try {
      return await connection.reader.read();
    } finally {
      clearTimeout(timer);
    }
  }

  /** One piece of the file into the stream, across as many connections as it takes. */
  async function next(controller: ReadableStreamDefaultController<Uint8Array>): Promise<void> {
    for (;;) {
      let result: ReadableStreamReadResult<Uint8Array>;
      try {
        result = await read(current);
      } catch (error) {
        // The caller's cancel is final; anything else is the network's doing.
        if (signal.aborted) throw signal.reason ?? error;
        current = await reconnect(current);
        continue;
      }
      if (result.done) {
        if (received === size) return controller.close();
        current = await reconnect(current);
        continue;
      }
      let chunk = result.value;
      if (current.skip > 0) {
        const skipped = Math.min(current.skip, chunk.byteLength);
        current.skip -= skipped;
        chunk = chunk.subarray(skipped);
        if (chunk.byteLength === 0) continue;
      }
      if (received + chunk.byteLength > size) throw new FileChangedError('size');
      received += chunk.byteLength;
      attempts = 0;
      controller.enqueue(chunk);
      onBytes?.(received);
      return;
    }
  }

  let current = await connect(0);
  let failed: unknown;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        await next(controller);
      } catch (error) {
        failed = error;
        current.drop.abort();
        throw error;
      }
    },
    cancel() {
      current.drop.abort();
    },
  });
  return { body, failure: () => failed };
}
