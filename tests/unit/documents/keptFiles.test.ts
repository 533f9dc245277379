// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentRow } from '../../../contract/documents';
import { isDeviceFull, setDeviceFull } from '../../../src/features/documents/keepProgress';
import {
  DeviceFullError,
  FileChangedError,
  deviceCopy,
  filesCacheName,
  keepDocument,
  removeKeptDocument,
  storageEstimate,
} from '../../../src/features/documents/keptFiles';
import { installMemoryCaches, type MemoryCacheStorage } from './memoryCaches';
import { startFilesWorld, type Device, type FilesWorld } from './filesTestKit';
import { sha256Of, textFile } from './flakyProxy';

let world: FilesWorld;
let caches: MemoryCacheStorage;
let device: Device;
const files = new Map<string, Buffer>();
let small: DocumentRow;
let large: DocumentRow;

/** The browser's StorageManager (node has no navigator): what it reports, and whether persistence was asked. */
const storage = {
  usage: 12_000_000,
  quota: 500_000_000,
  persistent: false,
  asked: 0,
  estimate() {
    return Promise.resolve({ usage: this.usage, quota: this.quota });
  },
  persisted() {
    return Promise.resolve(this.persistent);
  },
  persist() {
    this.asked++;
    this.persistent = true;
    return Promise.resolve(true);
  },
};

beforeAll(async () => {
  Object.defineProperty(globalThis, 'navigator', { value: { storage }, configurable: true, writable: true });
  world = await startFilesWorld();
  for (const [name, size, seed] of [
    ['Horario 2026.txt', 300_000, 1],
    ['Rúbrica de examen.txt', 1_500_000, 2],
  ] as const) {
    const bytes = textFile(size, seed);
    const row = await world.upload(bytes, name);
    files.set(row.id, bytes);
    if (size < 1_000_000) small = row;
    else large = row;
  }
}, 90_000);

afterAll(async () => {
  Reflect.deleteProperty(globalThis, 'navigator');
  await world.close();
});

beforeEach(async () => {
  caches = installMemoryCaches();
  setDeviceFull(false);
  world.proxy.requests.length = 0;
  world.proxy.plan.length = 0;
  device = await world.device();
});

const synced = async (row: DocumentRow): Promise<DocumentRow> => (await device.db.documents.get(row.id))!;
const storedBytes = async (row: DocumentRow): Promise<Buffer | null> => {
  const blob = await deviceCopy(device.db, await synced(row));
  return blob ? Buffer.from(await blob.arrayBuffer()) : null;
};
const entries = () => [...(caches.caches.get(filesCacheName(device.db))?.entries.keys() ?? [])];

describe('keeping a document on the device', () => {
  it('stores the whole file in the database’s cache, then its row, reads it back as the device copy, and asks once that the storage persist', async () => {
    const document = await synced(small);
    const progress: number[] = [];
    await keepDocument(device.db, document, { request: world.request, onProgress: (received) => progress.push(received) });

    expect(await device.db.keptFiles.get(document.id)).toMatchObject({ id: document.id, sha256: small.sha256, size: 300_000 });
    expect(entries()).toEqual([expect.stringContaining(`/${document.id}/${small.sha256}`)]);
    expect(sha256Of((await storedBytes(small))!)).toBe(small.sha256);
    expect(progress.at(-1)).toBe(300_000);
    // The first file kept asks the browser to keep the storage; the panel's figures follow.
    await vi.waitFor(() => expect(storage.asked).toBe(1));
    expect(await storageEstimate(device.db)).toEqual({ keptFiles: 1, keptBytes: 300_000, usage: 12_000_000, quota: 500_000_000, persisted: true });

    await removeKeptDocument(device.db, document.id);
    expect(await device.db.keptFiles.count()).toBe(0);
    expect(entries()).toEqual([]);
    expect(await storedBytes(small)).toBeNull();
  });

  it('resumes a dropped download from the bytes received (Range, If-Range) and stores the original bytes', async () => {
    const document = await synced(large);
    world.proxy.plan.push({ cutAfter: 600_000 });
    // What the device had received while only the first request had been made.
    let beforeDrop = 0;
    await keepDocument(device.db, document, {
      request: world.request,
      onProgress: (received) => {
        if (world.proxy.requests.length === 1) beforeDrop = received;
      },
    });

    const [first, second, ...more] = world.proxy.requests;
    expect(more).toEqual([]);
    expect(first).toMatchObject({ range: undefined, status: 200, sent: 600_000 });
    expect(beforeDrop).toBeGreaterThan(0);
    expect(beforeDrop).toBeLessThanOrEqual(600_000);
    expect(second).toMatchObject({ range: `bytes=${beforeDrop}-`, ifRange: `"${large.sha256}"`, status: 206, sent: 1_500_000 - beforeDrop });
    expect((await storedBytes(large))!.equals(files.get(large.id)!)).toBe(true);
  });

  it('resumes from the bytes received when the range is lost on the way and the whole file comes again', async () => {
    const document = await synced(large);
    world.proxy.plan.push({ cutAfter: 500_000 }, { stripRange: true });
    await keepDocument(device.db, document, { request: world.request });

    expect(world.proxy.requests.map((r) => r.status)).toEqual([200, 200]);
    expect((await storedBytes(large))!.equals(files.get(large.id)!)).toBe(true);
  });

  it('takes a connection that went quiet for a dropped one and resumes it', async () => {
    const document = await synced(large);
    world.proxy.plan.push({ stallAfter: 400_000 });
    await keepDocument(device.db, document, { request: world.request, stallMs: 300 });

    expect(world.proxy.requests.map((r) => [r.status, r.range?.startsWith('bytes=') ?? false])).toEqual([
      [200, false],
      [206, true],
    ]);
    expect((await storedBytes(large))!.equals(files.get(large.id)!)).toBe(true);
  });

  it('refuses at once a file bigger than the room the browser reports', async () => {
    storage.usage = storage.quota - 1_000_000;
    try {
      await expect(keepDocument(device.db, await synced(large), { request: world.request })).rejects.toBeInstanceOf(DeviceFullError);
    } finally {
      storage.usage = 12_000_000;
    }
    expect(world.proxy.requests).toEqual([]);
    expect(await device.db.keptFiles.count()).toBe(0);
    expect(storage.asked).toBe(1);
  });

  it('stores nothing and says the device is full when the cache refuses the file', async () => {
    caches.quota = 1_000_000;
    const document = await synced(large);
    await expect(keepDocument(device.db, document, { request: world.request })).rejects.toBeInstanceOf(DeviceFullError);

    expect(await device.db.keptFiles.count()).toBe(0);
    expect(entries()).toEqual([]);
    expect(isDeviceFull()).toBe(true);
    // A smaller file still fits; removing clears the "full" mark.
    await keepDocument(device.db, await synced(small), { request: world.request });
    await removeKeptDocument(device.db, small.id);
    expect(isDeviceFull()).toBe(false);
  });

  it('stores nothing when the bytes that arrive are not the file’s', async () => {
    world.proxy.plan.push({ flipAt: 1000 });
    await expect(keepDocument(device.db, await synced(small), { request: world.request })).rejects.toBeInstanceOf(FileChangedError);
    expect(await device.db.keptFiles.count()).toBe(0);
    expect(entries()).toEqual([]);
  });

  it('stores nothing when the server’s file is not the one the device’s row describes', async () => {
    const stale = { ...(await synced(small)), sha256: 'a'.repeat(64) };
    await expect(keepDocument(device.db, stale, { request: world.request })).rejects.toBeInstanceOf(FileChangedError);
    expect(await device.db.keptFiles.count()).toBe(0);
    expect(entries()).toEqual([]);
  });

  it('no longer offers a copy of a file that changed since it was kept', async () => {
    const document = await synced(small);
    await keepDocument(device.db, document, { request: world.request });
    expect(await deviceCopy(device.db, document)).not.toBeNull();
    const changed = { ...document, sha256: 'b'.repeat(64) };
    await device.db.documents.put(changed);
    expect(await deviceCopy(device.db, changed)).toBeNull();
  });

  it('downloads a file once when it is asked for twice at the same time', async () => {
    const document = await synced(small);
    await Promise.all([
      keepDocument(device.db, document, { request: world.request, byCategory: document.category_id }),
      keepDocument(device.db, document, { request: world.request }),
    ]);
    expect(world.proxy.requests).toHaveLength(1);
    // Asked for by itself too: it stays when its category is no longer kept.
    expect((await device.db.keptFiles.get(document.id))?.byCategory).toBeUndefined();
  });
});
