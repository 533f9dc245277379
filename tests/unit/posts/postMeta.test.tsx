import { screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { initialSyncStatus } from '../../../src/db/syncMeta';
import { PostCard } from '../../../src/features/posts/PostCard';
import { PostDetailScreen } from '../../../src/features/posts/PostDetailScreen';
import { PostListView } from '../../../src/features/posts/PostListView';
import { queryPostPage } from '../../../src/features/posts/postQueries';
import { applyPage } from '../../../src/sync/engine/applyPage';
import { localPost, renderRoutes, seedReferenceData, signInAs } from './postsTestKit';

describe('a post’s views and date', () => {
  it('shows the synced view counter when the device has one, else the post’s own count', async () => {
    const { db } = await signInAs('student');
    const counted = localPost({ title: 'Con contador', views: 3 });
    const plain = localPost({ title: 'Sin contador', views: 5, published_at: '2026-02-01T12:00:00.000Z' });
    await db.posts.bulkPut([counted, plain]);
    await applyPage(db, [{ entity: 'postStats', op: 'upsert', row: { id: counted.id, views: 41 } }], 'c1', initialSyncStatus);
    const { posts } = await queryPostPage(db, { categoryId: null, page: 1, search: '' });
    expect(posts.map((post) => [post.title, post.views])).toEqual([
      ['Con contador', 41],
      ['Sin contador', 5],
    ]);
  });

  it('counts the reader’s view on the synced counter at once', async () => {
    const { user, db } = await signInAs('student');
    await seedReferenceData(db);
    const post = localPost({ views: 3 });
    await db.posts.put(post);
    await db.postStats.put({ id: post.id, views: 20 });
    renderRoutes(user.id, `/blog/post/${post.id}`, <Route path="/blog/post/:post" element={<PostDetailScreen />} />);
    expect(await screen.findByText('21 views')).toBeTruthy();
  });

  it('tells the author a post dated in the future is scheduled, with its date and time', async () => {
    const { user } = await signInAs('staff');
    const future = new Date(Date.now() + 3 * 24 * 3600_000);
    const scheduled = localPost({ title: 'Programada', published_at: future.toISOString() });
    const published = localPost({ title: 'Publicada' });
    renderRoutes(
      user.id,
      '/',
      <Route
        path="/"
        element={
          <>
            <PostCard post={scheduled} categoryName={undefined} syncState={null} />
            <PostCard post={published} categoryName={undefined} syncState={null} />
          </>
        }
      />,
    );
    const label = await screen.findByText(/Scheduled for/);
    expect(label.querySelector('time')?.getAttribute('dateTime')).toBe(future.toISOString());
    expect(label.textContent).toContain(String(future.getFullYear()));
    expect(screen.getAllByText(/Scheduled for/)).toHaveLength(1);
  });

  it('says that search results may be incomplete while new posts are being indexed', async () => {
    const { user } = await signInAs('student');
    const result = { posts: [localPost({ title: 'Encontrada' })], total: 1, unindexed: 1200, stale: false };
    renderRoutes(
      user.id,
      '/',
      <Route
        path="/"
        element={
          <PostListView
            categories={[]}
            category={null}
            result={result}
            page={1}
            pages={1}
            search="encon"
            pendingStates={new Map()}
            canPublish={false}
            initialSync={false}
            hrefFor={() => '/'}
            onGoTo={() => undefined}
            onSearch={() => undefined}
          />
        }
      />,
    );
    expect(await screen.findByText('Still indexing 1,200 new items: results may be incomplete.')).toBeTruthy();
  });
});
