import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { DbProvider } from '../../../src/db/DbProvider';
import { loadPostPage } from '../../../src/features/posts/postPagePrefetch';
import { queryPostPage } from '../../../src/features/posts/postQueries';
import { PostListScreen } from '../../../src/features/posts/PostListScreen';
import type { PostsDb } from '../../../src/features/posts/postsDb';
import { UiModulesProvider } from '../../../src/modules/UiModules';
import { dataModules } from '../../../src/registry/dataModules';
import { uiModules } from '../../../src/registry/uiModules';
import { freshDb } from '../sync/freshDb';
import { collegeSlug, localPost, seedReferenceData, signInAs, storePosts } from './postsTestKit';

/** 45 posts, one a day from 2026-01-01; every third one is in sports (slug `deportes`). */
async function seedPosts(db: PostsDb) {
  await storePosts(
    db,
    Array.from({ length: 45 }, (_, i) =>
      localPost({
        title: `Aviso número ${i + 1}`,
        category_id: i % 3 === 0 ? 'cat-sports' : 'cat-news',
        published_at: new Date(Date.UTC(2026, 0, 1 + i, 12)).toISOString(),
      }),
    ),
  );
}

const titles = () => screen.queryAllByRole('article').map((card) => card.querySelector('h2')?.textContent);

describe('the News list read ahead of its screen', () => {
  it('reads a category page by its address, without the categories read first', async () => {
    const db = freshDb();
    await seedReferenceData(db);
    await seedPosts(db);
    const sports = await queryPostPage(db, { categoryId: null, categorySlug: 'deportes', page: 1, search: '' });
    expect(sports.total).toBe(15);
    expect(sports.posts[0]?.title).toBe('Aviso número 43');
    expect(await queryPostPage(db, { categoryId: null, categorySlug: 'nope', page: 1, search: '' })).toEqual({ posts: [], total: 0 });
  });

  it('draws the cards of the page tapped in the same render as the screen, not after another read', async () => {
    const { user, db } = await signInAs('staff');
    await seedReferenceData(db);
    await seedPosts(db);
    const router = createMemoryRouter(
      [
        { path: '/app', element: <p>Home</p> },
        { path: '/blog/:category', loader: loadPostPage, Component: PostListScreen },
      ],
      { initialEntries: ['/app'] },
    );
    render(
      <I18nProvider i18n={i18n}>
        <UiModulesProvider value={uiModules}>
          <DbProvider collegeSlug={collegeSlug} userId={user.id} modules={dataModules}>
            <RouterProvider router={router} />
          </DbProvider>
        </UiModulesProvider>
      </I18nProvider>,
    );
    expect(await screen.findByText('Home')).toBeTruthy();
    // Watches every render of the list: its first one after the tap already has the cards.
    const firstRender = async (path: string) => {
      const seen: (string | null | undefined)[][] = [];
      const observer = new MutationObserver(() => seen.push(titles()));
      observer.observe(document.body, { childList: true, subtree: true });
      await act(() => router.navigate(path));
      observer.disconnect();
      return seen[0];
    };
    const sports = await firstRender('/blog/deportes?page=1');
    expect(sports?.length).toBe(15);
    expect(sports?.[0]).toBe('Aviso número 43');
    // Another tab, its category now known without a look-up by slug.
    await act(() => router.navigate('/app'));
    const news = await firstRender('/blog/noticias');
    expect(news?.length).toBe(20);
    expect(news?.[0]).toBe('Aviso número 45');
  });
});
