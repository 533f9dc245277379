import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { PostsDb } from '../../../src/features/posts/postsDb';
import { metaKeys } from '../../../src/db/syncMeta';
import { freshDb } from '../sync/freshDb';
import { pageCount, postsPerPage, queryPostPage } from '../../../src/features/posts/postQueries';
import { PostListScreen } from '../../../src/features/posts/PostListScreen';
import { localPost, renderRoutes, seedReferenceData, signInAs, storePosts } from './postsTestKit';

/** 45 posts, one a day from 2026-01-01; every third one is in sports. */
async function seedPosts(db: PostsDb) {
  const posts = Array.from({ length: 45 }, (_, i) =>
    localPost({
      title: i === 7 ? 'Campeonato de fútbol escolar' : `Aviso número ${i + 1}`,
      content: i === 7 ? '<p>Final en la cancha <strong>norte</strong></p>' : '<p>Texto del aviso</p>',
      category_id: i % 3 === 0 ? 'cat-sports' : 'cat-news',
      published_at: new Date(Date.UTC(2026, 0, 1 + i, 12)).toISOString(),
    }),
  );
  await storePosts(db, posts);
  return posts;
}

describe('post lists read from the local indexes', () => {
  it('pages every category newest first, and a category through its own index', async () => {
    const db = freshDb();
    await seedPosts(db);
    const first = await queryPostPage(db, { categoryId: null, page: 1, search: '' });
    expect(first.total).toBe(45);
    expect(first.posts).toHaveLength(postsPerPage);
    expect(first.posts[0]?.title).toBe('Aviso número 45');
    const last = await queryPostPage(db, { categoryId: null, page: 3, search: '' });
    expect(last.posts.map((p) => p.title)).toEqual(['Aviso número 5', 'Aviso número 4', 'Aviso número 3', 'Aviso número 2', 'Aviso número 1']);
    expect(pageCount(first.total)).toBe(3);

    const sports = await queryPostPage(db, { categoryId: 'cat-sports', page: 1, search: '' });
    expect(sports.total).toBe(15);
    expect(sports.posts.every((p) => p.category_id === 'cat-sports')).toBe(true);
    expect(sports.posts[0]?.title).toBe('Aviso número 43');
  });

  it('finds by word prefixes without accents or case, every word having to match', async () => {
    const db = freshDb();
    await seedPosts(db);
    const found = await queryPostPage(db, { categoryId: null, page: 1, search: 'FUTB  camp' });
    expect(found.posts.map((p) => p.title)).toEqual(['Campeonato de fútbol escolar']);
    expect((await queryPostPage(db, { categoryId: null, page: 1, search: 'cancha nort' })).total).toBe(1);
    expect((await queryPostPage(db, { categoryId: null, page: 1, search: 'futbol basquetbol' })).total).toBe(0);
    // Post 8 (index 7) is not in sports: searching sports does not find it.
    expect((await queryPostPage(db, { categoryId: 'cat-sports', page: 1, search: 'futbol' })).total).toBe(0);
    const many = await queryPostPage(db, { categoryId: null, page: 2, search: 'aviso' });
    expect(many.total).toBe(44);
    expect(many.posts[0]?.title).toBe('Aviso número 25');
  });

  it('says "No matching results found" when a search finds nothing', async () => {
    const { user, db } = await signInAs('student');
    await seedReferenceData(db);
    await seedPosts(db);
    renderRoutes(user.id, '/blog/all?q=zzzz', <Route path="/blog/:category" element={<PostListScreen />} />);
    expect(await screen.findByText('No matching results found')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New publication' })).toBeNull();
  });

  it('shows a page of a category with its page links and go-to-page control', async () => {
    const { user, db } = await signInAs('staff');
    await seedReferenceData(db);
    await seedPosts(db);
    renderRoutes(user.id, '/blog/noticias?page=2', <Route path="/blog/:category" element={<PostListScreen />} />);
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(10);
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByLabelText('Go to page')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New publication' })).toBeTruthy();
  });

  it('says "No publications yet" for an empty college once the first sync has finished', async () => {
    const { user, db } = await signInAs('guardian');
    await seedReferenceData(db);
    await db.meta.bulkPut([
      { key: metaKeys.cursor, value: 'c1' },
      { key: metaKeys.status, value: { phase: 'idle', received: 0, lastSyncedAt: '2026-03-01T12:00:00.000Z' } },
      { key: metaKeys.firstSyncDone, value: true },
    ]);
    renderRoutes(user.id, '/blog/all', <Route path="/blog/:category" element={<PostListScreen />} />);
    expect(await screen.findByText('No publications yet')).toBeTruthy();
  });

  it('says it is downloading, never "No publications yet", until the first sync has finished', async () => {
    const { user, db } = await signInAs('guardian');
    await seedReferenceData(db);
    /** The list, once it has read its page (the section is no longer busy): what it says in that same render. */
    const listSays = async () => {
      const publications = await screen.findByRole('region', { name: 'Publications' });
      await waitFor(() => expect(publications.getAttribute('aria-busy')).toBe('false'));
      return { downloading: screen.queryByText('Downloading the news…') !== null, empty: screen.queryByText('No publications yet') !== null };
    };
    // Before the worker wrote any status (phase "starting"), then with the head and a first
    // page stored (a cursor, no post for this guardian yet), then with a run that ended
    // (a push, say) while the initial sync is still not done: each read afresh.
    const states = [
      [],
      [
        { key: metaKeys.cursor, value: 'c1' },
        { key: metaKeys.status, value: { phase: 'initial', received: 1000, lastSyncedAt: null } },
      ],
      [{ key: metaKeys.status, value: { phase: 'pushing', received: 1000, lastSyncedAt: null } }],
    ];
    let view: ReturnType<typeof renderRoutes> | undefined;
    for (const state of states) {
      view?.unmount();
      await db.meta.bulkPut(state);
      view = renderRoutes(user.id, '/blog/all', <Route path="/blog/:category" element={<PostListScreen />} />);
      expect(await listSays()).toEqual({ downloading: true, empty: false });
    }
    // The last page's transaction marks the first sync done: the list on screen says so.
    await db.meta.bulkPut([
      { key: metaKeys.status, value: { phase: 'idle', received: 1000, lastSyncedAt: '2026-03-01T12:00:00.000Z' } },
      { key: metaKeys.firstSyncDone, value: true },
    ]);
    expect(await screen.findByText('No publications yet')).toBeTruthy();
    expect(screen.queryByText('Downloading the news…')).toBeNull();
  });
});

describe('a search over many posts', () => {
  it('pages its matches newest first, from the first page to the last, whether they are many or few', async () => {
    const db = freshDb();
    // 600 posts: every second one says "feria", every fiftieth "vacuna"; dates shuffled.
    const posts = Array.from({ length: 600 }, (_, i) =>
      localPost({
        title: `${i % 2 === 0 ? 'Feria' : 'Aviso'} ${i % 50 === 0 ? 'vacuna' : 'taller'} ${i}`,
        published_at: new Date(Date.UTC(2025, 0, 1) + ((i * 7919) % 600) * 3_600_000).toISOString(),
      }),
    );
    await storePosts(db, posts);
    const newest = [...posts].sort((a, b) => b.published_at.localeCompare(a.published_at));
    for (const [text, test] of [
      ['feria', (title: string) => title.startsWith('Feria')],
      ['vacuna', (title: string) => title.includes('vacuna')],
      ['feria vacuna', (title: string) => title.startsWith('Feria') && title.includes('vacuna')],
    ] as const) {
      const expected = newest.filter((post) => test(post.title)).map((post) => post.title);
      for (const page of [1, 2, pageCount(expected.length)]) {
        const found = await queryPostPage(db, { categoryId: null, page, search: text });
        expect(found.total).toBe(expected.length);
        expect(found.posts.map((post) => post.title)).toEqual(expected.slice((page - 1) * postsPerPage, page * postsPerPage));
      }
    }
  });
});
