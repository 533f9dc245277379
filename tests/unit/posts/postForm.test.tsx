import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { liveQuery } from 'dexie';
import { Route, useParams } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PostsDb } from '../../../src/features/posts/postsDb';
import { NewPostScreen } from '../../../src/features/posts/NewPostScreen';
import { isScheduled } from '../../../src/features/posts/PostMeta';
import { queryPostPage } from '../../../src/features/posts/postQueries';
import { renderRoutes, seedReferenceData, signInAs, typeContent } from './postsTestKit';

function PostPage() {
  const { post } = useParams();
  return <p>Showing post {post}</p>;
}

afterEach(() => vi.restoreAllMocks());

async function openForm(role: 'staff' | 'student' = 'staff') {
  const { user, db } = await signInAs(role);
  await seedReferenceData(db);
  renderRoutes(
    user.id,
    '/blog/new-post',
    <>
      <Route path="/blog/new-post" element={<NewPostScreen />} />
      <Route path="/blog/post/:post" element={<PostPage />} />
    </>,
  );
  return db;
}

/** Every (posts, outbox) pair the database shows between transactions. */
function watchCounts(db: PostsDb) {
  const seen: [number, number][] = [];
  const subscription = liveQuery(async () => [await db.posts.count(), await db.outbox.count()] as [number, number]).subscribe({
    next: (pair) => seen.push(pair),
  });
  return { seen, stop: () => subscription.unsubscribe() };
}

describe('the new-publication form', () => {
  it("shows the original app's validation messages next to their fields and writes nothing while invalid", async () => {
    const db = await openForm();
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Reunión' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('The content is required.')).toBeTruthy();
    expect(screen.getByText('Choose a category.')).toBeTruthy();
    // Families and students of chosen grades, and none chosen: one message, on the sections.
    const sections = screen.getByRole('group', { name: 'Grades and sections' });
    expect(sections.getAttribute('aria-invalid')).toBe('true');
    expect(within(sections).getByText('Choose at least one section.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Content' }).getAttribute('aria-invalid')).toBe('true');
    expect(await db.posts.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('clears an error as soon as its field is valid, and checks again as the person types', async () => {
    await openForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('The title is required.')).toBeTruthy();
    const title = screen.getByLabelText('Title');
    expect(document.activeElement).toBe(title);
    fireEvent.change(title, { target: { value: 'Reunión de apoderados' } });
    expect(screen.queryByText('The title is required.')).toBeNull();
    expect(title.getAttribute('aria-invalid')).not.toBe('true');
    // The other fields still say what they need, and the title's message comes back if emptied.
    expect(screen.getByText('Choose a category.')).toBeTruthy();
    fireEvent.change(title, { target: { value: '' } });
    expect(screen.getByText('The title is required.')).toBeTruthy();
  });

  it('offers the sections by grade in school order, a whole grade or course in one choice, and says who it reaches', async () => {
    await openForm();
    const sections = await screen.findByRole('group', { name: 'Grades and sections' });
    const rows = within(sections)
      .getAllByRole('group')
      .map((group) => group.getAttribute('aria-labelledby'));
    expect(rows.map((id) => document.getElementById(id!)?.textContent)).toEqual(['Básica', '1° Básico', '2° Básico', 'Media', 'I° Medio']);
    const summary = () => document.querySelector('.audience-summary-text')?.textContent;
    expect(summary()).toBe('No grades or sections chosen yet');

    fireEvent.click(screen.getByRole('checkbox', { name: 'All of 1° Básico' }));
    expect(summary()).toBe('Families and students of 1° Básico');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: '1° Básico 1° B' }).checked).toBe(true);
    const basica = screen.getByRole<HTMLInputElement>('checkbox', { name: 'All of Básica' });
    expect(basica.indeterminate).toBe(true);

    fireEvent.click(basica);
    expect(summary()).toBe('Families and students of Básica');
    fireEvent.click(screen.getByRole('checkbox', { name: '1° Básico 1° A' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Students of chosen grades' }));
    expect(summary()).toBe('Students of 1° Básico 1° B and 2° Básico');

    // The whole school is one choice: no sections to pick.
    fireEvent.click(screen.getByRole('radio', { name: 'Everyone in the school' }));
    expect(screen.queryByRole('group', { name: 'Grades and sections' })).toBeNull();
    expect(summary()).toBe('Everyone in the school');
    fireEvent.click(screen.getByRole('radio', { name: 'Staff only' }));
    expect(summary()).toBe('Staff only');
  });

  it('says the count is unavailable offline instead of guessing it', async () => {
    // The browser says it is offline (a teacher on a weak campus network).
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await openForm();
    fireEvent.click(await screen.findByRole('radio', { name: 'Everyone in the school' }));
    expect(await screen.findByText('How many people it reaches cannot be counted offline.')).toBeTruthy();
    expect(screen.queryByText(/^Reaches|Counting/)).toBeNull();
  });

  it('publishes to everyone in the school with one choice', async () => {
    const db = await openForm();
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Día del colegio' } });
    await typeContent('<p>Celebramos juntos.</p>');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'cat-news' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'All of Media' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Everyone in the school' }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));

    await screen.findByText(/Showing post /);
    const [post] = await db.posts.toArray();
    const [entry] = await db.outbox.toArray();
    // The sections chosen before switching are not sent: the whole school names none.
    expect(post).toMatchObject({ scope: 'college', course_ids: [], grade_ids: [], section_ids: [] });
    expect(entry!.args).toMatchObject({ scope: 'college', section_ids: [] });
  });

  it('saves a valid post and its one outbox entry in one transaction, then opens it', async () => {
    const db = await openForm();
    const watcher = watchCounts(db);
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Reunión de apoderados' } });
    await typeContent('<div><b>Jueves</b> a las 19:00<script>alert(1)</script></div>');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'cat-news' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Families of chosen grades' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '1° Básico 1° A' }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));

    const shown = await screen.findByText(/Showing post /);
    // No server answers here: the toast says the post is kept on this device, not that it was published.
    expect(await screen.findByText('Saved on this device. Sending it now…', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByText('Publication created successfully')).toBeNull();
    const posts = await db.posts.toArray();
    const outbox = await db.outbox.toArray();
    expect(posts).toHaveLength(1);
    expect(outbox).toHaveLength(1);
    const [post] = posts;
    const [entry] = outbox;
    expect(shown.textContent).toBe(`Showing post ${post!.id}`);
    expect(post).toMatchObject({
      title: 'Reunión de apoderados',
      content: '<p><strong>Jueves</strong> a las 19:00</p>',
      category_id: 'cat-news',
      course_ids: ['course-basica'],
      grade_ids: ['grade-1'],
      section_ids: ['sec-1a'],
      scope: 'guardians',
      author_name: 'Ana Rojas',
      views: 0,
    });
    // Searchable at once: its words are written with it, not by the sync engine later.
    expect((await db.postWords.get(post!.id))?.words).toEqual(expect.arrayContaining(['reunion', 'apoderados', 'jueves']));
    expect((await queryPostPage(db, { categoryId: null, page: 1, search: 'reun jueves' })).posts.map((p) => p.id)).toEqual([post!.id]);
    expect(entry).toMatchObject({ name: 'posts.create', entity: 'posts', entityId: post!.id, status: 'queued' });
    expect(entry!.args).toMatchObject({ id: post!.id, title: 'Reunión de apoderados', section_ids: ['sec-1a'] });

    await waitFor(() => expect(watcher.seen.at(-1)).toEqual([1, 1]));
    watcher.stop();
    // Never a post without its outbox entry, nor an entry without its post.
    expect(watcher.seen.filter(([p, o]) => p !== o)).toEqual([]);

    // The server applies it (the engine removes the entry): now it says so, wherever the person is.
    await db.outbox.delete(entry!.seq);
    expect(await screen.findByText('Publication created successfully')).toBeTruthy();
  });

  it('accepts a publication date in the future: the post is scheduled', async () => {
    const db = await openForm();
    const nextYear = new Date().getFullYear() + 1;
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Matrícula' } });
    await typeContent('<p>Abre en marzo</p>');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'cat-news' } });
    fireEvent.click(screen.getByRole('checkbox', { name: '1° Básico 1° A' }));
    fireEvent.change(screen.getByLabelText('Publication date'), { target: { value: `${nextYear}-03-01T08:00` } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));

    await screen.findByText(/Showing post /);
    const [post] = await db.posts.toArray();
    const [entry] = await db.outbox.toArray();
    expect(new Date(post!.published_at).getFullYear()).toBe(nextYear);
    expect(isScheduled(post!)).toBe(true);
    expect(entry!.args).toMatchObject({ published_at: expect.stringMatching(new RegExp(`^${nextYear}-0[23]-`)) as unknown });
  });

  it('tells students and guardians they may not publish', async () => {
    await openForm('student');
    expect(await screen.findByText('You are not allowed to publish or edit news.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
  });
});
