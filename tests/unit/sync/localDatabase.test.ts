import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../../../contract/ids';
import type { Post } from '../../../contract/posts';
import type { Change } from '../../../contract/sync';
import { PatioDb } from '../../../src/db/database';
import { postsDb, type PostsDb } from '../../../src/features/posts/postsDb';
import { pendingIds, writeWords } from '../../../src/db/searchIndex';
import { indexPosts, postsSearch, unindexedPostIds } from '../../../src/features/posts/postWords';
import { localSchema } from '../../../src/db/localSchema';
import { dataModules } from '../../../src/registry/dataModules';
import { initialSyncStatus, metaKeys } from '../../../src/db/syncMeta';
import { queryPostPage } from '../../../src/features/posts/postQueries';
import { applyPage, resetLocal } from '../../../src/sync/engine/applyPage';
import { discard, resend } from '../../../src/sync/outboxActions';
import { mutate, StorageFullError } from '../../../src/sync/mutate';
import { freshDb } from './freshDb';

const status = { ...initialSyncStatus, phase: 'pulling' as const };

function serverPost(id: string, title: string): Post {
  return {
    id,
    college_id: 'c1',
    title,
    content: '<p>Educación física: cambio de horario</p>',
    category_id: 'cat1',
    course_ids: ['co1'],
    grade_ids: ['g1'],
    section_ids: ['s1'],
    scope: 'everyone',
    published_at: '2026-03-01T10:00:00.000Z',
    author_id: 'u1',
    author_name: 'Ana',
    views: 0,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
  };
}

const search = async (db: PostsDb, text: string) => (await queryPostPage(db, { categoryId: null, page: 1, search: text })).posts.map((p) => p.title);

const upsert = (entity: string, row: { id: string } & Record<string, unknown>): Change => ({ entity, op: 'upsert', row });

async function editLocally(db: PostsDb, id: string, title: string) {
  await mutate(db, { name: 'posts.update', args: { id, title }, entity: 'posts', entityId: id }, async () => {
    await db.posts.update(id, { title });
  });
}

describe('the local database', () => {
  it('applies a page of upserts and deletes and stores its cursor', async () => {
    const db = freshDb();
    await applyPage(
      db,
      [
        upsert('posts', serverPost('p1', 'Uno')),
        upsert('posts', serverPost('p2', 'Dos')),
        upsert('categories', { id: 'cat1', slug: 'noticias', name: 'Noticias', position: 1 }),
      ],
      'c1',
      status,
    );
    // Posts are written with their words, in the page's transaction: nothing waits in the queue.
    expect(await db.postWords.count()).toBe(2);
    expect(await pendingIds(db, postsSearch)).toEqual([]);
    expect(await search(db, 'uno')).toEqual(['Uno']);
    await applyPage(db, [{ entity: 'posts', op: 'delete', id: 'p1' }, upsert('posts', serverPost('p2', 'Dos, editado'))], 'c2', status);

    expect(await db.posts.get('p1')).toBeUndefined();
    expect((await db.posts.get('p2'))?.title).toBe('Dos, editado');
    // The deleted post's words went with it, in the same transaction.
    expect(await db.postWords.get('p1')).toBeUndefined();
    expect(await search(db, 'uno')).toEqual([]);
    expect((await db.postWords.get('p2'))?.words).toEqual(expect.arrayContaining(['educacion', 'fisica', 'dos', 'editado']));
    expect(await db.categories.count()).toBe(1);
    expect((await db.meta.get(metaKeys.cursor))?.value).toBe('c2');
  });

  it('stores a page and its cursor together or not at all', async () => {
    const db = freshDb();
    await applyPage(db, [upsert('posts', serverPost('p1', 'Uno'))], 'c1', status);
    // A write that fails half-way (a full disk, a crash) must not move the cursor.
    db.posts.hook('creating', (key) => {
      if (key === 'p3') throw new Error('disk failed');
    });
    await expect(applyPage(db, [upsert('posts', serverPost('p2', 'Dos')), upsert('posts', serverPost('p3', 'Tres'))], 'c2', status)).rejects.toThrow();
    expect(await db.posts.get('p2')).toBeUndefined();
    expect((await db.meta.get(metaKeys.cursor))?.value).toBe('c1');
  });

  it('ignores entities it does not know and rows that do not fit the contract', async () => {
    const db = freshDb();
    await applyPage(
      db,
      [upsert('polls', { id: 'x1', question: '?' }), upsert('posts', { id: 'bad', title: 3 }), upsert('posts', serverPost('p1', 'Uno'))],
      'c1',
      status,
    );
    expect(await db.posts.count()).toBe(1);
    expect((await db.meta.get(metaKeys.cursor))?.value).toBe('c1');
  });

  it('keeps an edit not sent yet over the server version, and discarding it restores the server version', async () => {
    const db = freshDb();
    await applyPage(db, [upsert('posts', serverPost('p1', 'Original'))], 'c1', status);
    await editLocally(db, 'p1', 'Mi edición');
    await applyPage(db, [upsert('posts', serverPost('p1', 'Editado por otra persona'))], 'c2', status);
    expect((await db.posts.get('p1'))?.title).toBe('Mi edición');

    const [entry] = await db.outbox.toArray();
    await discard(db, entry!.seq!);
    expect((await db.posts.get('p1'))?.title).toBe('Editado por otra persona');
    expect(await db.outbox.count()).toBe(0);
  });

  it('discarding a create deletes the row, and a discard before a later change of the row leaves the row to it', async () => {
    const db = freshDb();
    const id = uuidv7();
    await mutate(db, { name: 'posts.create', args: { id }, entity: 'posts', entityId: id }, async () => {
      await db.posts.put(serverPost(id, 'Nuevo'));
      await writeWords(db, postsSearch, [serverPost(id, 'Nuevo')]);
    });
    await editLocally(db, id, 'Nuevo, editado');
    const [create, update] = await db.outbox.orderBy('seq').toArray();

    await discard(db, create!.seq!);
    expect((await db.posts.get(id))?.title).toBe('Nuevo, editado');
    await discard(db, update!.seq!);
    expect(await db.posts.get(id)).toBeUndefined();
    // No words row is left behind, and search does not trip over one that is.
    expect(await db.postWords.get(id)).toBeUndefined();
    expect(await db.postTerms.count()).toBe(0);
    await db.transaction('rw', db.postWords, db.postTerms, () => writeWords(db, postsSearch, [serverPost(id, 'Huérfano')]));
    expect(await search(db, 'huerf')).toEqual([]);
  });

  it('resending a fixed change keeps its place in the order', async () => {
    const db = freshDb();
    await applyPage(db, [upsert('posts', serverPost('p1', 'Uno')), upsert('posts', serverPost('p2', 'Dos'))], 'c1', status);
    await editLocally(db, 'p1', 'Uno!');
    await editLocally(db, 'p2', 'Dos!');
    const [first] = await db.outbox.orderBy('seq').toArray();
    await db.outbox.update(first!.seq, { status: 'attention', error: { status: 422, message: 'The given data was invalid.' } });
    await resend(db, first!.seq!, { id: 'p1', title: 'Uno, corregido' });
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.entityId, e.status])).toEqual([
      ['p1', 'queued'],
      ['p2', 'queued'],
    ]);
    expect(entries[0]).toMatchObject({ args: { title: 'Uno, corregido' } });
    expect(entries[0]?.error).toBeUndefined();
  });

  it('a reset drops the synced rows and the cursor but keeps the outbox and the rows it changes', async () => {
    const db = freshDb();
    await applyPage(db, [upsert('posts', serverPost('p1', 'Uno')), upsert('posts', serverPost('p2', 'Dos'))], 'c1', status);
    await editLocally(db, 'p2', 'Dos, sin enviar');
    await resetLocal(db, status);
    expect(await db.posts.get('p1')).toBeUndefined();
    expect((await db.posts.get('p2'))?.title).toBe('Dos, sin enviar');
    expect(await db.outbox.count()).toBe(1);
    expect(await db.meta.get(metaKeys.cursor)).toBeUndefined();
  });

  it('reports a full disk as StorageFullError and leaves the outbox as it was', async () => {
    const db = freshDb();
    await editLocally(db, 'p0', 'Antes');
    const quota = Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
    await expect(
      mutate(db, { name: 'posts.update', args: {}, entity: 'posts', entityId: 'p1' }, async () => {
        await db.posts.put(serverPost('p1', 'Lleno'));
        throw quota;
      }),
    ).rejects.toBeInstanceOf(StorageFullError);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.posts.get('p1')).toBeUndefined();
  });
});

describe('the schema', () => {
  /**
   * THE TEMPLATE FOR EVERY SCHEMA CHANGE: create a database with the previous version's
   * stores exactly as they shipped (copied here, never imported), write rows, then open it
   * with the current PatioDb and check the rows survived (and, for a new version, that the
   * upgrade transformed them).
   */
  it('opens a version 1 database made by an installed app, keeps its rows and moves their search words to postWords', async () => {
    const name = `patio-schema-${uuidv7()}`;
    const shipped = new Dexie(name);
    shipped.version(1).stores({
      posts: 'id, published_at, [category_id+published_at], *_words',
      categories: 'id, slug, position',
      places: 'id',
      courses: 'id, position',
      grades: 'id, course_id, position',
      sections: 'id, grade_id',
      outbox: '++seq, &id, status, entityId',
      meta: 'key',
      viewedPosts: 'post_id',
    });
    await shipped.table('posts').bulkPut([
      { ...serverPost('p1', 'Guardado'), _words: ['guardado', 'educacion', 'fisica'] },
      { ...serverPost('p2', 'Otro'), published_at: '2026-03-02T10:00:00.000Z', _words: ['otro', 'educacion', 'fisica'] },
    ]);
    await shipped.table('outbox').add({
      id: uuidv7(),
      name: 'posts.view',
      args: { post_id: 'p1' },
      entity: 'posts',
      entityId: 'p1',
      status: 'queued',
      attempts: 0,
      createdAt: '2026-03-01T10:00:00.000Z',
    });
    await shipped.table('outbox').add({
      id: uuidv7(),
      name: 'posts.update',
      args: { id: 'p2' },
      entity: 'posts',
      entityId: 'p2',
      status: 'queued',
      attempts: 0,
      createdAt: '2026-03-01T10:00:00.000Z',
      before: { row: { ...serverPost('p2', 'Otro'), _words: ['otro'] } },
    });
    await shipped.table('meta').put({ key: metaKeys.cursor, value: 'c9' });
    shipped.close();

    const db = postsDb(new PatioDb(name, dataModules));
    await db.open();
    expect(db.verno).toBe(localSchema(dataModules).latestVersion);
    expect(await db.posts.count()).toBe(2);
    expect(await db.posts.get('p1')).toEqual(serverPost('p1', 'Guardado'));
    // Version 2 moved the words to postWords; version 4 drops them for postings and queues
    // every post: the engine indexes them again, and search reads their text meanwhile.
    expect(await db.postWords.count()).toBe(0);
    expect((await unindexedPostIds(db)).sort()).toEqual(['p1', 'p2']);
    expect((await pendingIds(db, postsSearch)).sort()).toEqual(['p1', 'p2']);
    expect(await search(db, 'guar')).toEqual(['Guardado']);
    await indexPosts(db, await unindexedPostIds(db));
    expect(await search(db, 'guar')).toEqual(['Guardado']);
    expect(await search(db, 'fis educ')).toEqual(['Otro', 'Guardado']);
    expect(await db.outbox.where('status').equals('queued').count()).toBe(2);
    expect((await db.outbox.where('entityId').equals('p2').first())?.before?.row).toEqual(serverPost('p2', 'Otro'));
    // Version 3: the queued view is a background entry, not the reader's change.
    expect((await db.outbox.where('entityId').equals('p1').first())?.background).toBe(true);
    expect((await db.meta.get(metaKeys.cursor))?.value).toBe('c9');
    db.close();
  });
});
