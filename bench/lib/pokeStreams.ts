/**
 * Open poke streams (`GET /api/v1/sync/stream`, server-sent events) held the way the sync
 * worker holds them: one long request per device with its Bearer token, read as text and
 * split into events. Each stream counts what it receives and notes when it ended without
 * being asked to (a drop).
 */
import { request, type ClientRequest } from 'node:http';

export interface PokeStream {
  deviceIndex: number;
  port: number;
  readyAt: number | null;
  /** performance.now() of every poke received. */
  pokes: number[];
  heartbeats: number;
  /** Why it ended without `close()`: a status, an error, or the server ending it. */
  dropped: string | null;
  /** Called on every poke, with its arrival time. */
  onPoke: ((at: number) => void) | null;
  close: () => void;
}

function openStream(deviceIndex: number, port: number, token: string): PokeStream {
  let closing = false;
  let buffer = '';
  let req: ClientRequest | null = null;
  const stream: PokeStream = {
    deviceIndex,
    port,
    readyAt: null,
    pokes: [],
    heartbeats: 0,
    dropped: null,
    onPoke: null,
    close: () => {
      closing = true;
      req?.destroy();
    },
  };
  const drop = (why: string) => {
    if (!closing && stream.dropped === null) stream.dropped = why;
  };
  req = request(
    {
      host: '127.0.0.1',
      port,
      path: '/api/v1/sync/stream',
      headers: { host: `localhost:${port}`, authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      agent: false,
    },
    (res) => {
      if (res.statusCode !== 200) {
        drop(`status ${res.statusCode}`);
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (event.includes('event: poke')) {
            stream.pokes.push(at);
            stream.onPoke?.(at);
          } else if (event.includes('event: ready')) stream.readyAt = at;
          else if (event.startsWith(':')) stream.heartbeats++;
        }
      });
      res.on('end', () => drop('ended by the server'));
      res.on('error', (error) => drop(error.message));
    },
  );
  req.on('error', (error) => drop(error.message));
  req.end();
  return stream;
}

/**
 * Opens one stream per device (device i on ports[i % ports.length]), `batch` at a time, and
 * waits until every one has said `ready` or dropped (at most `timeoutMs`).
 */
export async function openStreams(
  devices: readonly { index: number; token: string }[],
  ports: readonly number[],
  timeoutMs: number,
  batch = 50,
): Promise<PokeStream[]> {
  const streams: PokeStream[] = [];
  const deadline = Date.now() + timeoutMs;
  const settled = (s: PokeStream) => s.readyAt !== null || s.dropped !== null;
  for (let i = 0; i < devices.length; i += batch) {
    const opened = devices.slice(i, i + batch).map((d) => openStream(d.index, ports[d.index % ports.length]!, d.token));
    streams.push(...opened);
    while (!opened.every(settled) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return streams;
}
