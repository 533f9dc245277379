/**
 * The load tool of the server-load benchmark, run as its own process so that its timing is
 * not disturbed by the 1,000 streams the benchmark holds open:
 *
 *   node --import tsx bench/lib/loadTool.ts <plan.json>
 *
 * autocannon 9 with `connections` connections spread evenly over the plan's ports
 * (connection i → port i % ports), for `seconds`, then it stops by itself and prints one
 * line `LOAD-RESULT <json>`. Mode `health` asks `GET /api/health`; mode `pull` makes every
 * connection one device: its own Bearer token, `GET /api/v1/sync/pull?cursor=…` with the
 * cursor of its last answer, as a device's sync worker does. Loopback only.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface LoadPlan {
  mode: 'health' | 'pull';
  ports: number[];
  connections: number;
  seconds: number;
  /** mode `pull`: one per connection, device i on ports[i % ports.length]. */
  devices: { token: string; cursor: string }[];
}

export interface LoadResult {
  requests: number;
  seconds: number;
  /** Requests answered per second (total / seconds). */
  rate: number;
  latency: { p50: number; p90: number; p99: number; max: number; mean: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** mode `pull`: answers with `reset: true` (a cursor of another audience: none expected). */
  resets: number;
  /** mode `pull`: answers that carried changes. */
  withChanges: number;
  bytesPerSecond: number;
}

interface CannonClient {
  opts: { port: number };
  setRequests: (requests: CannonRequest[]) => void;
}
interface CannonRequest {
  method: 'GET';
  path?: string;
  headers: Record<string, string>;
  setupRequest?: (request: CannonRequest) => CannonRequest;
  onResponse?: (status: number, body: string) => void;
}
interface CannonResult {
  requests: { total: number };
  throughput: { average: number };
  latency: { p50: number; p90: number; p99: number; max: number; average: number };
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: {
  url: string[];
  connections: number;
  duration: number;
  timeout: number;
  headers?: Record<string, string>;
  setupClient?: (client: CannonClient) => void;
}) => Promise<CannonResult>;

const cursorPattern = /"cursor":"([A-Za-z0-9_-]*)"/;

async function run(plan: LoadPlan): Promise<LoadResult> {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const queues = new Map<number, { token: string; cursor: string }[]>(plan.ports.map((port) => [port, []]));
  plan.devices.forEach((device, i) => queues.get(plan.ports[i % plan.ports.length]!)!.push(device));
  let resets = 0;
  let withChanges = 0;

  const setupClient = (client: CannonClient) => {
    const port = client.opts.port;
    const host = `localhost:${port}`;
    if (plan.mode === 'health') {
      client.setRequests([{ method: 'GET', path: '/api/health', headers: { host } }]);
      return;
    }
    const device = queues.get(port)?.shift();
    if (!device) throw new Error(`no device left for a connection to port ${port}`);
    const headers = { host, authorization: `Bearer ${device.token}` };
    client.setRequests([
      {
        method: 'GET',
        headers,
        setupRequest: (request) => ({ ...request, path: `/api/v1/sync/pull?cursor=${device.cursor}` }),
        onResponse: (status, body) => {
          if (status !== 200) return;
          const cursor = cursorPattern.exec(body)?.[1];
          if (cursor) device.cursor = cursor;
          if (body.includes('"reset":true')) resets++;
          if (!body.startsWith('{"changes":[]')) withChanges++;
        },
      },
    ]);
  };

  const result = await autocannon({
    url: plan.ports.map((port) => `http://127.0.0.1:${port}`),
    connections: plan.connections,
    duration: plan.seconds,
    timeout: 10,
    setupClient,
  });
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) statusCodes[code] = count;
  return {
    requests: result.requests.total,
    seconds: result.duration,
    rate: result.requests.total / result.duration,
    latency: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max, mean: result.latency.average },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    resets,
    withChanges,
    bytesPerSecond: result.throughput.average,
  };
}

const planFile = process.argv[2];
if (!planFile) {
  console.error('usage: loadTool.ts <plan.json>');
  process.exit(2);
}
run(JSON.parse(readFileSync(planFile, 'utf8')) as LoadPlan).then(
  (result) => {
    console.log(`LOAD-RESULT ${JSON.stringify(result)}`);
    process.exit(0);
  },
  (error: unknown) => {
    console.error('load tool failed:', error);
    process.exit(1);
  },
);
