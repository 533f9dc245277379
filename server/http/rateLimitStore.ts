/**
 * The per-process store of the routes' request limits (`config.rateLimit`): @fastify/rate-limit's
 * own LocalStore, answering each request a copy of its counter.
 *
 * The library's store answers the live counter object it keeps for the key, and the plugin
 * reads `current` from it only after an `await`. Requests that arrive together all count
 * before any of them reads, so each read the burst's final count: a burst of 25 at a limit of
 * 20 refused all 25 instead of the last 5 (tests/server/burstLimits.test.ts). A copy taken in
 * the store's callback is the count at that request's own turn.
 */
import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface LibraryStore {
  incr(key: string, callback: Counted, timeWindow: number, max: number): void;
  read(key: string, callback: Counted, timeWindow: number, max: number): void;
}

type LibraryStoreCtor = new (continueExceeding?: boolean, exponentialBackoff?: boolean, cache?: number) => LibraryStore;

// The plugin's package has no `exports` map, so its store's module is reachable by its path.
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore.js') as LibraryStoreCtor;

const copied =
  (callback: Counted): Counted =>
  (error, result) =>
    callback(error, result && { current: result.current, ttl: result.ttl });

interface Backoff {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

class SnapshotStore implements FastifyRateLimitStore {
  private readonly inner: LibraryStore;

  constructor(
    options: Backoff,
    private readonly cache: number,
  ) {
    this.inner = new LocalStore(options.continueExceeding, options.exponentialBackoff, cache);
  }

  incr(key: string, callback: Counted, timeWindow: number, max: number): void {
    this.inner.incr(key, copied(callback), timeWindow, max);
  }

  read(key: string, callback: Counted, timeWindow: number, max: number): void {
    this.inner.read(key, copied(callback), timeWindow, max);
  }

  /** A route's own counters (the plugin asks one per limited route), as bounded as the plugin's. */
  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): SnapshotStore {
    return new SnapshotStore(routeOptions as Backoff, this.cache);
  }
}

/** The store class for the plugin's `store` option, each route's counters bounded to `cache` keys. */
export function snapshotLocalStore(cache: number): new (options: FastifyRateLimitOptions) => FastifyRateLimitStore {
  return class extends SnapshotStore {
    constructor(options: FastifyRateLimitOptions) {
      super(options, cache);
    }
  };
}
