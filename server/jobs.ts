import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client';
import type { Mailer } from './mail/mailer';
import type { PushSender } from './push/sender';

/** What a job may use beside the database. */
export interface JobServices {
  mailer: Mailer;
  push: PushSender;
  log: FastifyBaseLogger;
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

export interface RunningJobs {
  stop: () => Promise<void>;
}

/** Runs every job now and then every `everyMs`; a run never overlaps the same job's last one. */
export function startJobs(db: Database, jobs: readonly Job[], services: JobServices): RunningJobs {
  const { log } = services;
  const timers: ReturnType<typeof setTimeout>[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;
  for (const job of jobs) {
    const tick = () => {
      if (stopped) return;
      const run = job
        .run(db, new Date(), services)
        .catch((error: unknown) => log.warn({ err: error }, `job ${job.name} failed`))
        .finally(() => {
          running.delete(run);
          if (!stopped) timers.push(setTimeout(tick, job.everyMs).unref());
        });
      running.add(run);
    };
    tick();
  }
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.all([...running]);
    },
  };
}
