import type { DocumentRow } from '../../../contract/documents';
import { requestFile } from '../../api/client';
import { isQuotaError } from '../../db/lifecycle';
import type { DocumentsDb, KeptFile } from './documentsDb';
import { finishProgress, reportProgress, setDeviceFull } from './keepProgress';
import { FileChangedError, resumableBody, type FileRequest } from './resumableDownload';
import { askPersistence } from '../../storage/persistence';

export { isSlowNetwork } from '../../ui/slowNetwork';

/**
 * The files kept on this device (docs/features/documents.md, "Files kept on a device"): the ONE module that stores a
 * document's bytes on the device and reads them back. The bytes are in Cache Storage, in
 * one cache per local database (`<database name>-files`: deleted with the database at
 * sign-out, src/db/lifecycle.ts), one entry per document and SHA-256, so a changed file is
 * a new entry. What is kept is in Dexie (`keptFiles`, `keptCategories`), which the screens
 * read live; a `keptFiles` row is written only after its entry holds the whole file, so a
 * row means "readable offline", and a failure (a drop that did not recover, a full device)
 * leaves neither. Downloads go one file at a time, streamed into the cache (resumableBody):
 * a 50 MB file never sits in the page's memory.
 */

export { FileChangedError, type FileRequest };

/** The device has no room for the file: nothing of it was stored. */
export class DeviceFullError extends Error {
  override readonly name = 'DeviceFullError';
  constructor(options?: { cause?: unknown }) {
    super('device full: free space', options);
  }
}

/** What keeping needs of a document (its synced row has it). */
export type KeptDocument = Pick<DocumentRow, 'id' | 'sha256' | 'size' | 'mime_type'>;

export interface KeepOptions {
  signal?: AbortSignal;
  onProgress?: (received: number, total: number) => void;
  /** Kept because this category is (and removed with it); a file kept by itself stays so. */
  byCategory?: string;
  /** Where the bytes come from: the app's HTTP door unless told. */
  request?: FileRequest;
  /** How long without a byte counts as a dropped connection. */
  stallMs?: number;
}

/**
 * A stored copy is read back and its SHA-256 checked when it is at most this big (the
 * digest needs the whole file in memory); larger ones rely on their size, the strong ETag
 * and If-Range. Measured (bench:documents-keep): 45–70 ms for 16 MB, and the file's size in
 * memory for that moment; over 200 MB of files, 0.7 s on loopback.
 */
const verifiedUpTo = 16 * 1024 * 1024;

/** Entries are named, not fetched: `.invalid` never resolves (RFC 2606). */
const keyBase = 'https://kept-files.invalid';
const keyOf = (id: string, sha256: string): string => `${keyBase}/${id}/${sha256}`;
const idOfKey = (url: string): string | undefined => (url.startsWith(`${keyBase}/`) ? url.slice(keyBase.length + 1).split('/')[0] : undefined);

export const filesCacheName = (db: DocumentsDb): string => `${db.name}-files`;
export const documentFilePath = (id: string): string => `api/v1/documents/${encodeURIComponent(id)}/file`;

/** Cache Storage exists only on secure origins (https, localhost). */
export function canKeepFiles(): boolean {
  return typeof caches !== 'undefined';
}

function openFiles(db: DocumentsDb): Promise<Cache> {
  return caches.open(filesCacheName(db));
}

/** Refuses at once a file bigger than the room the browser reports, instead of downloading it in vain. */
async function ensureRoom(size: number): Promise<void> {
  const estimate = await globalThis.navigator?.storage?.estimate?.().catch(() => null);
  if (estimate?.quota !== undefined && estimate.usage !== undefined && estimate.quota - estimate.usage < size) throw new DeviceFullError();
}

const hex = (digest: ArrayBuffer): string => Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');

async function verify(cache: Cache, key: string, doc: KeptDocument): Promise<void> {
  if (doc.size > verifiedUpTo || !globalThis.crypto?.subtle) return;
  const stored = await cache.match(key);
  if (stored && hex(await crypto.subtle.digest('SHA-256', await stored.arrayBuffer())) === doc.sha256) return;
  await cache.delete(key);
  throw new FileChangedError('sha256');
}

/** The whole file into its entry, or nothing (a failed put stores nothing: Cache Storage's puts are atomic). */
async function storeFile(cache: Cache, doc: KeptDocument, options: KeepOptions): Promise<void> {
  const download = await resumableBody({
    path: documentFilePath(doc.id),
    size: doc.size,
    etag: `"${doc.sha256}"`,
    request: options.request ?? requestFile,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.stallMs ? { stallMs: options.stallMs } : {}),
    onBytes: (received) => {
      reportProgress(doc.id, received, doc.size);
      options.onProgress?.(received, doc.size);
    },
  });
  const key = keyOf(doc.id, doc.sha256);
  try {
    await cache.put(key, new Response(download.body, { headers: { 'content-type': doc.mime_type } }));
  } catch (error) {
    // The put's own error hides why the stream failed (a drop that did not recover, a cancel).
    throw download.failure() ?? (isQuotaError(error) ? new DeviceFullError({ cause: error }) : error);
  }
  await verify(cache, key, doc);
}

/** Who keeps the file: by itself wins over a category (removing the category leaves it). */
function keptBy(existing: KeptFile | undefined, byCategory: string | undefined): string | undefined {
  if (byCategory === undefined || (existing && existing.byCategory === undefined)) return undefined;
  return byCategory;
}

async function keep(db: DocumentsDb, doc: KeptDocument, options: KeepOptions): Promise<void> {
  const existing = await db.keptFiles.get(doc.id);
  const byCategory = keptBy(existing, options.byCategory);
  const cache = await openFiles(db);
  if (existing?.sha256 === doc.sha256 && (await cache.match(keyOf(doc.id, doc.sha256)))) {
    if (existing.byCategory !== byCategory) await db.keptFiles.update(doc.id, { byCategory });
    return;
  }
  askPersistence();
  try {
    await ensureRoom(doc.size);
    await storeFile(cache, doc, options);
    const row: KeptFile = { id: doc.id, sha256: doc.sha256, size: doc.size, keptAt: new Date().toISOString(), ...(byCategory ? { byCategory } : {}) };
    try {
      await db.keptFiles.put(row);
    } catch (error) {
      await cache.delete(keyOf(doc.id, doc.sha256));
      throw isQuotaError(error) ? new DeviceFullError({ cause: error }) : error;
    }
  } catch (error) {
    if (error instanceof DeviceFullError) setDeviceFull(true);
    throw error;
  }
  if (existing && existing.sha256 !== doc.sha256) await cache.delete(keyOf(doc.id, existing.sha256));
}

const running = new Map<string, Promise<void>>();

/**
 * Keeps a document's file on this device (downloaded, or already there: then only who
 * keeps it may change). Throws DeviceFullError (nothing stored), NetworkError (no
 * connection, or it did not come back), FileChangedError (the server's file is not this
 * row's), ApiError (e.g. 404: deleted meanwhile), or the signal's AbortError. A second
 * call for the same file while it downloads (the library and a kept category) waits for
 * the first instead of downloading it twice.
 */
export function keepDocument(db: DocumentsDb, doc: KeptDocument, options: KeepOptions = {}): Promise<void> {
  const key = `${db.name}/${doc.id}/${doc.sha256}`;
  const first = running.get(key);
  if (first) return first.then(() => keepDocument(db, doc, options));
  const keeping = keep(db, doc, options).finally(() => {
    running.delete(key);
    finishProgress(doc.id);
  });
  running.set(key, keeping);
  return keeping;
}

/** Removes the cache entries of these documents, whatever their SHA-256 (one listing of the cache). */
async function removeEntries(db: DocumentsDb, ids: ReadonlySet<string>): Promise<void> {
  if (ids.size === 0 || !canKeepFiles()) return;
  const cache = await openFiles(db);
  const keys = await cache.keys();
  await Promise.all(keys.filter((request) => ids.has(idOfKey(request.url) ?? '')).map((request) => cache.delete(request)));
}

/** Frees a document's file (a category still kept downloads it again: keepCategoriesInStep). */
export async function removeKeptDocument(db: DocumentsDb, id: string): Promise<void> {
  await db.keptFiles.delete(id);
  await removeEntries(db, new Set([id]));
  setDeviceFull(false);
}

/** Keeps a category whole (or changes whether it downloads on a slow network); keepCategoriesInStep downloads. */
export async function keepCategory(db: DocumentsDb, categoryId: string, { evenOnSlowNetwork = false }: { evenOnSlowNetwork?: boolean } = {}): Promise<void> {
  const existing = await db.keptCategories.get(categoryId);
  try {
    await db.keptCategories.put({ id: categoryId, keptAt: existing?.keptAt ?? new Date().toISOString(), evenOnSlowNetwork });
  } catch (error) {
    throw isQuotaError(error) ? new DeviceFullError({ cause: error }) : error;
  }
  askPersistence();
}

/** Stops keeping a category, and frees the files kept because of it (not those kept by themselves). */
export async function removeKeptCategory(db: DocumentsDb, categoryId: string): Promise<void> {
  const removed = await db.transaction('rw', db.keptCategories, db.keptFiles, async () => {
    await db.keptCategories.delete(categoryId);
    const ids = await db.keptFiles.filter((file) => file.byCategory === categoryId).primaryKeys();
    await db.keptFiles.bulkDelete(ids);
    return ids;
  });
  await removeEntries(db, new Set(removed));
  setDeviceFull(false);
}

/** Frees every kept file and stops keeping every category. */
export async function removeAllKept(db: DocumentsDb): Promise<void> {
  await db.transaction('rw', db.keptCategories, db.keptFiles, async () => {
    await db.keptCategories.clear();
    await db.keptFiles.clear();
  });
  if (canKeepFiles()) await caches.delete(filesCacheName(db));
  setDeviceFull(false);
}

/** The device's copy of the document's current file, or null (not kept, kept but changed since, or gone). */
export async function deviceCopy(db: DocumentsDb, doc: KeptDocument): Promise<Blob | null> {
  const row = await db.keptFiles.get(doc.id);
  if (!row || row.sha256 !== doc.sha256 || !canKeepFiles()) return null;
  const stored = await (await openFiles(db)).match(keyOf(doc.id, doc.sha256));
  const blob = await stored?.blob();
  return blob && blob.size === row.size ? blob : null;
}

/** What the storage panel shows: this app's kept files, and the device as the browser reports it. */
export interface DeviceStorage {
  keptFiles: number;
  keptBytes: number;
  /** The origin's use and quota (`navigator.storage.estimate()`); null where unknown. */
  usage: number | null;
  quota: number | null;
  /** Whether the browser promised not to clear this origin's storage; null where unknown. */
  persisted: boolean | null;
}

export async function storageEstimate(db: DocumentsDb): Promise<DeviceStorage> {
  const storage = globalThis.navigator?.storage;
  const [rows, estimate, persisted] = await Promise.all([
    db.keptFiles.toArray(),
    storage?.estimate?.().catch(() => null) ?? null,
    storage?.persisted?.().catch(() => null) ?? null,
  ]);
  return {
    keptFiles: rows.length,
    keptBytes: rows.reduce((sum, row) => sum + row.size, 0),
    usage: estimate?.usage ?? null,
    quota: estimate?.quota ?? null,
    persisted,
  };
}
