import { screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Attachment } from '../../../contract/attachments';
import { metaKeys } from '../../../src/db/syncMeta';
import { coverSizes, coverSources } from '../../../src/features/posts/PostCover';
import { PostDetailScreen } from '../../../src/features/posts/PostDetailScreen';
import { PostListScreen } from '../../../src/features/posts/PostListScreen';
import { localPost, renderRoutes, seedReferenceData, signInAs, storePosts } from './postsTestKit';

const photo: Attachment = {
  id: '0193a000-0000-7000-8000-00000000a001',
  name: 'Acto del 18.jpg',
  mime_type: 'image/jpeg',
  size: 2_400_000,
  width: 3000,
  height: 2000,
  widths: [1280, 320, 640],
};
const circular: Attachment = { id: '0193a000-0000-7000-8000-00000000a002', name: 'Circular N°3.pdf', mime_type: 'application/pdf', size: 12_345 };
const sheet: Attachment = {
  id: '0193a000-0000-7000-8000-00000000a003',
  name: 'Notas.xlsx',
  mime_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  size: 830,
};
const fileOf = (attachment: Attachment) => `/api/v1/attachments/${attachment.id}/file`;

describe("a post's cover", () => {
  it('offers the variants up to 640 pixels to srcset, by width, with the sizes the list draws it at', () => {
    const sources = coverSources(photo);
    // 1280 would be fetched by 3× phones for a cover 360 pixels wide: 640 is already 2×.
    expect(sources.srcSet).toBe(`${fileOf(photo)}?w=320 320w, ${fileOf(photo)}?w=640 640w`);
    expect(sources.sizes).toBe(coverSizes);
    expect(sources.src).toBe(`${fileOf(photo)}?w=640`);
    // A small image has one variant, its own width.
    const logo = { ...photo, width: 200, height: 120, widths: [200] };
    expect(coverSources(logo)).toMatchObject({ src: `${fileOf(photo)}?w=200`, srcSet: `${fileOf(photo)}?w=200 200w` });
  });

  it('is the first image of a post in the news list, lazy and with its size set; a post without one has none', async () => {
    const { user, db } = await signInAs('student');
    await seedReferenceData(db);
    await db.meta.put({ key: metaKeys.firstSyncDone, value: true });
    const pictured = localPost({ title: 'Acto del 18', attachments: [circular, photo], published_at: '2026-03-02T12:00:00.000Z' });
    const plain = localPost({ title: 'Circular', attachments: [circular] });
    const older = localPost({ title: 'Aviso antiguo' });
    await storePosts(db, [pictured, plain, older]);
    renderRoutes(user.id, '/blog/all', <Route path="/blog/:category" element={<PostListScreen />} />);

    const card = (await screen.findByRole('link', { name: 'Acto del 18' })).closest('article')!;
    const cover = card.querySelector('img')!;
    expect(cover.getAttribute('srcset')).toBe(coverSources(photo).srcSet);
    expect(cover.getAttribute('sizes')).toBe(coverSizes);
    expect(cover.getAttribute('src')).toBe(`${fileOf(photo)}?w=640`);
    expect(cover.getAttribute('loading')).toBe('lazy');
    expect([cover.getAttribute('width'), cover.getAttribute('height')]).toEqual(['3000', '2000']);
    expect(cover.getAttribute('alt')).toBe('');
    expect(card.classList.contains('has-cover')).toBe(true);
    for (const title of ['Circular', 'Aviso antiguo']) {
      const other = screen.getByRole('link', { name: title }).closest('article')!;
      expect(other.querySelector('img'), title).toBeNull();
    }
  });
});

describe("a post's attachments", () => {
  it('show its pictures in it, before its text, and list the other files under the text, PDFs opening in the browser', async () => {
    const { user, db } = await signInAs('student');
    await seedReferenceData(db);
    const post = localPost({ title: 'Acto del 18', attachments: [photo, circular, sheet] });
    await db.posts.put(post);
    renderRoutes(user.id, `/blog/post/${post.id}`, <Route path="/blog/post/:post" element={<PostDetailScreen />} />);

    const files = within(await screen.findByRole('region', { name: 'Attachments' }));
    const items = files.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Circular N°3.pdfPDF document12 kB', 'Notas.xlsxSpreadsheet830 byte']);
    const pdf = files.getByRole('link', { name: 'Circular N°3.pdf' });
    expect([pdf.getAttribute('href'), pdf.getAttribute('target'), pdf.hasAttribute('download')]).toEqual([`${fileOf(circular)}?inline=1`, '_blank', false]);
    const spreadsheet = files.getByRole('link', { name: 'Notas.xlsx' });
    expect([spreadsheet.getAttribute('href'), spreadsheet.getAttribute('download'), spreadsheet.hasAttribute('target')]).toEqual([
      fileOf(sheet),
      'Notas.xlsx',
      false,
    ]);
    // The photo is drawn, not linked: large (one picture), every variant offered, named by the post when its author wrote no text.
    const picture = screen.getByRole('img', { name: 'Acto del 18, photo' });
    expect(picture.getAttribute('srcset')).toBe(`${fileOf(photo)}?w=320 320w, ${fileOf(photo)}?w=640 640w, ${fileOf(photo)}?w=1280 1280w`);
    expect([picture.getAttribute('width'), picture.getAttribute('height')]).toEqual(['3000', '2000']);
    expect(screen.queryByRole('link', { name: 'Acto del 18.jpg' })).toBeNull();
    const content = document.querySelector('.post-content')!;
    expect(picture.compareDocumentPosition(content) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(content.compareDocumentPosition(items[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('leave no empty section on a post without files, or stored before attachments existed', async () => {
    const { user, db } = await signInAs('student');
    await seedReferenceData(db);
    const post = localPost();
    expect('attachments' in post).toBe(false);
    await db.posts.put(post);
    renderRoutes(user.id, `/blog/post/${post.id}`, <Route path="/blog/post/:post" element={<PostDetailScreen />} />);
    expect(await screen.findByRole('heading', { name: post.title })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Attachments' })).toBeNull();
  });
});
