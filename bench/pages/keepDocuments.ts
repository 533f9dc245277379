/**
 * The page of bench/documentsKeep.ts: the app's own code for keeping files (keptFiles.ts,
 * keepInStep.ts, the sync engine, the HTTP door), built by the bench into a page of its own
 * and served on the origin the app's API answers on (bench/lib/shapedLink.ts). It runs by
 * itself from its address's parameters (no DevTools attached: see the bench) and posts its
 * figures back. The app's build is untouched: nothing here ships.
 */
import { PatioDb, databaseName } from '../../src/db/database';
import { documentsDb } from '../../src/features/documents/documentsDb';
import { keepCategoriesInStep } from '../../src/features/documents/keepInStep';
import { filesCacheName, keepCategory } from '../../src/features/documents/keptFiles';
import { dataModules } from '../../src/registry/dataModules';
import { createSyncEngine } from '../../src/sync/engine/syncEngine';

export interface KeepFigures {
  syncMs: number;
  keepMs: number;
  downloaded: number;
  stopped: string | null;
  keptFiles: number;
  keptBytes: number;
  /** `performance.memory.usedJSHeapSize` (precise with --enable-precise-memory-info), before the pass and its peak. */
  heapBefore: number;
  heapPeak: number;
  /** Reading back the largest file the keep verifies (≤ 16 MiB), and hashing it. */
  verify: { bytes: number; ms: number } | null;
  error?: string;
}

const verifiedUpTo = 16 * 1024 * 1024;
const usedHeap = (): number => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0;

async function verifyCost(cache: Cache, id: string, bytes: number): Promise<KeepFigures['verify']> {
  const key = (await cache.keys()).find((request) => request.url.includes(`/${id}/`));
  const start = performance.now();
  const stored = key ? await cache.match(key) : undefined;
  if (!stored) return null;
  await crypto.subtle.digest('SHA-256', await stored.arrayBuffer());
  return { bytes, ms: performance.now() - start };
}

async function keep(token: string, userId: string, categoryId: string): Promise<KeepFigures> {
  localStorage.setItem('token', token);
  const db = documentsDb(new PatioDb(databaseName('colinas', userId), dataModules));
  const syncStart = performance.now();
  const engine = createSyncEngine({ db, origin: location.origin, token, live: false });
  await engine.start();
  await engine.syncNow('user');
  await engine.stop();
  const syncMs = performance.now() - syncStart;

  await keepCategory(db, categoryId, { evenOnSlowNetwork: true });
  await fetch('/bench-keep/started', { method: 'POST' });
  const heapBefore = usedHeap();
  let heapPeak = heapBefore;
  const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, usedHeap())), 250);
  const keepStart = performance.now();
  const result = await keepCategoriesInStep(db, new AbortController().signal);
  const keepMs = performance.now() - keepStart;
  clearInterval(sampler);

  const rows = await db.keptFiles.toArray();
  const largest = rows.filter((row) => row.size <= verifiedUpTo).sort((a, b) => b.size - a.size)[0];
  const verify = largest ? await verifyCost(await caches.open(filesCacheName(db)), largest.id, largest.size) : null;
  db.close();
  return {
    syncMs,
    keepMs,
    downloaded: result.downloaded,
    stopped: result.stopped ?? null,
    keptFiles: rows.length,
    keptBytes: rows.reduce((sum, row) => sum + row.size, 0),
    heapBefore,
    heapPeak,
    verify,
  };
}

const params = new URLSearchParams(location.search);
const report = (figures: Partial<KeepFigures>) => fetch('/bench-keep/result', { method: 'POST', body: JSON.stringify(figures) });
keep(params.get('token') ?? '', params.get('userId') ?? '', params.get('categoryId') ?? '')
  .then(report, (error: unknown) => report({ error: String(error) }))
  .catch(() => undefined);
