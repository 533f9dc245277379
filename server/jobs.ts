import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client';
import { listen, type Listening } from './db/listen';
import type { Mailer } from './mail/mailer';
import type { JobMetrics } from './metrics/appMetrics';
import type { PushSender } from './push/sender';
import type { Storage } from './storage/storage';

/** What a job may use beside the database. */
export interface JobServices {
  mailer: Mailer;
  push: PushSender;
  log: FastifyBaseLogger;
  /** The data folder (files of documents, data exports) and the uploads' storage (avatars). */
  dataDir: string;
  storage: Storage;
}

/**
 * Periodic work of the server (releasing scheduled rows, view counts, compaction). Jobs
 * keep their state in the database and take the college's write lock for what they stamp,
 * so any number of API processes may run them side by side, and a restart resumes them:
 * each run does what is due, once.
 */
export interface Job {
  name: string;
  everyMs: number;
  run: (db: Database, now: Date, services: JobServices) => Promise<void>;
}

/** The channel of `wakeJob`: its payload is a job's name. */
export const jobsChannel = 'patio_jobs';

/**
 * Asks the job runner of every API process to run the job `name` now rather than at its next
 * tick. Inside a transaction the notification goes out when it commits (and never when it
 * rolls back), so the job finds what the transaction wrote: a notification is handed to the
 * push sender a moment after it is sent, whichever process takes it first.
 */
export async function wakeJob(tx: Database, name: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${jobsChannel}, ${name})`);
}

export interface RunningJobs {
  stop: () => Promise<void>;
}

/**
 * Runs every job now and then every `everyMs`; a run never overlaps the same job's last one.
 * A `wakeJob` heard on the database (any process's) runs the job at once, or once more right
 * after the run in progress; the ticks remain the fallback when a notification is missed.
 */
export function startJobs(db: Database, jobs: readonly Job[], services: JobServices, metrics?: JobMetrics): RunningJobs {
  const { log } = services;
  const running = new Set<Promise<void>>();
  let stopped = false;
  const wakers = new Map<string, () => void>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  for (const job of jobs) {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let busy = false;
    let again = false;
    const schedule = (ms: number) => {
      if (timer) timers.delete(timer);
      clearTimeout(timer ?? undefined);
      timer = setTimeout(tick, ms).unref();
      timers.add(timer);
    };
    const tick = () => {
      if (stopped) return;
      busy = true;
      again = false;
      const ended = metrics?.started(job.name, job.everyMs);
      const run = job
        .run(db, new Date(), services)
        .then(
          () => ended?.('ok'),
          (error: unknown) => {
            ended?.('failed');
            log.warn({ err: error }, `job ${job.name} failed`);
          },
        )
        .finally(() => {
          running.delete(run);
          busy = false;
          if (!stopped) schedule(again ? 0 : job.everyMs);
        });
      running.add(run);
    };
    wakers.set(job.name, () => {
      if (stopped) return;
      if (busy) again = true;
      else schedule(0);
    });
    tick();
  }
  let listening: Promise<Listening | null> = listen(db, {
    channel: jobsChannel,
    onPayload: (name) => wakers.get(name)?.(),
    // Missed wakes are caught up by the ticks; waking every job once covers the gap sooner.
    onResumed: () => wakers.forEach((wake) => wake()),
    onError: (error) => log.warn({ err: error }, 'jobs: listening failed'),
  }).catch((error: unknown) => {
    log.warn({ err: error }, 'jobs: not listening, jobs run on their ticks only');
    return null;
  });
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      const ear = await listening;
      listening = Promise.resolve(null);
      await ear?.stop();
      await Promise.all([...running]);
    },
  };
}
