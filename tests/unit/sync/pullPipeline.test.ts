import { describe, expect, it, vi } from 'vitest';
import type { PullResponse } from '../../../contract/sync';
import type { PostsDb } from '../../../src/features/posts/postsDb';
import { metaKeys } from '../../../src/db/syncMeta';
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
