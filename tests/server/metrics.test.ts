import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../contract/ids';
import { smtpSettings, users } from '../../server/db/schema';
import { itemDeliveries } from '../../server/delivery/schema';
import { registry as defaultRegistry } from '../../server/features';
import type { Job } from '../../server/jobs';
import { createMetrics, jobLagSeconds } from '../../server/metrics/appMetrics';
import { PullLane } from '../../server/sync/pullLane';
import { backends, bearer, hostOf, multipartBody, signIn, startServer, tinyPng, type TestServer } from './harness';
import { collegeRefs } from './syncHelpers';

const token = 'scrape-token-for-tests';
const host = hostOf('colinas');

/** One figure of a scrape: `name{labels} value` as prom-client writes it (labels in their declared order). */
function figure(text: string, name: string, labels = ''): number | undefined {
  const prefix = labels ? `${name}{${labels}} ` : `${name} `;
  const line = text.split('\n').find((l) => l.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(prefix.length));
}

describe.each(backends)('metrics and health ($name)', (backend) => {
  let server: TestServer;
  let origin: string;
  let jobRan: () => void;
  const jobDone = new Promise<void>((resolve) => (jobRan = resolve));
  const probeJob: Job = {
    name: 'metrics-probe',
    everyMs: 3_600_000,
    run: () => {
      jobRan();
      return Promise.resolve();
    },
  };
  const failingJob: Job = { name: 'metrics-failing', everyMs: 3_600_000, run: () => Promise.reject(new Error('planned failure')) };
  const scrape = async () => {
    const response = await server.app.inject({ method: 'GET', url: '/metrics', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    server = await startServer(backend, { metricsToken: token, jobs: true }, { registry: { ...defaultRegistry, jobs: [probeJob, failingJob] } });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it('serves the figures only to a scraper with the token', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: '/metrics', headers: bearer('scrape-token-for-tests!') })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Basic ${token}` } })).statusCode).toBe(401);
    const response = await server.app.inject({ method: 'GET', url: '/metrics', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    // Node's own figures: memory and the event loop's lag.
    expect(figure(response.body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(response.body).toContain('nodejs_eventloop_lag_seconds ');
  });

  it('counts requests by route pattern and status, with their time', async () => {
    const before = await scrape();
    const labels = 'method="GET",route="/api/v1/posts/:id",status="401"';
    const id = uuidv7();
    expect((await server.app.inject({ method: 'GET', url: `/api/v1/posts/${id}?q=anything`, headers: { host } })).statusCode).toBe(401);
    const after = await scrape();
    expect(figure(after, 'patio_http_requests_total', labels)).toBe((figure(before, 'patio_http_requests_total', labels) ?? 0) + 1);
    const timed = 'patio_http_request_duration_seconds_count';
    expect(figure(after, timed, 'method="GET",route="/api/v1/posts/:id"')).toBe((figure(before, timed, 'method="GET",route="/api/v1/posts/:id"') ?? 0) + 1);
    expect(after).not.toContain(id);
  });

  it('counts pulls, pushes and refused mutations with their sizes', async () => {
    const auth = bearer(await signIn(server.app, host, { email: 'student@colinas.test' }));
    const before = await scrape();
    const pull = await server.app.inject({ method: 'GET', url: '/api/v1/sync/pull', headers: { host, ...auth } });
    expect(pull.statusCode).toBe(200);
    const rows = pull.json<{ changes: unknown[] }>().changes.length;
    const push = await server.app.inject({
      method: 'POST',
      url: '/api/v1/sync/push',
      headers: { host, ...auth },
      payload: { clientId: 'metrics', mutations: [{ id: uuidv7(), name: 'no.such.mutation', args: {} }] },
    });
    expect(push.json<{ results: { status: string }[] }>().results[0]!.status).toBe('rejected');
    const after = await scrape();
    const moved = (name: string, labels = '') => (figure(after, name, labels) ?? 0) - (figure(before, name, labels) ?? 0);
    expect(moved('patio_sync_pulls_total', 'kind="database"')).toBe(1);
    expect(moved('patio_sync_pull_rows_count')).toBe(1);
    expect(moved('patio_sync_pull_rows_sum')).toBe(rows);
    expect(moved('patio_sync_pull_bytes_sum')).toBe(Buffer.byteLength(pull.body));
    expect(moved('patio_sync_pull_lane_wait_seconds_count')).toBe(1);
    expect(moved('patio_sync_pushes_total')).toBe(1);
    expect(moved('patio_sync_push_mutations_sum')).toBe(1);
    expect(moved('patio_sync_push_bytes_sum')).toBeGreaterThan(0);
    expect(moved('patio_sync_mutations_refused_total', 'reason="invalid"')).toBe(1);
    expect(moved('patio_sync_mutations_total', 'outcome="refused"')).toBe(1);
  });

  it('shows the open event streams and the uploads under way', async () => {
    const token = await signIn(server.app, host, { email: 'staff@colinas.test' });
    const open = (path: string, headers: Record<string, string>, method = 'GET'): ClientRequest =>
      httpRequest(`${origin}${path}`, { method, headers: { host, authorization: `Bearer ${token}`, ...headers } });
    const stream = open('/api/v1/sync/stream', {});
    const answered = new Promise<IncomingMessage>((resolve) => stream.on('response', resolve));
    stream.end();
    const events = await answered;
    await new Promise<void>((resolve) => events.once('data', () => resolve()));
    expect(events.headers['x-request-id']).toBeTruthy();
    expect(figure(await scrape(), 'patio_sync_streams_open')).toBe(1);
    stream.destroy();
    await expect.poll(async () => figure(await scrape(), 'patio_sync_streams_open')).toBe(0);

    const form = multipartBody({ _method: 'PUT' }, { field: 'avatar', filename: 'me.png', contentType: 'image/png', data: tinyPng });
    const upload = open('/api/v1/users/update/profile', { ...form.headers, 'content-length': String(form.payload.length) }, 'POST');
    const uploaded = new Promise<IncomingMessage>((resolve) => upload.on('response', resolve));
    // Half the form sent: the request is under way until the rest arrives and it is answered.
    upload.write(form.payload.subarray(0, 40));
    await expect.poll(async () => figure(await scrape(), 'patio_uploads_in_progress')).toBe(1);
    upload.end(form.payload.subarray(40));
    const answer = await uploaded;
    answer.resume();
    expect(answer.statusCode).toBeLessThan(500);
    await expect.poll(async () => figure(await scrape(), 'patio_uploads_in_progress')).toBe(0);
  });

  it('reports each job’s runs, failures, last success and lag', async () => {
    await jobDone;
    await expect.poll(async () => figure(await scrape(), 'patio_job_runs_total', 'job="metrics-probe",outcome="ok"')).toBe(1);
    await expect.poll(async () => figure(await scrape(), 'patio_job_runs_total', 'job="metrics-failing",outcome="failed"')).toBe(1);
    const text = await scrape();
    expect(figure(text, 'patio_job_last_success_timestamp_seconds', 'job="metrics-probe"')).toBeGreaterThan(0);
    expect(figure(text, 'patio_job_last_success_timestamp_seconds', 'job="metrics-failing"')).toBeUndefined();
    expect(figure(text, 'patio_job_lag_seconds', 'job="metrics-probe"')).toBe(0);
    expect(figure(text, 'patio_job_duration_seconds_count', 'job="metrics-probe"')).toBe(1);
  });

  it('reads the mail and push queues and counts failed sends', async () => {
    const refs = await collegeRefs(server.db, 'colinas');
    const before = await scrape();
    // Port 9 refuses: the recovery mail stays pending, its attempt failed.
    await server.db.insert(smtpSettings).values({ id: uuidv7(), collegeId: refs.collegeId, host: '127.0.0.1', port: 9, fromAddress: 'no-reply@colinas.test' });
    const forgot = await server.app.inject({
      method: 'POST',
      url: '/api/forgot-password-user',
      headers: { host },
      payload: { email: 'guardian@colinas.test' },
    });
    expect(forgot.statusCode).toBeLessThan(300);
    await expect
      .poll(async () => figure(await scrape(), 'patio_mail_send_failures_total', 'final="false"'))
      .toBe((figure(before, 'patio_mail_send_failures_total', 'final="false"') ?? 0) + 1);
    expect(figure(await scrape(), 'patio_mail_pending')).toBe((figure(before, 'patio_mail_pending') ?? 0) + 1);

    const [member] = await server.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.collegeId} = ${refs.collegeId}`)
      .limit(1);
    await server.db.insert(itemDeliveries).values({
      id: uuidv7(),
      collegeId: refs.collegeId,
      kind: 'post',
      itemId: uuidv7(),
      userId: member!.id,
      emailMode: 'none',
      pushDueAt: new Date(Date.now() - 60_000),
    });
    const after = await scrape();
    expect(figure(after, 'patio_push_pending', 'queue="delivery"')).toBe((figure(before, 'patio_push_pending', 'queue="delivery"') ?? 0) + 1);
    expect(figure(after, 'patio_push_pending', 'queue="notifications"')).toBeGreaterThanOrEqual(0);
  });

  it('is ready while the database holds every migration, and not while one is missing', async () => {
    const ready = await server.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    // The newest migration taken away, as while another process is still applying it.
    const found = await server.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`);
    const [newest] = (found as { rows: { id: number; hash: string; created_at: string }[] }).rows;
    await server.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    try {
      const pending = await server.app.inject({ method: 'GET', url: '/api/ready', headers: { host: '10.1.2.3:8080' } });
      expect(pending.statusCode).toBe(503);
      expect(pending.json()).toEqual({ status: 'migrations_pending' });
    } finally {
      await server.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`,
      );
    }
    expect((await server.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});

describe.each(backends)('readiness without a database ($name)', (backend) => {
  it('answers 503 once the database is gone', async () => {
    const server = await startServer(backend);
    try {
      expect((await server.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      await server.closeDatabase();
      // A probe's host matches no college: answered without looking one up.
      const gone = await server.app.inject({ method: 'GET', url: '/api/ready', headers: { host: '10.1.2.3:8080' } });
      expect(gone.statusCode).toBe(503);
      expect(gone.json()).toEqual({ status: 'database_unreachable' });
    } finally {
      await server.close();
    }
  });

  it('serves no metrics without a token', async () => {
    const server = await startServer(backend);
    try {
      expect((await server.app.inject({ method: 'GET', url: '/metrics', headers: bearer(token) })).statusCode).toBe(404);
      expect((await server.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('the pulls’ lane and job lag', () => {
  it('shows pulls waiting for a slot and how long they waited', async () => {
    const server = await startServer(backends[0]!);
    try {
      const metrics = createMetrics({ serveDefaults: false });
      const lane = new PullLane(server.db, 1, metrics.pullLane).shared;
      let release!: () => void;
      const holding = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const first = new Promise<void>((resolve) => (started = resolve));
      const one = lane.transaction(async () => {
        started();
        await holding;
      });
      await first;
      const two = lane.transaction(() => Promise.resolve());
      const text = await metrics.registry.metrics();
      expect(figure(text, 'patio_sync_pull_lane_queued')).toBe(1);
      expect(figure(text, 'patio_sync_pull_lane_running')).toBe(1);
      release();
      await Promise.all([one, two]);
      const after = await metrics.registry.metrics();
      expect(figure(after, 'patio_sync_pull_lane_queued')).toBe(0);
      expect(figure(after, 'patio_sync_pull_lane_wait_seconds_count')).toBe(2);
      expect(figure(after, 'patio_sync_pull_lane_wait_seconds_bucket', 'le="0"')).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('works out a job’s lag from when its next run was due', () => {
    expect(jobLagSeconds({ everyMs: 1000, runningSince: null, lastEnded: 0 }, 50_000)).toBe(0);
    expect(jobLagSeconds({ everyMs: 1000, runningSince: null, lastEnded: 10_000 }, 10_500)).toBe(0);
    expect(jobLagSeconds({ everyMs: 1000, runningSince: null, lastEnded: 10_000 }, 14_000)).toBe(3);
    expect(jobLagSeconds({ everyMs: 1000, runningSince: 20_000, lastEnded: 10_000 }, 26_000)).toBe(5);
  });
});

describe.each(backends)('request logs ($name)', (backend) => {
  const lines: string[] = [];
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend, { logger: true }, { logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => server.close());

  it('carries the request id, the one a proxy sent when it is sane, and answers with it', async () => {
    const given = await server.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'edge-7f3a.91' } });
    expect(given.headers['x-request-id']).toBe('edge-7f3a.91');
    const logged = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    expect(logged.filter((line) => line.reqId === 'edge-7f3a.91').map((line) => line.msg)).toEqual(['incoming request', 'request completed']);

    const odd = await server.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'two words\u202e' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.some((line) => line.includes(`"reqId":"${String(odd.headers['x-request-id'])}"`))).toBe(true);
  });

  it('never writes what people wrote, nor their addresses', async () => {
    const words = 'Reunión de apoderados el jueves, traer la autorización firmada';
    const address = 'guardian@colinas.test';
    const auth = bearer(await signIn(server.app, host, { email: 'staff@colinas.test' }));
    const refs = await collegeRefs(server.db, 'colinas');
    await server.app.inject({
      method: 'POST',
      url: '/api/v1/sync/push',
      headers: { host, ...auth },
      payload: {
        clientId: 'logs',
        mutations: [
          {
            id: uuidv7(),
            name: 'posts.create',
            args: { id: uuidv7(), title: words, content: words, category_id: refs.categoryId, audience: { everyone: true } },
          },
        ],
      },
    });
    await server.app.inject({
      method: 'GET',
      url: `/api/v1/posts?search=${encodeURIComponent(words)}&email=${encodeURIComponent(address)}`,
      headers: { host, ...auth },
    });
    // A recovery mail (recorded without SMTP settings) names its address and its subject.
    expect(
      (await server.app.inject({ method: 'POST', url: '/api/forgot-password-user', headers: { host }, payload: { email: address } })).statusCode,
    ).toBeLessThan(300);
    const log = lines.join('');
    expect(log).toContain('mail recorded in outbox');
    expect(log).toContain('"url":"/api/v1/posts"');
    expect(log).not.toContain(address);
    expect(log).not.toContain('guardian%40');
    expect(log).not.toContain('Reuni');
    expect(log).not.toContain(encodeURIComponent(words).slice(0, 20));
  });
});
