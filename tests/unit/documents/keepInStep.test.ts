// @vitest-environment node
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentRow } from '../../../contract/documents';
import { countUnsent, deletePatioDb } from '../../../src/db/lifecycle';
import { databaseName } from '../../../src/db/database';
import { countDownloadOnce } from '../../../src/features/documents/downloadCount';
import { keepCategoriesInStep } from '../../../src/features/documents/keepInStep';
import { setDeviceFull } from '../../../src/features/documents/keepProgress';
import { filesCacheName, keepCategory, keepDocument, removeKeptCategory } from '../../../src/features/documents/keptFiles';
import { bearer } from '../../server/harness';
import { installMemoryCaches, type MemoryCacheStorage } from './memoryCaches';
import { startFilesWorld, type Device, type FilesWorld } from './filesTestKit';
import { textFile } from './flakyProxy';

let world: FilesWorld;
let caches: MemoryCacheStorage;
let device: Device;
let circulars: string;
let rules: string;
const uploaded: DocumentRow[] = [];

beforeAll(async () => {
  world = await startFilesWorld();
  [rules, circulars] = world.categoryIds as [string, string];
  for (const [i, name] of ['Circular 1.txt', 'Circular 2.txt', 'Circular 3.txt'].entries())
    uploaded.push(await world.upload(textFile(40_000 + i, i), name, circulars));
  uploaded.push(await world.upload(textFile(50_000, 9), 'Reglamento.txt', rules));
}, 90_000);

afterAll(() => world.close());

beforeEach(async () => {
  caches = installMemoryCaches();
  setDeviceFull(false);
  world.proxy.requests.length = 0;
  device = await world.device();
});

/** The Network Information API as a browser on Save-Data (node has no navigator). */
function onSaveData(): void {
  const connection = Object.assign(new EventTarget(), { saveData: true, effectiveType: '4g' });
  Object.defineProperty(globalThis, 'navigator', { value: { connection }, configurable: true, writable: true });
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'navigator');
});

const inStep = () => keepCategoriesInStep(device.db, new AbortController().signal, world.request);
const keptIds = async () => (await device.db.keptFiles.toArray()).map((file) => file.id).sort();
/** The category's documents on the device (the demo's and ours). */
const idsIn = async (categoryId: string) => (await device.db.documents.where('category_id').equals(categoryId).primaryKeys()).sort();

describe('a kept category', () => {
  it('downloads its documents one at a time, and the new ones as they sync', async () => {
    await keepCategory(device.db, circulars);
    expect(await inStep()).toMatchObject({ downloaded: (await idsIn(circulars)).length, waiting: 0 });
    expect(await keptIds()).toEqual(await idsIn(circulars));
    expect((await device.db.keptFiles.toArray()).every((file) => file.byCategory === circulars)).toBe(true);
    expect(world.proxy.maxInFlight()).toBe(1);

    await world.upload(textFile(30_000, 7), 'Circular 4.txt', circulars);
    expect(await inStep()).toMatchObject({ downloaded: 0 });
    await device.engine.syncNow('user');
    expect(await inStep()).toMatchObject({ downloaded: 1 });
    expect(await keptIds()).toEqual(await idsIn(circulars));
  });

  it('waits on Save-Data or 2G unless the member said “even on a slow network”', async () => {
    onSaveData();
    await keepCategory(device.db, circulars);
    expect(await inStep()).toMatchObject({ downloaded: 0, waiting: (await idsIn(circulars)).length });
    expect(world.proxy.requests).toEqual([]);

    await keepCategory(device.db, circulars, { evenOnSlowNetwork: true });
    expect(await inStep()).toMatchObject({ downloaded: (await idsIn(circulars)).length, waiting: 0 });
  });

  it('stops at a full device with nothing half-stored, and does not try again until something is removed', async () => {
    caches.quota = 90_000;
    await keepCategory(device.db, circulars);
    expect(await inStep()).toMatchObject({ downloaded: 2, stopped: 'device full' });
    expect(await device.db.keptFiles.count()).toBe(2);
    expect(caches.caches.get(filesCacheName(device.db))?.entries.size).toBe(2);
    const asked = world.proxy.requests.length;
    expect(await inStep()).toMatchObject({ downloaded: 0, stopped: 'device full' });
    expect(world.proxy.requests).toHaveLength(asked);
  });

  it('frees the files of documents deleted on the server, and of the category when it is no longer kept', async () => {
    await keepCategory(device.db, circulars);
    await inStep();
    const gone = uploaded.find((document) => document.category_id === circulars)!.id;
    const staying = (await idsIn(circulars)).filter((id) => id !== gone);
    const rule = uploaded.find((document) => document.category_id === rules)!;
    await keepDocument(device.db, (await device.db.documents.get(rule.id))!, { request: world.request });

    const answer = await world.server.app.inject({
      method: 'DELETE',
      url: `/api/v1/documents/${gone}`,
      headers: { host: 'localhost', ...bearer(world.token) },
    });
    expect(answer.statusCode).toBeLessThan(300);
    await device.engine.syncNow('user');
    expect(await inStep()).toMatchObject({ removed: 1 });
    expect(await keptIds()).toEqual([...staying, rule.id].sort());

    // The category's files go with it; the one kept by itself stays.
    await removeKeptCategory(device.db, circulars);
    expect(await keptIds()).toEqual([rule.id]);
    expect([...caches.caches.get(filesCacheName(device.db))!.entries.keys()]).toEqual([expect.stringContaining(rule.id)]);
  });

  it('removes nothing before the first sync has finished', async () => {
    await keepCategory(device.db, circulars);
    await inStep();
    const kept = await device.db.keptFiles.count();
    await device.db.transaction('rw', device.db.documents, device.db.meta, async () => {
      await device.db.documents.clear();
      await device.db.meta.delete('firstSyncDone');
    });
    expect(await inStep()).toMatchObject({ removed: 0, downloaded: 0 });
    expect(await device.db.keptFiles.count()).toBe(kept);
    expect(kept).toBeGreaterThan(0);
  });
});

describe('opening a document', () => {
  it('is counted once per member: one background mutation queued per device, one count on the server', async () => {
    const document = uploaded.find((row) => row.category_id === rules);
    expect(await countDownloadOnce(device.db, document!.id)).toBe(true);
    expect(await countDownloadOnce(device.db, document!.id)).toBe(false);
    const entries = await device.db.outbox.toArray();
    expect(entries).toEqual([expect.objectContaining({ name: 'documents.downloaded', args: { id: document!.id }, background: true })]);

    const other = await world.device();
    await countDownloadOnce(other.db, document!.id);
    const before = await world.server.app.inject({
      method: 'GET',
      url: `/api/v1/documents/${document!.id}`,
      headers: { host: 'localhost', ...bearer(world.token) },
    });
    await device.engine.syncNow('user');
    await other.engine.syncNow('user');
    expect(await device.db.outbox.count()).toBe(0);
    const after = await world.server.app.inject({
      method: 'GET',
      url: `/api/v1/documents/${document!.id}`,
      headers: { host: 'localhost', ...bearer(world.token) },
    });
    expect(after.json<DocumentRow>().downloads).toBe(before.json<DocumentRow>().downloads + 1);
  });
});

describe('signing out', () => {
  it('deletes the user’s kept files with their database, and no one else’s', async () => {
    const mine = databaseName('colinas', 'user-1');
    const theirs = databaseName('colinas', 'user-2');
    await (await caches.open(`${mine}-files`)).put('https://kept-files.invalid/a/b', new Response('x'));
    await (await caches.open(`${theirs}-files`)).put('https://kept-files.invalid/a/b', new Response('y'));
    expect(await countUnsent('colinas', 'user-1')).toBe(0);
    await deletePatioDb('colinas', 'user-1');
    expect(await caches.keys()).toEqual([`${theirs}-files`]);
  });
});
