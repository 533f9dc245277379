/// <reference lib="webworker" />
import { expose } from 'comlink';
import { PatioDb, databaseName } from '../src/db/database';
import { dataModules } from '../src/registry/dataModules';
import { createSyncEngine, type SyncEngine } from '../src/sync/engine/syncEngine';
import { workerReadyMessage, type SyncStartOptions, type SyncWorkerApi } from '../src/sync/workerApi';

/**
 * The sync worker: one per tab, but only the holder of the device's Web Lock for a
 * database syncs it (docs/sync.md, rule 6). The others wait for the lock; when the
 * leader's tab closes, the browser releases it and the next tab's worker takes over and
 * resumes the queue. A follower's writes reach the leader through Dexie (its outbox watch).
 */
declare const self: DedicatedWorkerGlobalScope;

interface Running {
  name: string;
  token: string;
  engine: SyncEngine | null;
  /** Aborting gives up the lock (or stops waiting for it). */
  release: AbortController;
  done: Promise<void>;
}

let current: Running | null = null;

function lead(options: SyncStartOptions): Running {
  const name = databaseName(options.collegeSlug, options.userId);
  const release = new AbortController();
  const running: Running = { name, token: options.token, engine: null, release, done: Promise.resolve() };
  running.done = navigator.locks
    .request(`patio-sync-${name}`, { signal: release.signal }, async () => {
      const db = new PatioDb(name, dataModules);
      const engine = createSyncEngine({ db, origin: options.origin, token: running.token });
      running.engine = engine;
      try {
        // Not awaited: a long initial sync must not delay a stop (stop aborts it).
        engine.start().catch((error: unknown) => console.error('sync start failed', error));
        // Hold the lock until stopped.
        if (!release.signal.aborted) await new Promise<void>((resolve) => release.signal.addEventListener('abort', () => resolve(), { once: true }));
      } finally {
        await engine.stop();
        running.engine = null;
        db.close();
      }
    })
    .catch((error: unknown) => {
      if (!release.signal.aborted) console.error('sync worker failed', error);
    });
  return running;
}

async function stopCurrent(): Promise<void> {
  const running = current;
  current = null;
  if (!running) return;
  running.release.abort();
  await running.done;
}

/** start/stop/setToken one after another: two quick starts must not make two leaders. */
let queue: Promise<unknown> = Promise.resolve();
function serially<T>(run: () => Promise<T>): Promise<T> {
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}

async function setToken(token: string): Promise<void> {
  if (!current) return;
  current.token = token;
  await current.engine?.setToken(token);
}

const api: SyncWorkerApi = {
  start: (options) =>
    serially(async () => {
      if (current?.name === databaseName(options.collegeSlug, options.userId)) return setToken(options.token);
      await stopCurrent();
      current = lead(options);
    }),
  setToken: (token) => serially(() => setToken(token)),
  // Not serialised: a sync can take long, and the engine coalesces requests itself.
  async syncNow(reason) {
    await current?.engine?.syncNow(reason);
  },
  stop: () => serially(stopCurrent),
};

self.addEventListener('online', () => void api.syncNow('online'));

expose(api);
self.postMessage(workerReadyMessage);
