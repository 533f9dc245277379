/**
 * One post reaching every open stream that may see it: from sending the post to each
 * stream's poke, and to the end of the pull that device makes on that poke (from where a
 * device that is up to date stands), with the post in its answer.
 */
import { Agent, request } from 'node:http';
import { uuidv7 } from '../../contract/ids';
import type { Database } from '../../server/db/client';
import { ms, percentile } from './harness';
import { audienceFor, collegeCounter, cursorAt, type Device, type LoadCollege } from './loadDevices';
import type { PokeStream } from './pokeStreams';
import type { StaffPoster } from './staffPoster';

export interface FanOut {
  lines: string[];
  summary: string[];
}

function pull(agent: Agent, port: number, token: string, cursor: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        agent,
        path: `/api/v1/sync/pull?cursor=${cursor}`,
        headers: { host: `localhost:${port}`, authorization: `Bearer ${token}` },
        timeout: 30_000,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('pull timed out')));
    req.on('error', reject);
    req.end();
  });
}

const spread = (values: number[]) =>
  values.length === 0 ? 'none' : `p50 ${ms(percentile(values, 50))} · p99 ${ms(percentile(values, 99))} · max ${ms(Math.max(...values))}`;

export async function measureFanOut(
  db: Database,
  college: LoadCollege,
  staff: StaffPoster,
  streams: readonly PokeStream[],
  devices: readonly Device[],
  timeoutMs: number,
): Promise<FanOut> {
  const counter = await collegeCounter(db, college.collegeId);
  const id = uuidv7();
  const every = college.sections.map((s) => s.id);
  const { keys } = audienceFor(college, every);
  const open = streams.filter((s) => s.dropped === null && s.readyAt !== null);
  const concerned = open.filter((s) => keys.some((k) => devices[s.deviceIndex]!.keys.has(k)));
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const pokedAt = new Map<PokeStream, number>();
  const hadAt = new Map<PokeStream, number>();
  const failed: string[] = [];
  let t0 = 0;
  for (const stream of open) {
    const device = devices[stream.deviceIndex]!;
    stream.onPoke = (at) => {
      if (pokedAt.has(stream)) return;
      pokedAt.set(stream, at - t0);
      pull(agent, stream.port, device.token, cursorAt(device, counter)).then(
        ({ status, body }) => {
          if (status === 200 && body.includes(id)) hadAt.set(stream, performance.now() - t0);
          else failed.push(`pull ${status}${status === 200 ? ' without the post' : ''}`);
        },
        (error: unknown) => failed.push(error instanceof Error ? error.message : String(error)),
      );
    };
  }
  try {
    t0 = performance.now();
    const sent = await staff.post(every, 'rest', id);
    const deadline = performance.now() + timeoutMs;
    while (hadAt.size + failed.length < concerned.length && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    const poked = concerned.filter((s) => pokedAt.has(s)).map((s) => pokedAt.get(s)!);
    const had = concerned.filter((s) => hadAt.has(s)).map((s) => hadAt.get(s)!);
    const wrongly = open.filter((s) => !concerned.includes(s) && pokedAt.has(s)).length;
    const lines = [
      `post answered in ${ms(sent.ms)}`,
      `poked: ${poked.length} of ${concerned.length} streams that may see it (${open.length} open, ${wrongly} poked that may not); from sending the post: ${spread(poked)}`,
      `pulled with the post: ${had.length} of ${concerned.length}; from sending the post: ${spread(had)}${failed.length ? `; ${failed.length} failed (${[...new Set(failed)].slice(0, 3).join('; ')})` : ''}`,
    ];
    return {
      lines,
      summary: [
        `fan-out to ${concerned.length} streams: poke ${spread(poked)} (${poked.length} received)  [goal p99 ≤ 1 s]`,
        `fan-out, poke + pull carrying the post: ${spread(had)} (${had.length} received)`,
      ],
    };
  } finally {
    for (const stream of open) stream.onPoke = null;
    agent.destroy();
  }
}
