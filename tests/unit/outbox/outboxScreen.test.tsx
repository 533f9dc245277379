import { screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { OutboxScreen } from '../../../src/features/outbox/OutboxScreen';
import { countViewOnce, deletePost, updatePost } from '../../../src/features/posts/postWrites';
import { mutate } from '../../../src/sync/mutate';
import { localPost, renderRoutes, seedReferenceData, signInAs } from '../posts/postsTestKit';

describe('the outbox screen', () => {
  it('names each change as its feature module says, links to its fix, and leaves views out', async () => {
    const { user, db } = await signInAs('staff');
    await seedReferenceData(db);
    const edited = localPost({ title: 'Horario de invierno' });
    const deleted = localPost({ title: 'Aviso antiguo' });
    const read = localPost({ title: 'Leída sin conexión' });
    await db.posts.bulkPut([edited, deleted, read]);
    const { content, category_id, course_ids, grade_ids, section_ids, scope } = edited;
    await updatePost(db, edited.id, { title: 'Horario de invierno (corregido)', content, category_id, course_ids, grade_ids, section_ids, scope });
    await deletePost(db, deleted.id);
    await countViewOnce(db, read.id);
    await mutate(db, { name: 'polls.vote', args: {}, entity: 'polls', entityId: 'x' }, () => Promise.resolve());
    const [update] = await db.outbox.orderBy('seq').toArray();
    await db.outbox.update(update!.seq, { status: 'attention', error: { status: 422, message: 'The given data was invalid.' } });

    renderRoutes(user.id, '/app/outbox', <Route path="/app/outbox" element={<OutboxScreen />} />);

    const editLabel = await screen.findByRole('link', { name: 'Edited publication: Horario de invierno (corregido)' });
    expect(editLabel.getAttribute('href')).toBe(`/blog/post/${edited.id}`);
    expect(screen.getByRole('link', { name: 'Fix and resend' }).getAttribute('href')).toBe(`/blog/post/${edited.id}/edit?resend=${update!.seq}`);
    // The deleted post is gone: its before-image still knows the title; nothing to link to.
    expect(await screen.findByRole('heading', { name: 'Deleted publication: Aviso antiguo' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Change: polls.vote' })).toBeTruthy();
    expect(screen.queryByText(/Read publication/)).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });
});
