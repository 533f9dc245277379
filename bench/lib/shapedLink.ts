/**
 * The page's side of a benchmark run without DevTools: one loopback origin that serves a
 * bench page's files (`/bench-keep/…`), receives what it posts (`/bench-keep/<name>`), and
 * passes everything else to the real server, through an emulated link when given one: each
 * request waits the profile's latency before it is sent on, and every answer's bytes share
 * one downlink paced at the profile's rate (the device's Wi-Fi, not a rate per request).
 * Requests' bodies are not paced (a keep sends none worth counting).
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

export interface LinkConditions {
  downKbps: number;
  latencyMs: number;
}

export interface ShapedLink {
  origin: string;
  /** Resolves with the body of the next POST to `/bench-keep/<name>`. */
  next(name: string): Promise<string>;
  close(): Promise<void>;
}

const types: Record<string, string> = { html: 'text/html', js: 'text/javascript', map: 'application/json', css: 'text/css' };

export async function startShapedLink(port: number, target: string, pageDir: string, conditions: LinkConditions | null): Promise<ShapedLink> {
  const waiting = new Map<string, (body: string) => void>();
  const bytesPerMs = conditions ? (conditions.downKbps * 1000) / 8 / 1000 : 0;
  let linkFreeAt = 0;
  /** How long until `bytes` sent now are through the shared downlink. */
  const delayOf = (bytes: number): number => {
    const now = performance.now();
    linkFreeAt = Math.max(linkFreeAt, now) + bytes / bytesPerMs;
    return linkFreeAt - now;
  };

  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/bench-keep/') && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        res.end();
        const name = url.slice('/bench-keep/'.length);
        waiting.get(name)?.(body);
        waiting.delete(name);
      });
      return;
    }
    if (url.startsWith('/bench-keep/')) {
      const file = resolve(pageDir, new URL(url, 'http://page').pathname.slice('/bench-keep/'.length));
      if (!file.startsWith(resolve(pageDir))) return void res.writeHead(404).end();
      readFile(file).then(
        (body) => res.writeHead(200, { 'content-type': types[file.split('.').pop() ?? ''] ?? 'application/octet-stream' }).end(body),
        () => res.writeHead(404).end(),
      );
      return;
    }
    const forward = () => {
      const upstream = httpRequest(`${target}${url}`, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        if (!conditions) return void answer.pipe(res);
        let written = Promise.resolve();
        answer.on('data', (chunk: Buffer) => {
          answer.pause();
          const wait = delayOf(chunk.length);
          written = written.then(
            () =>
              new Promise<void>((done) =>
                setTimeout(() => {
                  res.write(chunk);
                  answer.resume();
                  done();
                }, wait),
              ),
          );
        });
        answer.on('end', () => void written.then(() => res.end()));
      });
      upstream.on('error', () => res.destroy());
      res.on('close', () => upstream.destroy());
      req.pipe(upstream);
    };
    if (conditions) setTimeout(forward, conditions.latencyMs);
    else forward();
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return {
    origin: `http://127.0.0.1:${port}`,
    next: (name) => new Promise((done) => waiting.set(name, done)),
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
