// @vitest-environment node
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Attachment } from '../../../contract/attachments';
import { attachmentsCacheName, keptAddressesOf } from '../../../src/attachments/keptAttachments';
import { databaseName } from '../../../src/db/database';
import { deletePatioDb } from '../../../src/db/lifecycle';
import { keepNewsCategory, keepNewsInStep, removeKeptNewsCategory } from '../../../src/features/posts/keptNews';
import { keptNewsActivity, setKeptNewsActivity } from '../../../src/features/posts/keptNewsState';
import { postsDb, type LocalPost, type PostsDb } from '../../../src/features/posts/postsDb';
import { bearer } from '../../server/harness';
import { startFilesWorld, type Device, type FilesWorld } from '../documents/filesTestKit';
import { installMemoryCaches, type MemoryCacheStorage } from '../documents/memoryCaches';

let world: FilesWorld;
let caches: MemoryCacheStorage;
let device: Device;
let db: PostsDb;
/** A demo post with a photo (the seed gives two), and its category. */
let photoPost: LocalPost;

beforeAll(async () => {
  world = await startFilesWorld();
}, 90_000);

afterAll(() => world.close());

beforeEach(async () => {
  caches = installMemoryCaches();
  setKeptNewsActivity({ deviceFull: false, downloading: false, waiting: 0 });
  world.proxy.requests.length = 0;
  device = await world.device();
  db = postsDb(device.db);
  photoPost = (await db.posts.filter((post) => (post.attachments ?? []).length > 0).first())!;
});

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'navigator');
});

const inStep = () => keepNewsInStep(db, new AbortController().signal, world.request);
const keptCache = () => caches.caches.get(attachmentsCacheName(db.name));
const storedUrls = () => [...(keptCache()?.entries.keys() ?? [])].map((url) => new URL(url).pathname + new URL(url).search).sort();
const attachmentsOf = async (categoryId: string): Promise<Attachment[]> =>
  (await db.posts.filter((post) => post.category_id === categoryId).toArray()).flatMap((post) => post.attachments ?? []);

/** The server's bytes of an address, read as the member. */
async function served(address: string): Promise<Uint8Array> {
  const response = await fetch(`${world.server.origin}${address}`, { headers: { host: 'localhost', ...bearer(world.token) } });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

describe('a kept news category', () => {
  it('keeps the photos and files of its posts on the device, under the addresses the screens use', async () => {
    expect(photoPost, 'the demo seed has a post with a photo').toBeDefined();
    const attachments = await attachmentsOf(photoPost.category_id);
    await keepNewsCategory(db, photoPost.category_id);

    expect(await inStep()).toMatchObject({ downloaded: attachments.length, removed: 0, waiting: 0 });
    const addresses = attachments.flatMap(keptAddressesOf).sort();
    // A cover's list variants (320, 640) and the photo itself, opened in the browser.
    expect(addresses.some((address) => address.endsWith('?w=320'))).toBe(true);
    expect(addresses.some((address) => address.endsWith('?inline=1'))).toBe(true);
    expect(storedUrls()).toEqual(addresses);
    expect((await db.keptPostFiles.toArray()).map((file) => file.id).sort()).toEqual(attachments.map((a) => a.id).sort());

    for (const address of addresses) {
      const kept = await keptCache()!.match(new URL(address, 'http://localhost').href);
      expect(new Uint8Array(await kept!.arrayBuffer())).toEqual(await served(address));
    }
    // A second pass has nothing to do.
    world.proxy.requests.length = 0;
    expect(await inStep()).toMatchObject({ downloaded: 0, removed: 0 });
    expect(world.proxy.requests).toEqual([]);
  });

  it('downloads nothing for categories not kept, and frees the files when the member stops keeping it', async () => {
    expect(await inStep()).toMatchObject({ downloaded: 0 });
    expect(world.proxy.requests).toEqual([]);

    await keepNewsCategory(db, photoPost.category_id);
    await inStep();
    expect(storedUrls().length).toBeGreaterThan(0);
    await removeKeptNewsCategory(db, photoPost.category_id);
    expect(storedUrls()).toEqual([]);
    expect(await db.keptPostFiles.count()).toBe(0);
    expect(await db.keptNewsCategories.count()).toBe(0);
  });

  it('frees the files of a post that is gone from the device', async () => {
    await keepNewsCategory(db, photoPost.category_id);
    await inStep();
    const ids = new Set((photoPost.attachments ?? []).map((a) => a.id));
    await db.posts.delete(photoPost.id);

    expect(await inStep()).toMatchObject({ removed: ids.size });
    expect(storedUrls().some((url) => [...ids].some((id) => url.includes(id)))).toBe(false);
    expect((await db.keptPostFiles.toArray()).some((file) => ids.has(file.id))).toBe(false);
  });

  it('stops at a full device with nothing of the attachment stored, and waits until something is freed', async () => {
    caches.quota = 2_000;
    await keepNewsCategory(db, photoPost.category_id);

    expect(await inStep()).toMatchObject({ downloaded: 0, stopped: 'device full' });
    expect(storedUrls()).toEqual([]);
    expect(await db.keptPostFiles.count()).toBe(0);
    expect(keptNewsActivity().deviceFull).toBe(true);

    world.proxy.requests.length = 0;
    expect(await inStep()).toMatchObject({ downloaded: 0, stopped: 'device full' });
    expect(world.proxy.requests).toEqual([]);

    caches.quota = Number.POSITIVE_INFINITY;
    setKeptNewsActivity({ deviceFull: false });
    expect((await inStep()).downloaded).toBeGreaterThan(0);
  });

  it('waits on Save-Data unless the member said “even on a slow network”', async () => {
    const connection = Object.assign(new EventTarget(), { saveData: true, effectiveType: '4g' });
    Object.defineProperty(globalThis, 'navigator', { value: { connection }, configurable: true, writable: true });
    const attachments = await attachmentsOf(photoPost.category_id);
    await keepNewsCategory(db, photoPost.category_id);

    expect(await inStep()).toMatchObject({ downloaded: 0, waiting: attachments.length });
    expect(world.proxy.requests).toEqual([]);

    await keepNewsCategory(db, photoPost.category_id, { evenOnSlowNetwork: true });
    expect(await inStep()).toMatchObject({ downloaded: attachments.length, waiting: 0 });
  });

  it('goes with the database at sign-out', async () => {
    const signedIn = await world.device(databaseName('colinas', 'user-1'));
    db = postsDb(signedIn.db);
    await keepNewsCategory(db, photoPost.category_id);
    expect((await inStep()).downloaded).toBeGreaterThan(0);
    expect(await caches.keys()).toContain(attachmentsCacheName(db.name));
    await signedIn.engine.stop();
    signedIn.db.close();
    await deletePatioDb('colinas', 'user-1');
    expect(await caches.keys()).not.toContain(attachmentsCacheName(db.name));
  });
});
