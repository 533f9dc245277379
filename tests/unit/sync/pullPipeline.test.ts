import { describe, expect, it, vi } from 'vitest';
import type { PullResponse } from '../../../contract/sync';
import type { PostsDb } from '../../../src/features/posts/postsDb';
import { pendingIds } from '../../../src/db/searchIndex';
import { metaKeys } from '../../../src/db/syncMeta';
import { postsSearch } from '../../../src/features/posts/postWords';
import { pullAll } from '../../../src/sync/engine/pull';
import type { SyncApi } from '../../../src/sync/engine/syncApi';
import { freshDb } from './freshDb';

/** Three pages of one category each: no cursor → c1 → c2 → c3 (the last). */
function pageAfter(cursor: string | undefined): PullResponse {
  const n = cursor ? Number(cursor.slice(1)) + 1 : 1;
  return {
    changes: [{ entity: 'categories', op: 'upsert', row: { id: `cat-${n}`, slug: `s${n}`, name: `Category ${n}`, position: n } }],
    cursor: `c${n}`,
    hasMore: n < 3,
    reset: false,
  };
}

const storedCursor = async (db: PostsDb) => (await db.meta.get(metaKeys.cursor))?.value as string | undefined;

/** A fake server; records, for each request, the cursor the device had stored when it asked. */
function fakeApi(db: PostsDb) {
  const requests: { cursor: string | undefined; storedWhenAsked: Promise<string | undefined>; signal: AbortSignal | undefined }[] = [];
  const api: SyncApi = {
    pull(cursor, _limit, signal) {
      requests.push({ cursor, storedWhenAsked: storedCursor(db), signal });
      return Promise.resolve(pageAfter(cursor));
    },
    push: () => Promise.reject(new Error('not used')),
    stream: () => Promise.reject(new Error('not used')),
  };
  return { api, requests };
}

describe('pullAll pipelining', () => {
  it('asks for the next page before writing the current one, and applies pages in order with their cursors', async () => {
    const db = freshDb();
    const { api, requests } = fakeApi(db);
    expect(await pullAll(db, api, new AbortController().signal)).toBe(3);
    expect(requests.map((r) => r.cursor)).toEqual([undefined, 'c1', 'c2']);
    // Page 2 was requested while page 1 was not stored yet.
    expect(await requests[1]!.storedWhenAsked).toBeUndefined();
    expect(await storedCursor(db)).toBe('c3');
    expect((await db.categories.toArray()).map((c) => c.id)).toEqual(['cat-1', 'cat-2', 'cat-3']);
  });

  it('drops the prefetched page when writing a page fails: the stored cursor matches the stored rows', async () => {
    const db = freshDb();
    const { api, requests } = fakeApi(db);
    const bulkPut = db.meta.bulkPut.bind(db.meta);
    let writes = 0;
    vi.spyOn(db.meta, 'bulkPut').mockImplementation((...args: Parameters<typeof bulkPut>) => {
      if (++writes === 2) return Promise.reject(new Error('disk full')) as ReturnType<typeof bulkPut>;
      return bulkPut(...args);
    });
    await expect(pullAll(db, api, new AbortController().signal)).rejects.toThrow('disk full');
    expect(await storedCursor(db)).toBe('c1');
    expect((await db.categories.toArray()).map((c) => c.id)).toEqual(['cat-1']);
    // The request for page 3, made while page 2 was being written, was aborted.
    expect(requests.map((r) => r.cursor)).toEqual([undefined, 'c1', 'c2']);
    expect(requests[2]!.signal?.aborted).toBe(true);
  });
});

describe('pullAll on a new device: the head first', () => {
  const category = (n: number) => ({ id: `cat-${n}`, slug: `s${n}`, name: `Category ${n}`, position: n });
  /** A server with the newest row (cat-9) in its head; pages 1..3 bring cat-1..cat-3, then cat-9 again. */
  function headApi(db: PostsDb, failAt?: string) {
    const requests: { cursor: string | undefined; head: boolean }[] = [];
    const seenAtPage1: { ids: string[]; done: unknown }[] = [];
    const api: SyncApi = {
      async pull(cursor, _limit, _signal, options) {
        requests.push({ cursor, head: options?.head === true });
        if (!cursor) {
          expect(options?.head).toBe(true);
          return { changes: [{ entity: 'categories', op: 'upsert', row: category(9) }], cursor: 'c0', hasMore: true, reset: false };
        }
        if (cursor === failAt) throw new Error('network down');
        if (cursor === 'c1') seenAtPage1.push({ ids: (await db.categories.toArray()).map((c) => c.id), done: await db.meta.get(metaKeys.firstSyncDone) });
        const n = Number(cursor.slice(1)) + 1;
        const row = n === 4 ? category(9) : category(n);
        return { changes: [{ entity: 'categories', op: 'upsert', row }], cursor: `c${n}`, hasMore: n < 4, reset: false };
      },
      push: () => Promise.reject(new Error('not used')),
      stream: () => Promise.reject(new Error('not used')),
    };
    return { api, requests, seenAtPage1 };
  }

  it('stores the head with a cursor at the beginning, then every page in order, and marks the first sync done with the last', async () => {
    const db = freshDb();
    const { api, requests, seenAtPage1 } = headApi(db);
    await pullAll(db, api, new AbortController().signal);
    expect(requests).toEqual([
      { cursor: undefined, head: true },
      { cursor: 'c0', head: false },
      { cursor: 'c1', head: false },
      { cursor: 'c2', head: false },
      { cursor: 'c3', head: false },
    ]);
    // While the sync was still under way, the head was on the device, and the sync not done.
    expect(seenAtPage1[0]!.ids).toContain('cat-9');
    expect(seenAtPage1[0]!.done).toBeUndefined();
    expect((await db.categories.toArray()).map((c) => c.id).sort()).toEqual(['cat-1', 'cat-2', 'cat-3', 'cat-9']);
    expect((await db.meta.get(metaKeys.firstSyncDone))?.value).toBe(true);
    expect(await storedCursor(db)).toBe('c4');
  });

  it('a run cut short leaves the first sync pending; the next run resumes it from its cursor, as initial, and finishes it', async () => {
    const db = freshDb();
    const first = headApi(db, 'c2');
    await expect(pullAll(db, first.api, new AbortController().signal)).rejects.toThrow('network down');
    expect(await storedCursor(db)).toBe('c2');
    expect(await db.meta.get(metaKeys.firstSyncDone)).toBeUndefined();
    // The engine said why the run ended (src/sync/engine/syncEngine.ts).
    await db.meta.put({ key: metaKeys.status, value: { phase: 'offline', received: 3, lastSyncedAt: null } });
    const second = headApi(db);
    const phases: string[] = [];
    const put = db.meta.put.bind(db.meta);
    vi.spyOn(db.meta, 'put').mockImplementation((item, key) => {
      if (item.key === metaKeys.status) phases.push((item.value as { phase: string }).phase);
      return put(item, key);
    });
    await pullAll(db, second.api, new AbortController().signal);
    expect(second.requests[0]).toEqual({ cursor: 'c2', head: false });
    expect(phases[0]).toBe('initial');
    expect((await db.meta.get(metaKeys.firstSyncDone))?.value).toBe(true);
  });
});

describe('pullAll and search', () => {
  const post = (n: number) => ({
    id: `p${n}`,
    college_id: 'c1',
    title: `Reunión ${n}`,
    content: `<p>Palabra${n} para buscar</p>`,
    category_id: 'cat1',
    course_ids: ['co1'],
    grade_ids: ['g1'],
    section_ids: ['s1'],
    scope: 'everyone',
    published_at: `2026-03-0${n}T10:00:00.000Z`,
    author_id: 'u1',
    author_name: 'Ana',
    views: 0,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
  });

  /** Three pages of one post each; each answer takes `delayMs` (a network). */
  function postPages(db: PostsDb, delayMs: number) {
    const wordsWhenAsked: string[][] = [];
    const api: SyncApi = {
      async pull(cursor) {
        wordsWhenAsked.push((await db.table('postWords').toCollection().primaryKeys()) as string[]);
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        const n = cursor ? Number(cursor.slice(1)) + 1 : 1;
        return { changes: [{ entity: 'posts', op: 'upsert', row: post(n) }], cursor: `c${n}`, hasMore: n < 3, reset: false };
      },
      push: () => Promise.reject(new Error('not used')),
      stream: () => Promise.reject(new Error('not used')),
    };
    return { api, wordsWhenAsked };
  }
  const indexed = async (db: PostsDb) => ((await db.table('postWords').toCollection().primaryKeys()) as string[]).sort();
  const queued = (db: PostsDb) => pendingIds(db, postsSearch);

  it("writes each page's words with it: search is complete when the sync is", async () => {
    const db = freshDb();
    const { api, wordsWhenAsked } = postPages(db, 0);
    await pullAll(db, api, new AbortController().signal);
    // Page 3 was asked for as soon as page 2 arrived, while page 2 was not stored yet.
    expect(wordsWhenAsked[2]).toEqual(['p1']);
    expect(await indexed(db)).toEqual(['p1', 'p2', 'p3']);
    expect(await queued(db)).toEqual([]);
  });
});
