import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../contract/auth';
import { PostDetailScreen } from '../../../src/features/posts/PostDetailScreen';
import { createPost } from '../../../src/features/posts/postWrites';
import { aReport, fakeDeliveryServer, figure, findDeliverySection } from '../delivery/deliveryTestKit';
import { localPost, renderRoutes, seedReferenceData, signInAs } from './postsTestKit';

beforeEach(() => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true));
afterEach(() => vi.restoreAllMocks());

/** A signed-in member on the page of a stored post, written by them or by someone else. */
async function openPost(role: User['role'], byThem: boolean) {
  const { user, db } = await signInAs(role);
  await seedReferenceData(db);
  const post = localPost({ author_id: byThem ? user.id : 'author-1' });
  await db.posts.put(post);
  const server = fakeDeliveryServer(aReport({ item_id: post.id }));
  renderRoutes(user.id, `/blog/post/${post.id}`, <Route path="/blog/post/:post" element={<PostDetailScreen />} />);
  expect(await screen.findByRole('heading', { level: 1, name: post.title })).toBeTruthy();
  return { post, server, db, user };
}

describe('how a post was delivered, on its page', () => {
  it('is shown to its author, live from the server', async () => {
    const { post, server } = await openPost('staff', true);
    const section = await findDeliverySection();
    await waitFor(() => expect(figure(section, 'Read in the app')).toBe('12'));
    expect(within(section).getByRole('heading', { level: 2, name: 'Delivery' })).toBeTruthy();
    expect(server.asked[0]).toBe(`GET /api/v1/deliveries/post/${post.id}`);
  });

  it('is shown to administrators for anyone’s post', async () => {
    const { post, server } = await openPost('admin', false);
    const section = await findDeliverySection();
    await waitFor(() => expect(figure(section, 'Addressed to')).toBe('40'));
    expect(server.asked[0]).toBe(`GET /api/v1/deliveries/post/${post.id}`);
  });

  it.each<User['role']>(['staff', 'student', 'guardian'])('is not shown, nor asked for, to a %s who did not write it', async (role) => {
    const { server } = await openPost(role, false);
    // The page is drawn (with its text) before anything it would ask.
    await waitFor(() => expect(document.querySelector('.post-content')?.textContent).toBe('Los esperamos en el gimnasio.'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('region', { name: 'Delivery' })).toBeNull();
    expect(server.asked).toEqual([]);
  });

  it('waits for the server to have the post before asking for its figures', async () => {
    const { user, db } = await signInAs('staff');
    await seedReferenceData(db);
    const server = fakeDeliveryServer();
    const { title, content, category_id, course_ids, grade_ids, section_ids, scope } = localPost();
    const { id } = await createPost(db, { title, content, category_id, course_ids, grade_ids, section_ids, scope }, { user });
    renderRoutes(user.id, `/blog/post/${id}`, <Route path="/blog/post/:post" element={<PostDetailScreen />} />);
    const section = await findDeliverySection();
    expect(await within(section).findByText('The delivery figures appear once it has reached the server.')).toBeTruthy();
    expect(server.asked).toEqual([]);

    // The create is answered: the entry leaves the outbox, and the figures are asked for.
    await db.outbox.clear();
    await waitFor(() => expect(server.asked[0]).toBe(`GET /api/v1/deliveries/post/${id}`));
    await waitFor(() => expect(figure(section, 'Read in the app')).toBe('12'));
  });
});
