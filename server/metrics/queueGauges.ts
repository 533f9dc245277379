import { count, eq } from 'drizzle-orm';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { PushQueue } from '../feature';

/** A scrape must answer even when the database does not: its queries give up after this. */
const queryTimeoutMs = 2_000;

/**
 * The mail and push queues, read from the database at each scrape (they are shared by every
 * process, so each process reports the same figure). While the database does not answer the
 * gauges are left out of the scrape rather than failing it, and
 * `patio_queue_reads_failed_total` counts the figures that could not be read.
 */
export function watchQueues(registry: Registry, db: Database, pushQueues: readonly PushQueue[]): void {
  const registers = [registry];
  const failedReads = new Counter({
    name: 'patio_queue_reads_failed_total',
    help: 'Queue figures a scrape could not read from the database (counted in the scrape after).',
    registers,
  });
  new Gauge({
    name: 'patio_mail_pending',
    help: 'Mails of the outbox waiting to be sent (first attempt or a retry).',
    registers,
    async collect() {
      this.reset();
      const pending = await bounded(db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'pending')));
      if (pending === null) failedReads.inc();
      else this.set(pending[0]?.n ?? 0);
    },
  });
  new Gauge({
    name: 'patio_push_pending',
    help: 'Push messages due and not sent yet, by queue.',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      this.reset();
      const now = new Date();
      const figures = await Promise.all(pushQueues.map((queue) => bounded(queue.pending(db, now))));
      figures.forEach((pending, i) => {
        if (pending === null) failedReads.inc();
        else this.labels(pushQueues[i]!.name).set(pending);
      });
    },
  });
}

async function bounded<T>(query: Promise<T>): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), queryTimeoutMs);
    timer.unref();
  });
  try {
    return await Promise.race([query.catch(() => null), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
