import { wrap, type Remote } from 'comlink';
import { workerReadyMessage, type SyncReason, type SyncStartOptions, type SyncWorkerApi } from './workerApi';

/**
 * The one door to the sync worker (docs/architecture.md, "One door to each outside thing"). The worker is created on the first
 * `start`; calls made before it has exposed its API are queued (in order) until it says
 * it is ready. Focus and becoming visible ask for a sync.
 */
export interface SyncClient {
  /**
   * Creates the worker without starting it: its code downloads and loads while someone is
   * on the sign-in screen, so the first pull goes out as soon as "Sign in" is answered.
   */
  warm(): void;
  start(options: SyncStartOptions): Promise<void>;
  setToken(token: string): Promise<void>;
  syncNow(reason: SyncReason): Promise<void>;
  stop(): Promise<void>;
}

type WorkerFactory = () => Worker;

const defaultFactory: WorkerFactory = () => new Worker(new URL('../../workers/sync.worker.ts', import.meta.url), { type: 'module', name: 'patio-sync' });

export function createSyncClient(createWorker: WorkerFactory = defaultFactory): SyncClient {
  let ready: Promise<Remote<SyncWorkerApi>> | null = null;
  let started = false;

  function worker(): Promise<Remote<SyncWorkerApi>> {
    if (!ready) {
      const instance = createWorker();
      ready = new Promise((resolve) => {
        const onMessage = (event: MessageEvent<unknown>) => {
          if (event.data !== workerReadyMessage) return;
          instance.removeEventListener('message', onMessage);
          resolve(wrap<SyncWorkerApi>(instance));
        };
        instance.addEventListener('message', onMessage);
      });
      listenForAttention();
    }
    return ready;
  }

  /** Before `start` there is nothing to sync; after `stop`, nothing either. */
  function call(run: (api: Remote<SyncWorkerApi>) => Promise<void>): Promise<void> {
    if (!ready) return Promise.resolve();
    return worker().then(run);
  }

  let listening = false;
  function listenForAttention(): void {
    if (listening || typeof window === 'undefined') return;
    listening = true;
    window.addEventListener('focus', () => void client.syncNow('focus').catch(report));
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void client.syncNow('visible').catch(report);
    });
    window.addEventListener('online', () => void client.syncNow('online').catch(report));
  }

  const client: SyncClient = {
    warm: () => void worker(),
    start: (options) => {
      started = true;
      return worker().then((api) => api.start(options));
    },
    setToken: (token) => call((api) => api.setToken(token)),
    syncNow: (reason) => (started ? call((api) => api.syncNow(reason)) : Promise.resolve()),
    stop: () => {
      started = false;
      return call((api) => api.stop());
    },
  };
  return client;
}

function report(error: unknown): void {
  console.error('sync request failed', error);
}

/** The app's one sync client. */
export const syncClient: SyncClient = createSyncClient();

/** Asks the worker to push soon; a no-op before sign-in. Never throws. */
export function requestSync(reason: SyncReason): void {
  syncClient.syncNow(reason).catch(report);
}
