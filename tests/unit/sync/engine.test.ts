// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PostsDb } from '../../../src/features/posts/postsDb';
import { uuidv7 } from '../../../contract/ids';
import { pendingIds, removeWords, updatePending } from '../../../src/db/searchIndex';
import { PatioDb } from '../../../src/db/database';
import { metaKeys } from '../../../src/db/syncMeta';
import { documentsData } from '../../../src/features/documents/module';
import { documentsDb } from '../../../src/features/documents/documentsDb';
import { dataModules } from '../../../src/registry/dataModules';
import { postsSearch } from '../../../src/features/posts/postWords';
import { countViewOnce } from '../../../src/features/posts/postWrites';
import { queryPostPage } from '../../../src/features/posts/postQueries';
import { createSyncEngine, type SyncEngine } from '../../../src/sync/engine/syncEngine';
import { resend } from '../../../src/sync/outboxActions';
import { closedPortOrigin, deletePostLocally, freshDb, newPostArgs, startLiveServer, writePost, type LiveServer } from './syncTestKit';

let server: LiveServer;
const engines: SyncEngine[] = [];

beforeAll(async () => {
  server = await startLiveServer();
}, 60_000);

afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.stop()));
  await server.close();
});

function engineFor(db: PostsDb, token: string, origin = server.origin): SyncEngine {
  const engine = createSyncEngine({ db, origin, token, live: false, random: () => 0.5, log: () => undefined });
  engines.push(engine);
  return engine;
}

/** A device that has done its initial sync as staff. */
async function syncedDevice(): Promise<{ db: PostsDb; engine: SyncEngine }> {
  const db = freshDb();
  const engine = engineFor(db, await server.tokenOf('staff'));
  await engine.start();
  return { db, engine };
}

async function status(db: PostsDb) {
  return (await db.meta.get(metaKeys.status))?.value as { phase: string; received: number };
}

describe('the sync engine against the real server', () => {
  it('downloads what the user may see on first start and stores the cursor', async () => {
    const { db } = await syncedDevice();
    expect(await db.categories.count()).toBeGreaterThan(0);
    expect(await db.sections.count()).toBeGreaterThan(0);
    expect(await db.posts.count()).toBeGreaterThan(0);
    expect(typeof (await db.meta.get(metaKeys.cursor))?.value).toBe('string');
    expect(await status(db)).toMatchObject({ phase: 'idle' });
  });

  it('indexes the pulled posts after the run: search finds a post by a word of its text', async () => {
    const { db: writer, engine: writerEngine } = await syncedDevice();
    const args = await newPostArgs(writer, { title: 'Aviso indexado', content: '<p>Traigan <em>zanahorias</em> moradas</p>' });
    await writePost(writer, 'posts.create', args);
    await writerEngine.syncNow('user');

    const { db, engine } = await syncedDevice();
    await engine.whenIndexed();
    expect(await db.postWords.count()).toBe(await db.posts.count());
    const found = await queryPostPage(db, { categoryId: null, page: 1, search: 'ZANAHOR mora' });
    expect(found.posts.map((p) => p.id)).toEqual([args.id]);

    // Deleted on the server: the next pull takes it out of search too.
    await deletePostLocally(writer, args.id);
    await writerEngine.syncNow('user');
    await engine.syncNow('user');
    await engine.whenIndexed();
    expect(await db.posts.get(args.id)).toBeUndefined();
    expect(await db.postWords.get(args.id)).toBeUndefined();
    expect((await queryPostPage(db, { categoryId: null, page: 1, search: 'zanahor' })).total).toBe(0);
  });

  it('on start, indexes the posts waiting in the queue (a schema upgrade that changed the index queues them)', async () => {
    const { db, engine } = await syncedDevice();
    await engine.whenIndexed();
    await engine.stop();
    const [first, second] = await db.posts.orderBy('published_at').reverse().limit(2).toArray();
    await db.transaction('rw', [db.postWords, db.postTerms, db.meta], async () => {
      await removeWords(db, postsSearch, [first!.id, second!.id]);
      await updatePending(db, postsSearch, [first!.id, second!.id]);
    });

    const restarted = engineFor(db, await server.tokenOf('staff'));
    await restarted.start();
    await restarted.whenIndexed();
    expect(await db.postWords.count()).toBe(await db.posts.count());
    expect((await db.postWords.get(first!.id))?.words.length).toBeGreaterThan(0);
  });

  it('leaves no post queued for indexing once indexed', async () => {
    const { db, engine } = await syncedDevice();
    await engine.whenIndexed();
    expect(await pendingIds(db, postsSearch)).toEqual([]);
  });

  it('drops a view the server refuses (its post is gone) instead of asking the reader', async () => {
    const { db, engine } = await syncedDevice();
    const [post] = await db.posts.toArray();
    await countViewOnce(db, post!.id);
    await countViewOnce(db, uuidv7());
    expect(await db.outbox.count()).toBe(2);
    await engine.syncNow('user');
    expect(await db.outbox.count()).toBe(0);
  });

  it('sends a create, an update and a delete of one post in the order they were made', async () => {
    const { db, engine } = await syncedDevice();
    const args = await newPostArgs(db, { title: 'Orden de envío' });
    await writePost(db, 'posts.create', args);
    await writePost(db, 'posts.update', { ...args, title: 'Orden de envío (editado)' });
    await deletePostLocally(db, args.id);
    expect(await db.outbox.count()).toBe(3);

    await engine.syncNow('user');

    // Out of order, the update or the delete would have been refused (404) and kept.
    expect(await db.outbox.toArray()).toEqual([]);
    expect(await server.fetchPost(args.id)).toBeNull();
    expect(await db.posts.get(args.id)).toBeUndefined();
  });

  it('keeps a post written offline and sends it once the server is reachable', async () => {
    const db = freshDb();
    const token = await server.tokenOf('staff');
    await engineFor(db, token).start();
    const offline = engineFor(db, token, await closedPortOrigin());
    await offline.start();
    const args = await newPostArgs(db, { title: 'Escrito sin red' });
    await writePost(db, 'posts.create', args);
    await offline.syncNow('user');
    expect(await db.outbox.toArray()).toMatchObject([{ status: 'queued', attempts: 1, args }]);
    expect(await status(db)).toMatchObject({ phase: 'offline' });
    await offline.stop();

    await engineFor(db, token).start();
    expect(await db.outbox.count()).toBe(0);
    expect(await server.countPostsTitled('Escrito sin red')).toBe(1);
    // The server's version replaced the optimistic one.
    expect((await db.posts.get(args.id))?.author_name).not.toBe('');
  });

  it('sends again what a closed tab left "sending", and the server keeps exactly one post', async () => {
    const { db, engine } = await syncedDevice();
    const args = await newPostArgs(db, { title: 'Enviado dos veces' });
    await writePost(db, 'posts.create', args);
    const [entry] = await db.outbox.toArray();
    // The tab sent it, the server applied it, and the tab closed before the answer.
    const first = await fetch(`${server.origin}/api/v1/sync/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await server.tokenOf('staff')}` },
      body: JSON.stringify({ clientId: 'closed-tab', mutations: [{ id: entry!.id, name: entry!.name, args: entry!.args }] }),
    });
    expect(first.status).toBe(200);
    await db.outbox.update(entry!.seq, { status: 'sending', attempts: 1 });
    await engine.stop();

    // The next leader starts: the entry goes back to the queue and is sent again.
    await engineFor(db, await server.tokenOf('staff')).start();
    expect(await db.outbox.count()).toBe(0);
    expect(await server.countPostsTitled('Enviado dos veces')).toBe(1);
  });

  it('moves a refused change to "needs attention" with its text intact and still sends the ones after it', async () => {
    const { db, engine } = await syncedDevice();
    const refused = await newPostArgs(db, { title: 'Sin secciones', section_ids: [], content: '<p>Mi texto largo.</p>' });
    const accepted = await newPostArgs(db, { title: 'Después del rechazo' });
    await writePost(db, 'posts.create', refused);
    await writePost(db, 'posts.create', accepted);

    await engine.syncNow('user');

    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ status: 'attention', args: refused, error: { status: 422 } });
    expect(entries[0]!.error?.errors?.section_ids?.length).toBeGreaterThan(0);
    // The optimistic post stays on the device, so the user sees and fixes it.
    expect((await db.posts.get(refused.id))?.title).toBe('Sin secciones');
    expect(await server.fetchPost(accepted.id)).toMatchObject({ title: 'Después del rechazo' });
    expect(await server.fetchPost(refused.id)).toBeNull();
  });

  it('sends a refused change again once the user fixed it, as a new mutation', async () => {
    const { db, engine } = await syncedDevice();
    const refused = await newPostArgs(db, { title: 'Corregida después', section_ids: [] });
    await writePost(db, 'posts.create', refused);
    await engine.syncNow('user');
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ status: 'attention' });

    const fixed = { ...(await newPostArgs(db, { title: 'Corregida después' })), id: refused.id };
    await resend(db, entry!.seq!, fixed, async () => {
      await db.posts.update(refused.id, { section_ids: fixed.section_ids });
    });
    const [queued] = await db.outbox.toArray();
    expect(queued!.id).not.toBe(entry!.id);
    expect((await db.posts.get(refused.id))?.section_ids).toEqual(fixed.section_ids);

    await engine.syncNow('user');
    expect(await db.outbox.count()).toBe(0);
    expect(await server.fetchPost(refused.id)).toMatchObject({ title: 'Corregida después' });
    expect(await server.countPostsTitled('Corregida después')).toBe(1);
  });

  it('pauses the queue on 401 and resumes it with a new token', async () => {
    const db = freshDb();
    await engineFor(db, await server.tokenOf('staff')).start();
    const engine = engineFor(db, 'revoked-token');
    await engine.start();
    expect(engine.paused).toBe(true);
    const args = await newPostArgs(db, { title: 'Tras iniciar sesión' });
    await writePost(db, 'posts.create', args);
    await engine.syncNow('user');
    expect(await db.outbox.toArray()).toMatchObject([{ status: 'queued' }]);
    expect(await status(db)).toMatchObject({ phase: 'paused' });

    await engine.setToken(await server.tokenOf('staff'));
    expect(engine.paused).toBe(false);
    expect(await db.outbox.count()).toBe(0);
    expect(await server.countPostsTitled('Tras iniciar sesión')).toBe(1);
  });

  it('keeps the queue when the server answers 503, and retries after 1 s, 2 s, 4 s … at most 60 s, from 1 s again after a success', async () => {
    const db = freshDb();
    const token = await server.tokenOf('staff');
    await engineFor(db, token).start();
    const args = await newPostArgs(db, { title: 'Servidor caído' });
    await writePost(db, 'posts.create', args);
    // The engine's requests, each at the time on the test's clock: answered 503 while the
    // server is "down", else by the real server.
    let down = true;
    const sentAt: number[] = [];
    let onSent = () => undefined as void;
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      sentAt.push(Date.now());
      onSent();
      return down ? Promise.resolve(Response.json({ message: 'Server Error' }, { status: 503 })) : realFetch(input, init);
    });
    // Timers and dates only: the device's database (fake-indexeddb) runs on setImmediate.
    const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    fakeClock();
    try {
      // random 0: the low end of the jitter, half the ceiling (src/sync/engine/backoff.ts; the
      // engine's retryBackoff: 2 s doubling, at most 120 s).
      const engine = createSyncEngine({ db, origin: server.origin, token, live: false, random: () => 0, log: () => undefined });
      engines.push(engine);
      await engine.start();
      expect(await db.outbox.toArray()).toMatchObject([{ status: 'queued', args }]);
      expect(await status(db)).toMatchObject({ phase: 'error' });
      /**
       * Moves the clock to 1 ms before `ms` (the retry still waits: nothing sent), then to
       * `ms`, and waits for its request and for its run to end; the request's time on the
       * fake clock says when it fired. (No expect.poll here: under fake timers it moves the
       * clock itself. Timers are not counted: the search indexer's yield between chunks,
       * src/sync/engine/syncEngine.ts, can be pending beside the retry on a busy machine.)
       */
      const retryAfter = async (ms: number) => {
        const before = sentAt.length;
        const sent = new Promise<void>((resolve) => (onSent = resolve));
        await vi.advanceTimersByTimeAsync(ms - 1);
        expect(sentAt).toHaveLength(before);
        await vi.advanceTimersByTimeAsync(1);
        await sent;
        await engine.whenIndexed();
        expect(sentAt).toHaveLength(before + 1);
        return sentAt.at(-1)! - sentAt.at(-2)!;
      };
      const waited: number[] = [];
      for (const delay of [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]) waited.push(await retryAfter(delay));
      expect(waited).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
      expect(await db.outbox.toArray()).toMatchObject([{ status: 'queued', args, attempts: 9 }]);

      // Back: the queue goes through, and the next failure waits 1 s again.
      vi.useRealTimers();
      down = false;
      await engine.syncNow('user');
      expect(await db.outbox.count()).toBe(0);
      expect(await server.countPostsTitled('Servidor caído')).toBe(1);
      await engine.whenIndexed();
      fakeClock();
      down = true;
      await engine.syncNow('user');
      expect(await status(db)).toMatchObject({ phase: 'error' });
      expect(await retryAfter(1_000)).toBe(1_000);

      // Stopped: no retry timer is left to hammer the server.
      await engine.stop();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  }, 30_000);

  it('starts over when the server says reset, keeping the unsent changes', async () => {
    const db = freshDb();
    const student = engineFor(db, await server.tokenOf('student'));
    await student.start();
    const args = await newPostArgs(db, { title: 'Borrador del estudiante' });
    await writePost(db, 'posts.create', args);
    // A cursor of another audience (a staff member's) makes the server ask for a reset.
    const staffDb = freshDb();
    await engineFor(staffDb, await server.tokenOf('staff')).start();
    await db.meta.put({ key: metaKeys.cursor, value: (await staffDb.meta.get(metaKeys.cursor))!.value });
    await db.posts.put({ ...(await db.posts.get(args.id))!, id: 'stale-row' });

    await student.syncNow('user');

    expect(await db.posts.get('stale-row')).toBeUndefined();
    // Students may not publish: the create is refused and kept for the user, not dropped.
    expect(await db.outbox.toArray()).toMatchObject([{ args, status: 'attention' }]);
    expect(await db.posts.get(args.id)).toBeDefined();
    expect(await db.categories.count()).toBeGreaterThan(0);
  });

  it('catches up on the entities an app update brings: a device whose cursor went past their rows gets them all', async () => {
    // The app before the documents feature: its feed skipped every document row.
    const name = `patio-test-${uuidv7()}`;
    const before = new PatioDb(
      name,
      dataModules.filter((module) => module !== documentsData),
    );
    await engineFor(before as PostsDb, await server.tokenOf('staff')).start();
    expect(before.tables.map((table) => table.name)).not.toContain('documents');
    before.close();

    // The updated app opens the same database (version 7) and syncs from the same cursor.
    const after = documentsDb(new PatioDb(name, dataModules));
    await engineFor(after as unknown as PostsDb, await server.tokenOf('staff')).start();
    const documents = await after.documents.toArray();
    expect(documents.length).toBeGreaterThan(0);
    expect(await after.documentCategories.count()).toBeGreaterThan(0);
    expect(documents.every((document) => typeof document.title === 'string' && document.title.length > 0)).toBe(true);
    // The feed now stands for them, and goes on from its own cursor.
    expect((await after.meta.get(metaKeys.syncedEntities))!.value).toEqual(expect.arrayContaining(['documents', 'documentCategories', 'posts@2']));
    expect(await after.meta.get(metaKeys.catchUp)).toBeUndefined();
    expect((await after.meta.get(metaKeys.cursor))!.value).toEqual(expect.any(String));
  });

  it('pulls again the rows of an entity whose shape changed: posts an older app stored without their attachments get them', async () => {
    const { db } = await syncedDevice();
    const withPhoto = (await db.posts.toArray()).find((post) => (post.attachments?.length ?? 0) > 0);
    expect(withPhoto).toBeDefined();
    // As an app from before attachments left it: rows without the field, a feed of shape 1.
    await db.posts.update(withPhoto!.id, { attachments: [] });
    const covered = (await db.meta.get(metaKeys.syncedEntities))!.value as string[];
    await db.meta.put({ key: metaKeys.syncedEntities, value: covered.map((key) => (key === 'posts@2' ? 'posts' : key)) });

    await engineFor(db, await server.tokenOf('staff')).start();

    expect((await db.posts.get(withPhoto!.id))!.attachments).toEqual(withPhoto!.attachments);
    expect((await db.meta.get(metaKeys.syncedEntities))!.value).toEqual(expect.arrayContaining(['posts@2']));
    expect((await db.meta.get(metaKeys.syncedEntities))!.value).not.toContain('posts');
  });

  it('pulls when the stream pokes: a second device sees a new post with no poll', async () => {
    const { db: writer, engine } = await syncedDevice();
    const reader = freshDb();
    const requests: string[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      requests.push(input instanceof Request ? input.url : String(input));
      return realFetch(input, init);
    });
    try {
      const live = createSyncEngine({ db: reader, origin: server.origin, token: await server.tokenOf('student'), live: true, log: () => undefined });
      engines.push(live);
      await live.start();
      // Connected (the stream's `ready` made a pull that names it): with the stream up the
      // engine polls no more (syncEngine's scheduleNext), so only the stream can bring the post.
      await expect.poll(() => requests.some((url) => url.includes('/sync/pull?') && url.includes('stream=')), { timeout: 10_000, interval: 20 }).toBe(true);
      await expect.poll(async () => (await status(reader)).phase, { timeout: 10_000, interval: 20 }).toBe('idle');
      const args = await newPostArgs(writer, { title: 'Aviso en vivo', scope: 'everyone' });
      const section = (await reader.sections.toArray()).map((s) => s.id);
      // Addressed to every section, so the student sees it.
      const grades = await reader.grades.toArray();
      await writePost(writer, 'posts.create', {
        ...args,
        section_ids: section,
        grade_ids: grades.map((g) => g.id),
        course_ids: [...new Set(grades.map((g) => g.course_id))],
      });
      await engine.syncNow('user');
      expect(await writer.outbox.count()).toBe(0);
      await expect.poll(() => reader.posts.get(args.id), { timeout: 10_000, interval: 50 }).toBeDefined();
      await live.stop();
    } finally {
      spy.mockRestore();
    }
  });

  it('applies the change the stream brings as a page, without asking for it: one trip from the writer to the reader', async () => {
    const { db: writer, engine } = await syncedDevice();
    const reader = freshDb();
    const requests: string[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      requests.push(input instanceof Request ? input.url : String(input));
      return realFetch(input, init);
    });
    try {
      const live = createSyncEngine({ db: reader, origin: server.origin, token: await server.tokenOf('staff'), live: true, log: () => undefined });
      engines.push(live);
      await live.start();
      // Connected: the stream's `ready` made a pull that names it (the server's pages go on from there).
      await expect.poll(() => requests.some((url) => url.includes('/sync/pull?') && url.includes('stream=')), { timeout: 10_000, interval: 20 }).toBe(true);
      await expect.poll(async () => (await status(reader)).phase, { timeout: 10_000, interval: 20 }).toBe('idle');
      // The reader's pulls (the writer's, not live, name no stream).
      const readerPulls = () => requests.filter((url) => url.includes('/sync/pull?') && url.includes('stream=')).length;
      const pullsBefore = readerPulls();
      const early = (await reader.meta.get(metaKeys.cursor))!.value;

      const args = await newPostArgs(writer, { title: 'Aviso por la corriente' });
      await writePost(writer, 'posts.create', args);
      await engine.syncNow('user');
      await expect.poll(() => reader.posts.get(args.id), { timeout: 5_000, interval: 20 }).toBeDefined();
      // In its place, with its words, and no pull was asked for.
      expect(readerPulls()).toBe(pullsBefore);
      await expect
        .poll(() => queryPostPage(reader, { categoryId: null, page: 1, search: 'corriente' }).then((page) => page.posts.map((p) => p.id)))
        .toEqual([args.id]);
      expect((await status(reader)).phase).toBe('idle');

      // Its own change, pushed with the stream up, comes back through the stream: no pull after the push.
      const own = await newPostArgs(reader, { title: 'Aviso del lector' });
      const pullsBeforeOwn = readerPulls();
      await writePost(reader, 'posts.create', own);
      await expect.poll(() => reader.outbox.count(), { timeout: 5_000, interval: 20 }).toBe(0);
      await expect.poll(async () => (await status(reader)).phase, { timeout: 5_000, interval: 20 }).toBe('idle');
      expect(await reader.posts.get(own.id)).toBeDefined();
      expect(readerPulls()).toBe(pullsBeforeOwn);

      // A page that does not start at the device's cursor is not applied: it pulls instead.
      await reader.meta.put({ key: metaKeys.cursor, value: early });
      const other = await newPostArgs(writer, { title: 'Aviso tras el salto' });
      await writePost(writer, 'posts.create', other);
      await engine.syncNow('user');
      await expect.poll(() => reader.posts.get(other.id), { timeout: 5_000, interval: 20 }).toBeDefined();
      expect(readerPulls()).toBeGreaterThan(pullsBefore);
      await live.stop();
    } finally {
      spy.mockRestore();
    }
  });
});
