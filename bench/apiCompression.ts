/**
 * What compressing the API's answers costs the server, and what it saves on the wire
 * (the CPU it costs is the reason to measure).
 *
 *   npm run bench:api-compression        (= node --import tsx bench/apiCompression.ts)
 *
 * Seeds BENCH_POSTS posts (default 10,000, bench/lib/seedPosts.ts) into a fresh embedded
 * database under .tmp/bench-api-compression, starts the real server on 127.0.0.1:8494,
 * signs in as staff@colinas.test through the API, and walks the whole initial pull
 * (pages of 1,000 rows, as the app's sync worker asks for them), one request at a time, with
 * `Accept-Encoding` identity, gzip and br in turn, BENCH_RUNS rounds (default 3, alternating).
 * For each: bytes on the wire, wall time of the walk, and the server process's CPU time
 * (user + system, from /proc/<pid>/stat, the machine's clock ticks) spent on it. Prints the
 * medians and each encoding's extra CPU per MB of JSON against identity. Loopback only;
 * everything it starts is stopped by pid.
 */
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { demoPassword } from '../server/db/demoData';
import { figures, freshDataDir, ms, runBench, startPatioServer } from './lib/harness';
import { seedPosts } from './lib/seedPosts';

const port = 8494;
const postCount = Math.min(Math.max(Number(process.env.BENCH_POSTS ?? 10_000), 1), 100_000);
const runs = Math.min(Math.max(Number(process.env.BENCH_RUNS ?? 3), 1), 10);
const encodings = ['identity', 'gzip', 'br'] as const;
type Encoding = (typeof encodings)[number];
/** Linux clock ticks per second (USER_HZ), 100 on every distribution we run on. */
const ticksPerSecond = 100;

/** The server's CPU time so far, in milliseconds (utime + stime of /proc/<pid>/stat). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

interface Answer {
  status: number;
  body: Buffer;
  encoding: string | undefined;
}

function send(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { host: 'localhost', ...headers }, timeout: 60_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${path}: no answer in 60 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

async function decode(answer: Answer): Promise<string> {
  const zlib = await import('node:zlib');
  if (answer.encoding === 'br') return zlib.brotliDecompressSync(answer.body).toString('utf8');
  if (answer.encoding === 'gzip') return zlib.gunzipSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
}

interface Walk {
  wire: number;
  json: number;
  wallMs: number;
  cpuMs: number;
  pages: number;
}

/** The whole initial pull, page by page, as one device would. */
async function walk(pid: number, token: string, encoding: Encoding): Promise<Walk> {
  let cursor: string | undefined;
  let wire = 0;
  let json = 0;
  let pages = 0;
  const cpuBefore = cpuMs(pid);
  const started = performance.now();
  for (;;) {
    const query = new URLSearchParams({ limit: '1000', ...(cursor ? { cursor } : {}) });
    const answer = await send('GET', `/api/v1/sync/pull?${query.toString()}`, { authorization: `Bearer ${token}`, 'accept-encoding': encoding });
    if (answer.status !== 200) throw new Error(`pull answered ${answer.status}`);
    if ((answer.encoding ?? 'identity') !== encoding) throw new Error(`asked ${encoding}, got ${answer.encoding ?? 'identity'}`);
    const text = await decode(answer);
    wire += answer.body.length;
    json += Buffer.byteLength(text);
    pages++;
    const page = JSON.parse(text) as { cursor: string; hasMore: boolean };
    cursor = page.cursor;
    if (!page.hasMore) break;
    if (pages > 1000) throw new Error('more than 1,000 pages: stopping');
  }
  return { wire, json, wallMs: performance.now() - started, cpuMs: cpuMs(pid) - cpuBefore, pages };
}

const median = (values: number[]) => figures(values).median;
const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;

runBench('apiCompression', 15 * 60_000, async (cleanup) => {
  const dataDir = freshDataDir(cleanup, 'bench-api-compression');
  const seeded = await seedPosts(dataDir, postCount);
  const { pid } = await startPatioServer(cleanup, port, dataDir);
  const login = await send(
    'POST',
    '/api/login-mobile',
    { 'content-type': 'application/json' },
    JSON.stringify({ email: 'staff@colinas.test', password: demoPassword }),
  );
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
  const { token } = JSON.parse(login.body.toString('utf8')) as { token: string };

  // One walk unmeasured: the server's code and the database's pages warm up.
  await walk(pid, token, 'identity');
  const results = new Map<Encoding, Walk[]>(encodings.map((encoding) => [encoding, []]));
  for (let run = 0; run < runs; run++) {
    for (const encoding of encodings) results.get(encoding)!.push(await walk(pid, token, encoding));
  }

  const first = results.get('identity')![0]!;
  console.log(
    `API compression: ${seeded.totalPosts} posts, the initial pull of staff@colinas.test (${first.pages} pages of up to 1,000 rows, ${mb(first.json)} of JSON), ${runs} rounds, medians; server CPU from /proc (10 ms ticks)`,
  );
  const plainCpu = median(results.get('identity')!.map((w) => w.cpuMs));
  for (const encoding of encodings) {
    const walks = results.get(encoding)!;
    const wire = median(walks.map((w) => w.wire));
    const cpu = median(walks.map((w) => w.cpuMs));
    const extraPerMb = (cpu - plainCpu) / (first.json / 1_000_000);
    console.log(
      `  ${encoding.padEnd(8)} wire ${mb(wire).padStart(9)} (${((wire / first.json) * 100).toFixed(1)} % of the JSON)  walk ${ms(median(walks.map((w) => w.wallMs))).padStart(8)}  server CPU ${ms(cpu).padStart(8)}` +
        (encoding === 'identity' ? '' : `  (+${ms(cpu - plainCpu)}, ${extraPerMb.toFixed(1)} ms per MB of JSON)`),
    );
  }
});
