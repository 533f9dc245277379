import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The figures one app instance keeps (docs/operations.md, "Metrics and health"), in a
 * registry of its own: tests build several apps in one process, and two apps must not
 * count into each other. The parts of the server report through the small interfaces
 * below, so none of them knows prom-client.
 */
export interface AppMetrics {
  readonly registry: Registry;
  readonly http: {
    readonly requests: Counter<'method' | 'route' | 'status'>;
    readonly duration: Histogram<'method' | 'route'>;
    readonly uploadsInProgress: Gauge;
  };
  readonly sync: SyncMetrics;
  readonly pullLane: PullLaneMetrics;
  readonly jobs: JobMetrics;
  readonly mail: MailMetrics;
  readonly push: PushMetrics;
}

/** What the sync routes report (server/sync/syncRoutes.ts, push.ts). */
export interface SyncMetrics {
  /** A pull answered: `head` (a new device's first screen), `memory` (a quiet poll) or `database`. */
  pulled(kind: 'head' | 'memory' | 'database'): void;
  /** A pull's page as sent: its changes and its JSON's bytes. */
  pullPage(rows: number, bytes: number): void;
  /** A push answered: its mutations and the bytes of its body. */
  pushed(mutations: number, bytes: number | undefined): void;
  /** One mutation's first answer (a replay of an earlier answer is `replayed`). */
  mutation(outcome: 'applied' | 'replayed'): void;
  /** A mutation refused with its status (422, 403, 404, 409). */
  refused(status: number): void;
  /** The open event streams of this process, read at each scrape. */
  countStreams(count: () => number): void;
}

/** What the pulls' lane reports (server/sync/pullLane.ts). */
export interface PullLaneMetrics {
  /** How long a pull waited for a slot (0 when one was free). */
  waited(seconds: number): void;
  /** The lane's queue and busy slots, read at each scrape. */
  watch(lane: () => { queued: number; running: number }): void;
}

/** What the job runner reports (server/jobs.ts). */
export interface JobMetrics {
  /** A run of `job` started; the returned function is called when it ends. */
  started(job: string, everyMs: number): (outcome: 'ok' | 'failed') => void;
}

export interface MailMetrics {
  /** A send attempt failed; `final` when the mail is given up. */
  sendFailed(final: boolean): void;
}

export interface PushMetrics {
  /** Devices a push reached and devices it did not (refused, gone, unreachable). */
  delivered(accepted: number, failed: number): void;
}

const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const rowBuckets = [0, 1, 10, 50, 100, 250, 500, 1000, 5000];
const byteBuckets = [256, 1024, 4096, 16_384, 65_536, 262_144, 1_048_576, 4_194_304];

/** `serveDefaults`: Node's own figures (memory, event-loop lag, GC), only where `/metrics` is served. */
export function createMetrics({ serveDefaults }: { serveDefaults: boolean }): AppMetrics {
  const registry = new Registry();
  // The default collectors start observers that live as long as the process; an app whose
  // figures nobody can read (no token: every test app) does not start them.
  if (serveDefaults) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const http = {
    requests: new Counter({
      name: 'patio_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    duration: new Histogram({
      name: 'patio_http_request_duration_seconds',
      help: 'Time from a request to its answer, by method and route pattern (event streams are counted, not timed).',
      labelNames: ['method', 'route'] as const,
      buckets: durationBuckets,
      registers,
    }),
    uploadsInProgress: new Gauge({
      name: 'patio_uploads_in_progress',
      help: 'Requests carrying a file (a tus chunk, a multipart form) not answered yet.',
      registers,
    }),
  };

  const pulls = new Counter({ name: 'patio_sync_pulls_total', help: 'Pulls answered, by how.', labelNames: ['kind'] as const, registers });
  const pullRows = new Histogram({ name: 'patio_sync_pull_rows', help: 'Changes in a pull page.', buckets: rowBuckets, registers });
  const pullBytes = new Histogram({
    name: 'patio_sync_pull_bytes',
    help: 'Bytes of a pull page as JSON, before compression.',
    buckets: byteBuckets,
    registers,
  });
  const pushes = new Counter({ name: 'patio_sync_pushes_total', help: 'Pushes answered.', registers });
  const pushMutations = new Histogram({ name: 'patio_sync_push_mutations', help: 'Mutations in a push.', buckets: rowBuckets, registers });
  const pushBytes = new Histogram({ name: 'patio_sync_push_bytes', help: 'Bytes of a push body (its Content-Length).', buckets: byteBuckets, registers });
  const mutations = new Counter({ name: 'patio_sync_mutations_total', help: 'Mutations answered, by outcome.', labelNames: ['outcome'] as const, registers });
  const refusedMutations = new Counter({
    name: 'patio_sync_mutations_refused_total',
    help: 'Mutations refused (recorded once each), by reason.',
    labelNames: ['reason'] as const,
    registers,
  });
  let streams = () => 0;
  new Gauge({
    name: 'patio_sync_streams_open',
    help: 'Event streams open in this process.',
    registers,
    collect() {
      this.set(streams());
    },
  });
  const kinds = { head: pulls.labels('head'), memory: pulls.labels('memory'), database: pulls.labels('database') };
  const outcomes = { applied: mutations.labels('applied'), replayed: mutations.labels('replayed'), refused: mutations.labels('refused') };
  const sync: SyncMetrics = {
    pulled(kind) {
      kinds[kind].inc();
    },
    pullPage(rows, bytes) {
      pullRows.observe(rows);
      pullBytes.observe(bytes);
    },
    pushed(count, bytes) {
      pushes.inc();
      pushMutations.observe(count);
      if (bytes !== undefined) pushBytes.observe(bytes);
    },
    mutation(outcome) {
      outcomes[outcome].inc();
    },
    refused(status) {
      outcomes.refused.inc();
      refusedMutations.labels(refusalReasons[status] ?? 'other').inc();
    },
    countStreams(count) {
      streams = count;
    },
  };

  const laneWait = new Histogram({
    name: 'patio_sync_pull_lane_wait_seconds',
    help: 'Time a pull waited for a slot of the pulls’ lane.',
    buckets: [0, 0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
    registers,
  });
  let lane = () => ({ queued: 0, running: 0 });
  new Gauge({
    name: 'patio_sync_pull_lane_queued',
    help: 'Pulls waiting for a slot of the pulls’ lane.',
    registers,
    collect() {
      this.set(lane().queued);
    },
  });
  new Gauge({
    name: 'patio_sync_pull_lane_running',
    help: 'Pull transactions running in the pulls’ lane.',
    registers,
    collect() {
      this.set(lane().running);
    },
  });
  const pullLane: PullLaneMetrics = {
    waited: (seconds) => laneWait.observe(seconds),
    watch: (read) => (lane = read),
  };

  return { registry, http, sync, pullLane, jobs: jobMetrics(registers), mail: mailMetrics(registers), push: pushMetrics(registers) };
}

const refusalReasons: Record<number, string> = { 403: 'forbidden', 404: 'not_found', 409: 'conflict', 422: 'invalid' };

/** A job's state as its lag is worked out from. */
export interface JobState {
  everyMs: number;
  /** When the run under way started, or null between runs. */
  runningSince: number | null;
  /** When the last run ended (0: none yet). */
  lastEnded: number;
}

/**
 * How late a job is at `now`, in seconds: between runs, how long its next run is overdue
 * (the runner starts it `everyMs` after the last one ended; a blocked event loop or a
 * stopped timer shows here); during a run, how much longer than `everyMs` the run has taken.
 */
export function jobLagSeconds(state: JobState, now: number): number {
  const due = state.runningSince !== null ? state.runningSince + state.everyMs : state.lastEnded + state.everyMs;
  if (state.runningSince === null && state.lastEnded === 0) return 0;
  return Math.max(0, now - due) / 1000;
}

function jobMetrics(registers: Registry[]): JobMetrics {
  const states = new Map<string, JobState>();
  const runs = new Counter({ name: 'patio_job_runs_total', help: 'Job runs ended, by job and outcome.', labelNames: ['job', 'outcome'] as const, registers });
  const duration = new Histogram({
    name: 'patio_job_duration_seconds',
    help: 'How long a job run took.',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers,
  });
  const lastSuccess = new Gauge({
    name: 'patio_job_last_success_timestamp_seconds',
    help: 'When a run of the job last ended without an error (Unix time).',
    labelNames: ['job'] as const,
    registers,
  });
  new Gauge({
    name: 'patio_job_lag_seconds',
    help: 'How late the job is: its next run overdue, or its run past its interval.',
    labelNames: ['job'] as const,
    registers,
    collect() {
      const now = Date.now();
      for (const [job, state] of states) this.labels(job).set(jobLagSeconds(state, now));
    },
  });
  return {
    started(job, everyMs) {
      let state = states.get(job);
      if (!state) states.set(job, (state = { everyMs, runningSince: null, lastEnded: 0 }));
      const since = Date.now();
      state.runningSince = since;
      const running = state;
      return (outcome) => {
        const ended = Date.now();
        running.runningSince = null;
        running.lastEnded = ended;
        runs.labels(job, outcome).inc();
        duration.labels(job).observe((ended - since) / 1000);
        if (outcome === 'ok') lastSuccess.labels(job).set(ended / 1000);
      };
    },
  };
}

function mailMetrics(registers: Registry[]): MailMetrics {
  const failures = new Counter({
    name: 'patio_mail_send_failures_total',
    help: 'Mail send attempts that failed; final="true" when the mail was given up.',
    labelNames: ['final'] as const,
    registers,
  });
  const retried = failures.labels('false');
  const givenUp = failures.labels('true');
  return { sendFailed: (final) => (final ? givenUp : retried).inc() };
}

function pushMetrics(registers: Registry[]): PushMetrics {
  const devices = new Counter({
    name: 'patio_push_deliveries_total',
    help: 'Push messages handed to push services, per device, by outcome.',
    labelNames: ['outcome'] as const,
    registers,
  });
  const accepted = devices.labels('accepted');
  const failed = devices.labels('failed');
  return {
    delivered(acceptedCount, failedCount) {
      accepted.inc(acceptedCount);
      failed.inc(failedCount);
    },
  };
}
