/**
 * A member of staff publishing through the app's real paths: signed in with
 * `POST /api/login-mobile`, posting alternately with `POST /api/v1/posts` (REST) and the
 * `posts.create` mutation of `POST /api/v1/sync/push` (what the sync worker sends), over
 * the API processes in turn.
 */
import { uuidv7 } from '../../contract/ids';
import { percentile, sleep } from './harness';
import { audienceFor, type LoadCollege } from './loadDevices';

export interface SentPost {
  id: string;
  /** The post's audience keys: who should be poked. */
  keys: string[];
  via: 'rest' | 'push';
  /** From the request to the answer. */
  ms: number;
}

export interface Posting {
  sent: SentPost[];
  /** Posts without a good answer; one that timed out may still have been applied. */
  failures: { message: string; keys: string[] }[];
  latency: (at: 'p50' | 'max') => number;
}

export class StaffPoster {
  private count = 0;

  private constructor(
    private readonly token: string,
    private readonly ports: readonly number[],
    private readonly college: LoadCollege,
  ) {}

  static async signIn(origin: string, ports: readonly number[], email: string, password: string, college: LoadCollege): Promise<StaffPoster> {
    const port = new URL(origin).port;
    const reply = await fetch(`${origin}/api/login-mobile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: `localhost:${port}` },
      body: JSON.stringify({ email, password }),
    });
    if (!reply.ok) throw new Error(`login-mobile answered ${reply.status}`);
    return new StaffPoster(((await reply.json()) as { token: string }).token, ports, college);
  }

  /** One post for `sectionIds` (scope everyone); `id` is made here so streams can look for it before the answer. */
  async post(sectionIds: readonly string[], via: 'rest' | 'push', id = uuidv7()): Promise<SentPost> {
    const n = ++this.count;
    const port = this.ports[n % this.ports.length]!;
    const { keys, fields } = audienceFor(this.college, sectionIds);
    const args = {
      id,
      title: `Aviso ${n}: salida a las ${12 + (n % 5)}:30`,
      content: `<p>Comunicado número ${n} de la carga de prueba.</p>`,
      category_id: this.college.categoryId,
      ...fields,
    };
    const headers = { authorization: `Bearer ${this.token}`, 'content-type': 'application/json', host: `localhost:${port}` };
    const start = performance.now();
    const reply =
      via === 'rest'
        ? await fetch(`http://127.0.0.1:${port}/api/v1/posts`, { method: 'POST', headers, body: JSON.stringify(args), signal: AbortSignal.timeout(15_000) })
        : await fetch(`http://127.0.0.1:${port}/api/v1/sync/push`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ clientId: 'bench-staff', mutations: [{ id: uuidv7(), name: 'posts.create', args }] }),
            signal: AbortSignal.timeout(15_000),
          });
    const text = await reply.text();
    const took = performance.now() - start;
    if (!reply.ok) throw new Error(`${via} answered ${reply.status}: ${text.slice(0, 200)}`);
    if (via === 'push' && !text.includes('"status":"applied"')) throw new Error(`push not applied: ${text.slice(0, 200)}`);
    return { id, keys, via, ms: took };
  }

  /**
   * Posts `perSecond` times a second for `durationMs` (sequentially, on schedule), for one
   * section, one grade's sections or every section in turn.
   */
  async postFor(durationMs: number, perSecond: number): Promise<Posting> {
    const sent: SentPost[] = [];
    const failures: Posting['failures'] = [];
    const sections = this.college.sections;
    const start = performance.now();
    const every = 1000 / perSecond;
    for (let i = 0; i < 100_000; i++) {
      const due = start + i * every;
      if (due > start + durationMs) break;
      await sleep(Math.max(0, due - performance.now()));
      const kind = i % 3;
      const one = sections[(i * 7) % sections.length]!;
      const chosen = kind === 0 ? [one.id] : kind === 1 ? sections.filter((s) => s.gradeId === one.gradeId).map((s) => s.id) : sections.map((s) => s.id);
      try {
        sent.push(await this.post(chosen, i % 2 === 0 ? 'rest' : 'push'));
      } catch (error) {
        failures.push({ message: error instanceof Error ? error.message : String(error), keys: audienceFor(this.college, chosen).keys });
      }
    }
    const times = sent.map((p) => p.ms);
    return { sent, failures, latency: (at) => (times.length === 0 ? 0 : at === 'p50' ? percentile(times, 50) : Math.max(...times)) };
  }
}
