import { fireEvent, screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages';
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

  it('offers no fix for an edit of a post that no longer exists, but keeping its text as a new publication', async () => {
    const { user, db } = await signInAs('staff');
    await seedReferenceData(db);
    const gone = localPost({ title: 'Salida a terreno' });
    await db.posts.put(gone);
    const { content, category_id, course_ids, grade_ids, section_ids, scope } = gone;
    const seq = await updatePost(db, gone.id, { title: 'Salida a terreno (nueva fecha)', content, category_id, course_ids, grade_ids, section_ids, scope });
    // Someone else deleted the post meanwhile: the server answers 404 and the pull removed it.
    await db.outbox.update(seq, { status: 'attention', error: { status: 404, message: messages.postNotFound }, before: { row: null } });
    await db.posts.delete(gone.id);

    renderRoutes(
      user.id,
      '/app/outbox',
      <>
        <Route path="/app/outbox" element={<OutboxScreen />} />
        <Route path="/blog/post/:post" element={<p>post page</p>} />
      </>,
    );

    expect(await screen.findByText('This publication no longer exists.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Fix and resend' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Salida a terreno/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Discard' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep as a new publication' }));

    expect(await screen.findByText('post page')).toBeTruthy();
    const entries = await db.outbox.toArray();
    expect(entries.map((entry) => [entry.name, entry.status])).toEqual([['posts.create', 'queued']]);
    const created = await db.posts.get(entries[0]!.entityId);
    expect(created?.title).toBe('Salida a terreno (nueva fecha)');
    expect(created?.id).not.toBe(gone.id);
    expect(created?.author_id).toBe(user.id);
  });
});
