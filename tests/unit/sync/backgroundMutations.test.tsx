import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { PushRequest } from '../../../contract/sync';
import { countUnsent } from '../../../src/db/lifecycle';
import { countViewOnce, deletePost } from '../../../src/features/posts/postWrites';
import { pushBatch } from '../../../src/sync/engine/push';
import type { SyncApi } from '../../../src/sync/engine/syncApi';
import { useOutbox, useSyncStatus, useUnsentCount } from '../../../src/sync/hooks';
import { collegeSlug, localPost, renderRoutes, signInAs } from '../posts/postsTestKit';

/** What the app bar chip, the nav count and the sign-out warning count. */
function Counts() {
  const { unsent, attention } = useSyncStatus();
  const listed = useOutbox().length;
  const warned = useUnsentCount();
  return <p data-testid="counts">{`chip ${unsent}, attention ${attention}, outbox ${listed}, sign-out ${warned}`}</p>;
}

/** A server that refuses every mutation (the post was deleted meanwhile). */
function refusingApi(): SyncApi {
  return {
    pull: () => Promise.reject(new Error('not used')),
    push: (request: PushRequest) =>
      Promise.resolve({
        results: request.mutations.map(({ id }) => ({ id, status: 'rejected' as const, error: { status: 404, message: 'Post not found.' } })),
      }),
    stream: () => Promise.reject(new Error('not used')),
  };
}

describe('background mutations (a view)', () => {
  it('are queued to be sent but never count as the reader’s unsent changes', async () => {
    const { user, db } = await signInAs('student');
    const post = localPost();
    await db.posts.put(post);
    await countViewOnce(db, post.id);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ name: 'posts.view', status: 'queued', background: true });

    renderRoutes(user.id, '/', <Route path="/" element={<Counts />} />);
    await waitFor(() => expect(screen.getByTestId('counts').textContent).toBe('chip 0, attention 0, outbox 0, sign-out 0'));
    expect(await countUnsent(collegeSlug, user.id)).toBe(0);

    // A change of the user's own still counts everywhere.
    await deletePost(db, post.id);
    await waitFor(() => expect(screen.getByTestId('counts').textContent).toBe('chip 1, attention 0, outbox 1, sign-out 1'));
    expect(await countUnsent(collegeSlug, user.id)).toBe(1);
  });

  it('are dropped when the server refuses them, where a refused change waits for the user', async () => {
    const { db } = await signInAs('staff');
    const post = localPost();
    await db.posts.put(post);
    await countViewOnce(db, post.id);
    await deletePost(db, post.id);
    expect(await pushBatch(db, refusingApi(), 'client-1', new AbortController().signal)).toBe(2);
    const left = await db.outbox.toArray();
    expect(left.map((entry) => [entry.name, entry.status])).toEqual([['posts.delete', 'attention']]);
  });
});
