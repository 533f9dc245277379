/**
 * Bytes on the wire for a first visit to the landing page, with compression (a browser's
 * `Accept-Encoding: br, gzip`) beside without (`identity`, what the server sent before
 * compression). Chromium (service worker blocked, so only the page's own loads count) opens
 * `/` of the default demo college on the real server (port 8486) and records every
 * same-origin URL the page fetches until the network is idle; each is then fetched again
 * over raw HTTP with each `Accept-Encoding`, and the response bodies are counted as sent
 * (headers not counted). The service worker's precache (fetched after the first load,
 * from dist/sw.js's manifest) is listed apart. Builds when dist/ is missing: after
 * changing src/, run `npm run build` first.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { ensureBuilt, freshDataDir, launchChromium, runBench, startPatioServer } from './lib/harness';

const port = 8486;

interface Sizes {
  path: string;
  encoding: string;
  compressed: number;
  identity: number;
}

/** The body bytes of one response exactly as sent (no decoding), and its Content-Encoding. */
function rawGet(url: string, acceptEncoding: string): Promise<{ bytes: number; encoding: string; status: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding }, timeout: 15_000 }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity'), status: res.statusCode ?? 0 }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${url}: timed out`)));
    req.on('error', reject);
    req.end();
  });
}

async function measure(origin: string, path: string): Promise<Sizes> {
  const [compressed, identity] = await Promise.all([rawGet(origin + path, 'br, gzip'), rawGet(origin + path, 'identity')]);
  if (compressed.status !== 200 || identity.status !== 200) throw new Error(`${path}: ${compressed.status}/${identity.status}`);
  return { path, encoding: compressed.encoding, compressed: compressed.bytes, identity: identity.bytes };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function table(title: string, rows: Sizes[]): void {
  console.log(`\n${title}`);
  console.log(`  ${'path'.padEnd(52)} ${'encoding'.padEnd(9)} ${'compressed'.padStart(11)} ${'identity'.padStart(11)}`);
  for (const row of rows) {
    console.log(`  ${row.path.slice(0, 52).padEnd(52)} ${row.encoding.padEnd(9)} ${kb(row.compressed).padStart(11)} ${kb(row.identity).padStart(11)}`);
  }
  const compressed = rows.reduce((sum, row) => sum + row.compressed, 0);
  const identity = rows.reduce((sum, row) => sum + row.identity, 0);
  console.log(
    `  ${'total'.padEnd(52)} ${''.padEnd(9)} ${kb(compressed).padStart(11)} ${kb(identity).padStart(11)}  (${((compressed / identity) * 100).toFixed(0)}%)`,
  );
}

runBench('bench:transfer', 240_000, async (cleanup) => {
  ensureBuilt();
  const dataDir = freshDataDir(cleanup, 'bench-transfer');
  const { origin } = await startPatioServer(cleanup, port, dataDir);
  const browser = await launchChromium(cleanup);
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const paths: string[] = [];
  const posts: Promise<Sizes>[] = [];
  page.on('requestfinished', (req) => {
    const url = new URL(req.url());
    if (url.origin !== origin) return;
    if (req.method() === 'GET') {
      if (!paths.includes(url.pathname + url.search)) paths.push(url.pathname + url.search);
      return;
    }
    // An API call (the college record) cannot be replayed here: Chromium's own count, sent as the server sends it.
    posts.push(
      req.sizes().then(async ({ responseBodySize }) => ({
        path: `${req.method()} ${url.pathname}`,
        encoding: (await req.response())?.headers()['content-encoding'] ?? 'identity',
        compressed: responseBodySize,
        identity: responseBodySize,
      })),
    );
  });
  await page.goto(`${origin}/`, { waitUntil: 'networkidle', timeout: 60_000 });
  const apiRows = await Promise.all(posts);
  await context.close();

  const rows: Sizes[] = [];
  for (const path of paths) rows.push(await measure(origin, path));
  table(`Landing page, first load (${origin}/, ${rows.length + apiRows.length} requests, response bodies)`, [...rows, ...apiRows]);

  const precache = [...readFileSync('dist/sw.js', 'utf8').matchAll(/"url":"([^"]+)"/g)].map((m) => `/${m[1]!}`);
  const precacheRows: Sizes[] = [];
  for (const path of precache) precacheRows.push(await measure(origin, path));
  const compressed = precacheRows.reduce((sum, row) => sum + row.compressed, 0);
  const identity = precacheRows.reduce((sum, row) => sum + row.identity, 0);
  console.log(
    `\nService worker precache (${precacheRows.length} files, after the first load): ${kb(compressed)} compressed, ${kb(identity)} identity (${((compressed / identity) * 100).toFixed(0)}%)`,
  );
});
