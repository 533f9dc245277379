import { i18n } from '@lingui/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, useParams } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Attachment } from '../../../contract/attachments';
import { documentsDb } from '../../../src/features/documents/documentsDb';
import { outboxLabel } from '../../../src/features/outbox/outboxLabel';
import { EditPostScreen } from '../../../src/features/posts/EditPostScreen';
import { NewPostScreen } from '../../../src/features/posts/NewPostScreen';
import { uiModules } from '../../../src/registry/uiModules';
import { localPost, renderRoutes, seedReferenceData, signInAs, storePosts, typeContent } from './postsTestKit';

/**
 * The post form's files: picked ones are queued as attachments of the post once the post is
 * in the outbox, and files it has can be taken off (through the outbox).
 */

function PostPage() {
  const { post } = useParams();
  return <p>Showing post {post}</p>;
}

const routes = (
  <>
    <Route path="/blog/new-post" element={<NewPostScreen />} />
    <Route path="/blog/post/:post/edit" element={<EditPostScreen />} />
    <Route path="/blog/post/:post" element={<PostPage />} />
  </>
);

beforeEach(() => {
  // The audience picker asks the server how many it reaches: no network here, it says so.
  vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
});
afterEach(() => vi.restoreAllMocks());

const pick = (files: File[]) => fireEvent.change(screen.getByLabelText('Attachments'), { target: { files } });

describe('files on the post form', () => {
  it('queues the picked files as attachments of the new post, after its outbox entry, and refuses a file that cannot be attached', async () => {
    const { user, db } = await signInAs('staff');
    await seedReferenceData(db);
    renderRoutes(user.id, '/blog/new-post', routes);
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Acto del 18' } });
    await typeContent('<p>Fotos del acto.</p>');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'cat-news' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Everyone in the school' }));

    const photo = new File(['jpeg bytes'], 'acto.jpg', { type: 'image/jpeg' });
    const program = new File(['MZ'], 'programa.exe', { type: 'application/x-msdownload' });
    pick([photo, program]);
    pick([new File(['%PDF-1.4'], 'programa.pdf', { type: 'application/pdf' })]);
    // Beside the picker, what is attached (not the browser's "No file chosen").
    expect(screen.getByText('3 files attached')).toBeTruthy();
    expect(screen.getByLabelText('Attachments').getAttribute('aria-describedby')).toMatch(/-status/);
    const files = within(screen.getByRole('list', { name: 'Files' }));
    expect(files.getByText(/This kind of file cannot be attached/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Remove the files that cannot be attached.')).toBeTruthy();
    expect(await db.posts.count()).toBe(0);

    fireEvent.click(files.getByRole('button', { name: 'Remove programa.exe' }));
    expect(screen.getByText('2 files attached')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByText(/Showing post /);

    const [post] = await db.posts.toArray();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ name: 'posts.create', entityId: post!.id });
    const uploads = await documentsDb(db).uploads.orderBy('createdAt').toArray();
    expect(uploads.map((upload) => upload.name)).toEqual(['acto.jpg', 'programa.pdf']);
    for (const upload of uploads)
      expect(upload).toMatchObject({ kind: 'attachment', owner: 'post', owner_id: post!.id, ownerTitle: 'Acto del 18', state: 'queued' });
  });

  it('lists the post’s files on edit; one taken off leaves the list through the outbox, which names it', async () => {
    const { user, db } = await signInAs('staff');
    await seedReferenceData(db);
    const circular: Attachment = { id: '0193a000-0000-7000-8000-00000000a002', name: 'Circular N°3.pdf', mime_type: 'application/pdf', size: 12_345 };
    const sheet: Attachment = {
      id: '0193a000-0000-7000-8000-00000000a003',
      name: 'Notas.xlsx',
      mime_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      size: 830,
    };
    const post = localPost({ title: 'Reunión', attachments: [circular, sheet] });
    await storePosts(db, [post]);
    renderRoutes(user.id, `/blog/post/${post.id}/edit`, routes);

    const files = within(await screen.findByRole('list', { name: 'Files' }));
    expect(files.getByText('Notas.xlsx')).toBeTruthy();
    fireEvent.click(files.getByRole('button', { name: 'Remove Circular N°3.pdf' }));
    expect(files.queryByText('Circular N°3.pdf')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText(/Showing post /);

    await waitFor(async () => expect((await db.posts.get(post.id))?.attachments).toEqual([sheet]));
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((entry) => entry.name)).toEqual(['posts.update', 'attachments.remove']);
    const removal = entries[1]!;
    expect(removal).toMatchObject({ args: { id: circular.id }, entity: 'posts', entityId: post.id });
    expect(outboxLabel(i18n, uiModules, removal, 'Reunión')).toBe('Removed file “Circular N°3.pdf” from publication: Reunión');
  });

  it('describes a photo the post has through the outbox, and sends a picked photo’s description with it', async () => {
    const { user, db } = await signInAs('staff');
    await seedReferenceData(db);
    const photo: Attachment = {
      id: '0193a000-0000-7000-8000-00000000a001',
      name: 'acto.jpg',
      mime_type: 'image/jpeg',
      size: 2_400_000,
      width: 3000,
      height: 2000,
      widths: [320, 640, 1280],
    };
    const circular: Attachment = { id: '0193a000-0000-7000-8000-00000000a002', name: 'Circular N°3.pdf', mime_type: 'application/pdf', size: 12_345 };
    const post = localPost({ title: 'Acto del 18', attachments: [photo, circular] });
    await storePosts(db, [post]);
    renderRoutes(user.id, `/blog/post/${post.id}/edit`, routes);

    // Only images have a description field.
    fireEvent.change(await screen.findByLabelText('Description of acto.jpg'), { target: { value: '  El escenario con banderas ' } });
    expect(screen.queryByLabelText('Description of Circular N°3.pdf')).toBeNull();
    pick([new File(['jpeg bytes'], 'coro.jpg', { type: 'image/jpeg' })]);
    fireEvent.change(screen.getByLabelText('Description of coro.jpg'), { target: { value: 'El coro cantando' } });
    expect(screen.getByText('3 files attached')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText(/Showing post /);

    await waitFor(async () => expect((await db.posts.get(post.id))?.attachments?.[0]).toEqual({ ...photo, alt: 'El escenario con banderas' }));
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((entry) => entry.name)).toEqual(['posts.update', 'attachments.describe']);
    expect(entries[1]).toMatchObject({ args: { id: photo.id, alt: 'El escenario con banderas' }, entity: 'posts', entityId: post.id });
    expect(outboxLabel(i18n, uiModules, entries[1]!, 'Acto del 18')).toBe('Described photo “acto.jpg” of publication: Acto del 18');
    const [upload] = await documentsDb(db).uploads.toArray();
    expect(upload).toMatchObject({ name: 'coro.jpg', alt: 'El coro cantando' });
  });
});
