import { uuidv7 } from '../../../contract/ids';
import { ApiError, NetworkError } from '../../api/errors';
import type { PatioDb } from '../../db/database';
import { liveQuery } from '../../db/lifecycle';
import { indexChunkSize, indexRows, pendingIds } from '../../db/searchIndex';
import { metaKeys } from '../../db/syncMeta';
import type { SyncReason } from '../workerApi';
import { backoffDelay, sleep } from './backoff';
import type { PullResponse, StreamedPage } from '../../../contract/sync';
import { pullAll } from './pull';
import { pushBatch, requeueSending } from './push';
import { readServerSentEvents } from './serverSentEvents';
import { createSyncApi, createSyncHttp, readStreamedPage, readyStreamId, type SyncApi } from './syncApi';
import { writeStatus } from './syncStatusStore';

export interface SyncEngineOptions {
  db: PatioDb;
  /** The API's origin (`https://school.example`); requests go to `<origin>/api/v1/sync/…`. */
  origin: string;
  token: string;
  /**
   * Pokes (the event stream), polling while it is down, and watching the outbox for
   * changes made by any tab. Tests turn it off to drive the engine step by step.
   */
  live?: boolean;
  random?: () => number;
  log?: (message: string, error?: unknown) => void;
}

export interface SyncEngine {
  /** Requeues what a dead leader left `sending`, then syncs (and listens, when live). */
  start(): Promise<void>;
  /** A new token; resumes after a 401 pause. */
  setToken(token: string): Promise<void>;
  /** Resolves when a full run (push, then pull) that began after this call has finished. */
  syncNow(reason: SyncReason): Promise<void>;
  stop(): Promise<void>;
  /** Resolves when every row pulled so far is in its search index. */
  whenIndexed(): Promise<void>;
  readonly paused: boolean;
}

const retryBackoff = { base: 2_000, max: 120_000 };
const pollBackoff = { base: 5_000, max: 120_000 };
const streamBackoff = { base: 2_000, max: 120_000 };
/** Longer than the server's heartbeat: a silent stream is a dead one (a sleeping laptop). */
const streamIdleMs = 75_000;
/** Pages the stream brought and no run has taken yet, at most (the oldest go first; a pull fills any gap). */
const streamedQueueMax = 20;

/**
 * The sync engine of one user's database (docs/sync.md; its states are drawn there). Runs only in the
 * device's leader (workers/sync.worker.ts holds the lock); DOM-free so it runs in a worker
 * and in node tests. One run at a time: requests during a run coalesce into one more run.
 */
export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db, live = true, random = Math.random, log = (message, error) => console.warn(message, error) } = options;
  let token = options.token;
  const api: SyncApi = createSyncApi(createSyncHttp({ getToken: () => token, prefix: `${options.origin.replace(/\/+$/, '')}/` }));
  const lifetime = new AbortController();
  let clientId = '';
  let paused = false;
  let failures = 0;
  let polls = 0;
  let streamUp = false;
  let streamRunning = false;
  let wakeStream = new AbortController();
  /** The open stream's id, and the pages it brought that no run has taken yet. */
  let streamId: string | undefined;
  let streamedPages: StreamedPage[] = [];
  /** A run was asked for that must pull (a poke, a poll, the app's request), not only for the stream's pages. */
  let pullWanted = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  let rerun = false;
  let unwatch: (() => void) | undefined;
  /** Set when a run may have queued rows to index (the queues are in the database). */
  let toIndex = true;
  let indexing: Promise<void> | null = null;

  async function loadClientId(): Promise<string> {
    const stored = (await db.meta.get(metaKeys.clientId))?.value;
    if (typeof stored === 'string') return stored;
    const made = uuidv7();
    await db.meta.put({ key: metaKeys.clientId, value: made });
    return made;
  }

  /** The page the stream brought from `cursor`, taken off the queue with the older ones (none: the queue is emptied). */
  function takeStreamed(cursor: string): PullResponse | undefined {
    const at = streamedPages.findIndex((streamed) => streamed.from === cursor);
    // Pages that do not fit: the device is out of step with them, and pulls (in another run, when this one asks for nothing).
    if (at === -1 && streamedPages.length > 0) {
      pullWanted = true;
      rerun = true;
    }
    const page = at === -1 ? undefined : streamedPages[at]!.page;
    streamedPages = at === -1 ? [] : streamedPages.slice(at + 1);
    return page;
  }

  /** One run: push everything queued (in order), then pull to the end. True when it went through. */
  async function cycle(): Promise<boolean> {
    const signal = lifetime.signal;
    const wanted = pullWanted;
    pullWanted = false;
    try {
      let pushed = false;
      if ((await db.outbox.where('status').equals('queued').count()) > 0) {
        await writeStatus(db, { phase: 'pushing' });
        while ((await pushBatch(db, api, clientId, signal)) > 0) {
          pushed = true;
          if (signal.aborted) return false;
        }
      }
      // After a push the device needs its own changes back as the server stored them. With
      // the stream up they come through it after the commit (a page, or a poke and a pull),
      // so nothing is asked for now: a round trip less before the next run. Nor by a run only
      // for the stream's pages. Without the stream, a pull, and no page the stream read
      // before that commit.
      const streamed = streamUp && streamId !== undefined;
      await pullAll(db, api, signal, { id: streamId, take: pushed && !streamed ? undefined : takeStreamed, only: streamed && (pushed || !wanted) });
      failures = 0;
      await writeStatus(db, { phase: 'idle', lastSyncedAt: new Date().toISOString(), error: undefined });
      return true;
    } catch (error) {
      pullWanted ||= wanted;
      if (lifetime.signal.aborted) return false;
      await recordFailure(error);
      return false;
    }
  }

  async function recordFailure(error: unknown): Promise<void> {
    if (error instanceof ApiError && error.status === 426) {
      // docs/sync.md, "Versions": the server does not serve this app's protocol. Nothing more
      // is sent; the outbox waits as it is for the new version of the app, which the page
      // asks the service worker for when it sees `updating` (src/sync/useUpdateForProtocol.ts).
      paused = true;
      stopStream();
      await writeStatus(db, { phase: 'updating', error: 'protocol_unsupported' }).catch(() => undefined);
      return;
    }
    if (error instanceof ApiError && error.status === 401) {
      // docs/sync.md rules 4 and 7: nothing is dropped and nobody is signed out here; the app re-checks
      // the session and hands over a new token (setToken) after the user signs in again.
      paused = true;
      stopStream();
      await writeStatus(db, { phase: 'paused', error: 'unauthenticated' }).catch(() => undefined);
      return;
    }
    failures++;
    const offline = error instanceof NetworkError;
    if (!offline) log('sync failed', error);
    const reason = error instanceof ApiError ? `http ${error.status}` : error instanceof Error ? error.message : String(error);
    await writeStatus(db, { phase: offline ? 'offline' : 'error', error: reason }).catch(() => undefined);
  }

  /**
   * The search hook (src/db/searchIndex.ts): indexes the queued rows of every searchable
   * table in chunks, one transaction each, off the pull's critical path: it waits for a run
   * in progress before each chunk and yields between chunks, so pokes and local writes are
   * not held up. A failed chunk stays queued for the next try.
   */
  function indexInBackground(): Promise<void> {
    indexing ??= (async () => {
      try {
        while (toIndex && !lifetime.signal.aborted) {
          toIndex = false;
          for (const index of db.registry.searchIndexes) {
            for (;;) {
              if (lifetime.signal.aborted) return;
              if (running) {
                await running.catch(() => undefined);
                continue;
              }
              // Reading the queue can fail too (the database closed by a sign-out meanwhile).
              try {
                const chunk = (await pendingIds(db, index)).slice(0, indexChunkSize);
                if (chunk.length === 0) break;
                await indexRows(db, index, chunk);
              } catch (error) {
                log('search indexing failed', error);
                return;
              }
              await new Promise((resolve) => setTimeout(resolve, 0));
            }
          }
        }
      } finally {
        indexing = null;
      }
    })();
    return indexing;
  }

  /** The next run by timer: a retry after a failure, or a poll while the stream is down. */
  function scheduleNext(): void {
    clearTimeout(timer);
    timer = undefined;
    if (lifetime.signal.aborted || paused) return;
    let delay: number | null = null;
    if (failures > 0) delay = backoffDelay(failures - 1, retryBackoff, random);
    else if (live && !streamUp) delay = backoffDelay(polls++, pollBackoff, random);
    if (delay === null) return;
    timer = setTimeout(() => void syncNow(failures > 0 ? 'retry' : 'poll'), delay);
  }

  /** `pull` false: a run for the pages the stream brought (it pulls only if they do not fit). */
  function syncNow(reason: SyncReason, pull = true): Promise<void> {
    if (lifetime.signal.aborted || paused || !clientId) return running ?? Promise.resolve();
    if (pull) pullWanted = true;
    // Our own writes (a failed batch requeued) must not bypass the backoff.
    if (reason === 'outbox' && failures > 0) return running ?? Promise.resolve();
    if (reason === 'online' || reason === 'focus' || reason === 'visible') {
      wakeStream.abort();
      polls = 0;
    }
    rerun = true;
    running ??= (async () => {
      try {
        while (rerun && !paused && !lifetime.signal.aborted) {
          rerun = false;
          clearTimeout(timer);
          if (!(await cycle())) break;
        }
      } finally {
        running = null;
        scheduleNext();
        // Even a failed run may have applied pages before failing: look at the queues.
        toIndex = true;
        void indexInBackground();
      }
    })();
    return running;
  }

  function stopStream(): void {
    streamUp = false;
    wakeStream.abort();
  }

  /** Listens for pokes; reconnects with backoff; while it is down, runs are polled. */
  async function streamLoop(): Promise<void> {
    if (streamRunning) return;
    streamRunning = true;
    let attempt = 0;
    try {
      while (!lifetime.signal.aborted && !paused) {
        const connection = new AbortController();
        const onStop = () => connection.abort();
        lifetime.signal.addEventListener('abort', onStop);
        try {
          // A device done with its first sync gets its changes as pages: its cursor says from where.
          const response = await api.stream(connection.signal, await steadyCursor());
          if (!response.body) throw new Error('event stream without a body');
          streamUp = true;
          attempt = 0;
          polls = 0;
          clearTimeout(timer);
          await readServerSentEvents(
            response.body,
            (event) => {
              if (event.event === 'ready') {
                streamId = readyStreamId(event.data);
                // Changes made while we were not listening (a pull that names the stream).
                void syncNow('poke');
              } else if (event.event === 'changes') {
                const streamed = readStreamedPage(event.data);
                if (streamed) streamedPages = [...streamedPages, streamed].slice(-streamedQueueMax);
                // A page that does not parse is a poke.
                void syncNow('poke', !streamed);
              } else if (event.event === 'poke') void syncNow('poke');
            },
            streamIdleMs,
          );
        } catch (error) {
          if (error instanceof ApiError && (error.status === 401 || error.status === 426)) await recordFailure(error);
        } finally {
          connection.abort();
          lifetime.signal.removeEventListener('abort', onStop);
          streamUp = false;
          streamId = undefined;
          streamedPages = [];
        }
        if (lifetime.signal.aborted || paused) break;
        if (!running) scheduleNext();
        wakeStream = new AbortController();
        await sleep(backoffDelay(attempt++, streamBackoff, random), AbortSignal.any([lifetime.signal, wakeStream.signal]));
      }
    } finally {
      streamRunning = false;
    }
  }

  /** The stored cursor, once the first sync is done (before, the stream only pokes). */
  async function steadyCursor(): Promise<string | undefined> {
    const [cursor, done] = await Promise.all([db.meta.get(metaKeys.cursor), db.meta.get(metaKeys.firstSyncDone)]);
    return done !== undefined && typeof cursor?.value === 'string' ? cursor.value : undefined;
  }

  function goLive(): void {
    if (!live) return;
    void streamLoop();
    unwatch ??= (() => {
      // Any tab's write reaches us through Dexie's cross-context change events.
      const subscription = liveQuery(() => db.outbox.where('status').equals('queued').count()).subscribe({
        next: (queued) => {
          if (queued > 0) void syncNow('outbox');
        },
        error: (error: unknown) => log('outbox watch failed', error),
      });
      return () => subscription.unsubscribe();
    })();
  }

  return {
    get paused() {
      return paused;
    },
    async start() {
      clientId = await loadClientId();
      await requeueSending(db);
      // Every write stores its rows' words in its own transaction, and a schema upgrade that
      // drops an index queues its rows (src/db/searchIndex.ts): nothing to look for here, so
      // the first pull does not wait for a comparison of every key of the searchable tables.
      goLive();
      await syncNow('start');
    },
    async setToken(next) {
      token = next;
      if (!paused) return;
      paused = false;
      failures = 0;
      goLive();
      await syncNow('token');
    },
    syncNow,
    async whenIndexed() {
      // A run that ends starts the indexing (see syncNow), so wait for both in turn.
      while (running || indexing) await (running ?? indexing)?.catch(() => undefined);
    },
    async stop() {
      lifetime.abort();
      clearTimeout(timer);
      unwatch?.();
      unwatch = undefined;
      stopStream();
      await running?.catch(() => undefined);
      await indexing;
    },
  };
}
