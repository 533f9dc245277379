import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { countViewOnce } from '../../../src/features/posts/postWrites';
import { PostDetailScreen } from '../../../src/features/posts/PostDetailScreen';
import { localPost, renderRoutes, seedReferenceData, signInAs } from './postsTestKit';

describe('counting a view', () => {
  it('queues one view per user and post however often (and however concurrently) it is opened', async () => {
    const { db } = await signInAs('student');
    const post = localPost({ views: 3 });
    await db.posts.put(post);
    const first = await Promise.all([countViewOnce(db, post.id), countViewOnce(db, post.id)]);
    const again = await countViewOnce(db, post.id);
    expect(first.filter(Boolean)).toHaveLength(1);
    expect(again).toBe(false);
    const outbox = await db.outbox.toArray();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ name: 'posts.view', args: { post_id: post.id } });
    expect((await db.posts.get(post.id))?.views).toBe(4);
    expect(await db.viewedPosts.get(post.id)).toBeTruthy();
  });

  it('counts the view when the post is opened, shows it safely, and only once on reopening', async () => {
    const { user, db } = await signInAs('student');
    await seedReferenceData(db);
    const post = localPost({ content: '<p>Hola</p><img src=x onerror="alert(1)"><a href="javascript:alert(2)">enlace</a>' });
    await db.posts.put(post);
    const view = renderRoutes(user.id, `/blog/post/${post.id}`, <Route path="/blog/post/:post" element={<PostDetailScreen />} />);
    expect(await screen.findByRole('heading', { name: post.title })).toBeTruthy();
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    expect(await screen.findByText('4 views')).toBeTruthy();
    const content = document.querySelector('.post-content')!;
    expect(content.innerHTML).toBe('<p>Hola</p><a rel="noopener noreferrer">enlace</a>');
    // A student sees no publisher controls.
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    view.unmount();

    const again = renderRoutes(user.id, `/blog/post/${post.id}`, <Route path="/blog/post/:post" element={<PostDetailScreen />} />);
    expect(await screen.findByRole('heading', { name: post.title })).toBeTruthy();
    // Reading a post does not mark the post itself "Not sent".
    expect(screen.queryByText('Not sent')).toBeNull();
    again.unmount();
    // Then another post, opened after it: its view is counted after the reopened one's
    // check (one database, in order), so once it is queued a second view of the first would be too.
    const other = localPost({ title: 'Otra publicación' });
    await db.posts.put(other);
    renderRoutes(user.id, `/blog/post/${other.id}`, <Route path="/blog/post/:post" element={<PostDetailScreen />} />);
    expect(await screen.findByRole('heading', { name: other.title })).toBeTruthy();
    await waitFor(async () => expect(await db.outbox.count()).toBeGreaterThan(1));
    expect((await db.outbox.toArray()).map((entry) => entry.args)).toEqual([{ post_id: post.id }, { post_id: other.id }]);
  });
});

describe('who a post is for, on its page', () => {
  it('is told to staff in words, and not to the readers it is for', async () => {
    const { user, db } = await signInAs('staff');
    await seedReferenceData(db);
    const post = localPost({ scope: 'guardians', course_ids: ['course-basica'], grade_ids: ['grade-1'], section_ids: ['sec-1a', 'sec-1b'] });
    await db.posts.put(post);
    const view = renderRoutes(user.id, `/blog/post/${post.id}`, <Route path="/blog/post/:post" element={<PostDetailScreen />} />);
    const audience = () => document.querySelector('.post-audience')?.textContent;
    await waitFor(() => expect(audience()).toBe('For: Families of 1° Básico'));
    // The grade's name is isolated: it keeps its order inside an Arabic sentence.
    expect(document.querySelector('.post-audience bdi')?.textContent).toBe('1° Básico');
    view.unmount();

    await db.posts.put({ ...post, scope: 'college', section_ids: [] });
    const again = renderRoutes(user.id, `/blog/post/${post.id}`, <Route path="/blog/post/:post" element={<PostDetailScreen />} />);
    await waitFor(() => expect(audience()).toBe('For: Everyone in the school'));
    again.unmount();

    const guardian = await signInAs('guardian');
    await seedReferenceData(guardian.db);
    await guardian.db.posts.put(post);
    renderRoutes(guardian.user.id, `/blog/post/${post.id}`, <Route path="/blog/post/:post" element={<PostDetailScreen />} />);
    expect(await screen.findByRole('heading', { name: post.title })).toBeTruthy();
    expect(await screen.findByText('4 views')).toBeTruthy();
    expect(document.querySelector('.post-audience')).toBeNull();
  });
});
