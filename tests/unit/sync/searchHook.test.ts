import { describe, expect, it } from 'vitest';
import type { Post } from '../../../contract/posts';
import type { Change } from '../../../contract/sync';
import { PatioDb } from '../../../src/db/database';
import { indexRows, pendingIds, queueGroupSize, updatePending } from '../../../src/db/searchIndex';
import { initialSyncStatus } from '../../../src/db/syncMeta';
import { postsDb, type PostsDb } from '../../../src/features/posts/postsDb';
import { queryPostPage } from '../../../src/features/posts/postQueries';
import { indexPosts, postsSearch } from '../../../src/features/posts/postWords';
import { dataModules } from '../../../src/registry/dataModules';
import { applyPage, resetLocal } from '../../../src/sync/engine/applyPage';
import { mutate } from '../../../src/sync/mutate';
import { freshDb } from './freshDb';

const status = { ...initialSyncStatus, phase: 'pulling' as const };

function serverPost(id: string, title: string, content = '<p>Sin novedad</p>'): Post {
  return {
    id,
    college_id: 'c1',
    title,
    content,
    category_id: 'cat1',
    course_ids: ['co1'],
    grade_ids: ['g1'],
    section_ids: ['s1'],
    scope: 'everyone',
    published_at: `2026-03-0${id.slice(1)}T10:00:00.000Z`,
    author_id: 'u1',
    author_name: 'Ana',
    views: 0,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
  };
}

const upsert = (row: Post): Change => ({ entity: 'posts', op: 'upsert', row });
const search = (db: PostsDb, text: string, limit?: number) => queryPostPage(db, { categoryId: null, page: 1, search: text }, limit);
const titles = async (db: PostsDb, text: string) => (await search(db, text)).posts.map((post) => post.title);

/**
 * Posts waiting in the indexing queue: since pulls write words with their page, only rows a
 * reset kept, or posts of a database upgraded from an older index, wait there.
 */
async function storeQueued(db: PostsDb, posts: Post[]): Promise<void> {
  await db.transaction('rw', db.posts, db.meta, async () => {
    await db.posts.bulkPut(posts);
    await updatePending(
      db,
      postsSearch,
      posts.map((post) => post.id),
    );
  });
}

describe('search while the index catches up', () => {
  it('a pulled page is searchable at once: its words are written with it, nothing is queued', async () => {
    const db = freshDb();
    await applyPage(db, [upsert(serverPost('p1', 'Zanahorias moradas')), upsert(serverPost('p2', 'Otro aviso'))], 'c1', status);
    expect(await db.postWords.count()).toBe(2);
    expect(await pendingIds(db, postsSearch)).toEqual([]);
    expect(await titles(db, 'zanah MORA')).toEqual(['Zanahorias moradas']);
  });

  it('finds a queued post (kept by a reset, or from an older index) before the engine has indexed it, by its text', async () => {
    const db = freshDb();
    await storeQueued(db, [serverPost('p1', 'Zanahorias moradas'), serverPost('p2', 'Otro aviso')]);
    expect(await db.postWords.count()).toBe(0);
    expect(await pendingIds(db, postsSearch)).toEqual(['p1', 'p2']);
    const found = await search(db, 'zanah MORA');
    expect(found.posts.map((post) => post.title)).toEqual(['Zanahorias moradas']);
    expect(found.unindexed).toBe(0);
  });

  it('judges a post updated by a pull by its new text, not by its old words', async () => {
    const db = freshDb();
    await applyPage(db, [upsert(serverPost('p1', 'Zanahorias moradas'))], 'c1', status);
    await indexPosts(db, ['p1']);
    expect(await pendingIds(db, postsSearch)).toEqual([]);
    await applyPage(db, [upsert(serverPost('p1', 'Tomates rojos'))], 'c2', status);
    expect(await titles(db, 'zanah')).toEqual([]);
    expect(await titles(db, 'tomat')).toEqual(['Tomates rojos']);
  });

  it('says how many posts it could not look at when too many wait for their words', async () => {
    const db = freshDb();
    await storeQueued(db, [serverPost('p1', 'Uno'), serverPost('p2', 'Dos'), serverPost('p3', 'Tres')]);
    const partial = await search(db, 'uno', 2);
    expect(partial).toMatchObject({ total: 0, unindexed: 3 });
    await indexPosts(db, ['p1', 'p2', 'p3']);
    expect(await search(db, 'uno', 2)).toMatchObject({ total: 1, unindexed: 0 });
  });

  it('keeps the queue across a restart (a crash before indexing) until the rows are indexed', async () => {
    const db = freshDb();
    await storeQueued(db, [serverPost('p1', 'Uno'), serverPost('p2', 'Dos')]);
    db.close();
    const reopened = postsDb(new PatioDb(db.name, dataModules));
    expect(await pendingIds(reopened, postsSearch)).toEqual(['p1', 'p2']);
    await indexRows(reopened, postsSearch, ['p1', 'p2']);
    expect(await pendingIds(reopened, postsSearch)).toEqual([]);
    expect(await reopened.postWords.count()).toBe(2);
  });

  it('drops a deleted post from the queue and its words in the same page', async () => {
    const db = freshDb();
    await applyPage(db, [upsert(serverPost('p1', 'Uno'))], 'c1', status);
    await storeQueued(db, [serverPost('p2', 'Dos')]);
    await applyPage(
      db,
      [
        { entity: 'posts', op: 'delete', id: 'p1' },
        { entity: 'posts', op: 'delete', id: 'p2' },
      ],
      'c2',
      status,
    );
    expect(await pendingIds(db, postsSearch)).toEqual([]);
    expect(await db.postWords.count()).toBe(0);
  });

  it('a reset keeps in the queue only the rows the outbox keeps', async () => {
    const db = freshDb();
    await applyPage(db, [upsert(serverPost('p1', 'Uno')), upsert(serverPost('p2', 'Dos'))], 'c1', status);
    await mutate(db, { name: 'posts.update', args: { id: 'p2' }, entity: 'posts', entityId: 'p2' }, async () => {
      await db.posts.update('p2', { title: 'Dos, sin enviar' });
    });
    await resetLocal(db, status);
    expect(await pendingIds(db, postsSearch)).toEqual(['p2']);
    expect(await titles(db, 'envi')).toEqual(['Dos, sin enviar']);
  });
});

describe('the indexing queue', () => {
  const queueRows = (db: PostsDb) => db.meta.where('key').startsWith('searchPending:posts:').toArray();

  it('keeps a page of ids in groups, a meta row each, and indexing a group deletes its row', async () => {
    const db = freshDb();
    const ids = Array.from({ length: 250 }, (_, i) => `p${String(i).padStart(3, '0')}`);
    await db.transaction('rw', db.meta, () => updatePending(db, postsSearch, ids));
    expect((await queueRows(db)).map((row) => (row.value as string[]).length)).toEqual([queueGroupSize, queueGroupSize, 50]);
    expect(await pendingIds(db, postsSearch)).toEqual(ids);
    await indexRows(db, postsSearch, ids.slice(0, queueGroupSize));
    expect(await queueRows(db)).toHaveLength(2);
    // Ids out of several groups: each group keeps the rest.
    await db.transaction('rw', db.meta, () => updatePending(db, postsSearch, [], ['p100', 'p249']));
    expect(await pendingIds(db, postsSearch)).toEqual(ids.slice(101, 249));
  });

  it('an id queued twice is pending once and leaves with its words; rows of the older form (one per id) are read too', async () => {
    const db = freshDb();
    await db.meta.put({ key: 'searchPending:posts:old1', value: true });
    await db.transaction('rw', db.meta, () => updatePending(db, postsSearch, ['p1', 'p2']));
    await db.transaction('rw', db.meta, () => updatePending(db, postsSearch, ['p2']));
    expect((await pendingIds(db, postsSearch)).sort()).toEqual(['old1', 'p1', 'p2']);
    await db.transaction('rw', db.meta, () => updatePending(db, postsSearch, [], ['p2', 'old1']));
    expect(await pendingIds(db, postsSearch)).toEqual(['p1']);
    expect(await db.meta.get('searchPending:posts:old1')).toBeUndefined();
  });
});

describe('the inverted index', () => {
  it('writes one postings row per distinct word of a batch, and an edit or a delete takes its post out of its old postings', async () => {
    const db = freshDb();
    await applyPage(
      db,
      [upsert(serverPost('p1', 'Zanahorias moradas')), upsert(serverPost('p2', 'Zanahorias verdes')), upsert(serverPost('p3', 'Otro aviso'))],
      'c1',
      status,
    );
    await indexPosts(db, ['p1', 'p2', 'p3']);
    const words = new Set((await db.postWords.toArray()).flatMap((row) => row.words));
    expect(await db.postTerms.count()).toBe(words.size);
    expect(await titles(db, 'zanah')).toEqual(expect.arrayContaining(['Zanahorias moradas', 'Zanahorias verdes']));

    await applyPage(db, [upsert(serverPost('p1', 'Tomates rojos')), { entity: 'posts', op: 'delete', id: 'p2' }], 'c2', status);
    await indexPosts(db, ['p1']);
    expect(await titles(db, 'zanah')).toEqual([]);
    expect(await titles(db, 'tomat')).toEqual(['Tomates rojos']);
    const postings = await db.postTerms.toArray();
    expect(postings.filter((posting) => posting.ids.includes('p2'))).toEqual([]);
    expect(postings.filter((posting) => posting.word === 'zanahorias')).toEqual([]);
    expect(
      postings
        .filter((posting) => posting.ids.includes('p1'))
        .map((posting) => posting.word)
        .sort(),
    ).toEqual(['novedad', 'rojos', 'sin', 'tomates']);
  });
});
