import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { HttpError } from '../http/errors';
import type { PullLaneMetrics } from '../metrics/appMetrics';

/**
 * The device closed its connection: nobody will read the answer (499, as nginx logs it; it
 * is never sent). A device's fetch gives up after 15 s (src/api/http.ts) and asks again; work done for the
 * request it left only delays the one it sent instead.
 */
export const clientGone = () => new HttpError(499, 'Client Closed Request');

export function isGone(request: FastifyRequest): boolean {
  return request.raw.socket?.destroyed === true;
}

/** Before a database step: stop when nobody waits for the answer. */
export function stopIfGone(request: FastifyRequest): void {
  if (isGone(request)) throw clientGone();
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type TransactionConfig = Parameters<Database['transaction']>[1];

/**
 * Pulls' share of the database pool. At most `slots` pull transactions run at once (the
 * others wait here, in order), so a push or a post always finds one of the pool's other
 * connections instead of queueing behind every device of the school. A pull that gets its
 * turn after its device left stops before its first statement.
 */
export class PullLane {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly db: Database,
    readonly slots: number,
    private readonly metrics?: PullLaneMetrics,
  ) {
    metrics?.watch(() => ({ queued: this.waiting.length, running: this.running }));
  }

  /** `db` for one request's pull: its transactions wait for a slot and stop if the device left. */
  for(request: FastifyRequest): Database {
    return this.lane(() => stopIfGone(request));
  }

  /** `db` for a pull no request waits for (a page sent down an event stream): its transactions wait for a slot. */
  get shared(): Database {
    return this.lane(() => undefined);
  }

  private lane(check: () => void): Database {
    const transaction = async <T>(work: (tx: Transaction) => Promise<T>, config?: TransactionConfig): Promise<T> => {
      await this.acquire();
      try {
        check();
        return await this.db.transaction((tx) => {
          // The pool may have made it wait too.
          check();
          return work(tx);
        }, config);
      } finally {
        this.release();
      }
    };
    const lane = Object.create(this.db) as Database;
    Object.defineProperty(lane, 'transaction', { value: transaction });
    return lane;
  }

  private acquire(): Promise<void> {
    if (this.running < this.slots) {
      this.running++;
      this.metrics?.waited(0);
      return Promise.resolve();
    }
    const since = performance.now();
    return new Promise((resolve) =>
      this.waiting.push(() => {
        this.metrics?.waited((performance.now() - since) / 1000);
        resolve();
      }),
    );
  }

  private release(): void {
    const next = this.waiting.shift();
    // The slot passes to the next in line as it is.
    if (next) next();
    else this.running--;
  }
}
