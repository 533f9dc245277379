import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runInThisContext } from 'node:vm';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PostListScreen } from '../../../src/features/posts/PostListScreen';
import { session } from '../../../src/session/session';
import { dismissBootPreview } from '../../../src/startup/bootPreview';
import { newsPreviewKey, readNewsPreview, saveNewsPreview, type NewsPreview } from '../../../src/startup/newsPreview';
import { localPost, renderRoutes, seedReferenceData, signInAs, storePosts } from './postsTestKit';

const bootScript = readFileSync(resolve(process.cwd(), 'public/boot.js'), 'utf8');

/** The News list inside the app bar's frame, as AppLayout draws it (the parts boot.js copies). */
function NewsInShell() {
  return (
    <div className="app-shell">
      <div className="sidebar">
        <nav className="sidebar-nav">
          <a className="sidebar-link active" href="/blog/all">
            <svg viewBox="0 0 24 24">
              <path d="M4 4h16v16H4z" onClick={() => undefined} />
              <foreignObject />
            </svg>
            <span className="nav-label">News</span>
            <span className="nav-count">2</span>
          </a>
        </nav>
      </div>
      <header className="topbar">
        <a className="brand" href="/app">
          <img className="brand-logo" src="/college/logo.svg" alt="" />
          <span className="brand-name brand-name-long">Colegio Las Colinas</span>
          <span className="brand-name brand-name-short">Las Colinas</span>
        </a>
      </header>
      <main>
        <PostListScreen />
      </main>
      <nav className="tabbar">
        <a className="tabbar-link active" href="/blog/all">
          <span className="nav-label">News</span>
        </a>
        <button type="button" className="tabbar-link tabbar-more-button">
          <svg viewBox="0 0 24 24">
            <circle cx="5" cy="12" r="1" />
          </svg>
          <span className="nav-label">More</span>
        </button>
      </nav>
    </div>
  );
}

const stored = (): NewsPreview | null => JSON.parse(localStorage.getItem(newsPreviewKey) ?? 'null') as NewsPreview | null;

/** Runs public/boot.js as the browser does on a page load of `path`. */
function boot(path: string): HTMLElement | null {
  (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL(`http://localhost${path}`);
  document.body.innerHTML = '<div id="root"></div>';
  document.documentElement.lang = 'en';
  runInThisContext(bootScript);
  return document.getElementById('boot-preview');
}

/**
 * The browser's idle callbacks, run when the test says (src/ui/whenIdle.ts uses them where
 * they exist; happy-dom has none, and its fallback is a 1.5 s timer).
 */
const idle = {
  tasks: new Map<number, () => void>(),
  next: 1,
  install() {
    window.requestIdleCallback = (callback) => {
      const id = idle.next++;
      idle.tasks.set(id, () => callback({ didTimeout: false, timeRemaining: () => 50 }));
      return id;
    };
    window.cancelIdleCallback = (id) => void idle.tasks.delete(id);
  },
  run() {
    const due = [...idle.tasks.values()];
    idle.tasks.clear();
    for (const task of due) task();
  },
  remove() {
    idle.tasks.clear();
    delete (window as Partial<Window>).requestIdleCallback;
    delete (window as Partial<Window>).cancelIdleCallback;
  },
};

beforeEach(() => idle.install());

afterEach(() => {
  // Unmounted while the callbacks are there: an effect cancels its idle callback.
  cleanup();
  idle.remove();
  dismissBootPreview();
  document.documentElement.removeAttribute('style');
  document.documentElement.removeAttribute('dir');
  document.documentElement.removeAttribute('lang');
});

describe('the News list painted before the app starts', () => {
  it('keeps what the first screen of News shows: texts and links, no markup', async () => {
    const { user, db } = await signInAs('student');
    await seedReferenceData(db);
    const posts = Array.from({ length: 10 }, (_, index) =>
      localPost({
        title: `Aviso ${index + 1}`,
        content: `<p>Texto <b>número</b> ${index + 1}</p>`,
        published_at: `2026-03-${String(20 - index).padStart(2, '0')}T12:00:00.000Z`,
      }),
    );
    posts[0] = { ...posts[0]!, title: '<img src=x onerror=alert(1)> Aviso 1' };
    await storePosts(db, posts);
    renderRoutes(user.id, '/blog/all', <Route path="/blog/:category" element={<NewsInShell />} />);
    await screen.findByRole('link', { name: 'Aviso 2' });
    // Every part the copy keeps is drawn; the list may still be read again (a new `version`),
    // which puts its idle callback off, as a browser would: idle callbacks run until one writes.
    await screen.findByText('Page 1 of 1');
    await screen.findByText('Deportes');
    await waitFor(() => {
      act(() => idle.run());
      expect(stored()).not.toBeNull();
    });
    const preview = stored()!;
    expect(preview.user).toBe(user.id);
    expect(preview.path).toBe('/blog/all');
    expect(preview.heading).toBe('News');
    expect(preview.count).toBe('Page 1 of 1');
    expect(preview.college).toEqual({ name: 'Colegio Las Colinas', short: 'Las Colinas', logo: '/college/logo.svg' });
    // The label without the unsent count; only the icon's geometry.
    expect(preview.nav).toEqual([{ label: 'News', href: '/blog/all', active: true, icon: [['path', { d: 'M4 4h16v16H4z' }]] }]);
    expect(preview.more).toEqual({ label: 'More', icon: [['circle', { cx: '5', cy: '12', r: '1' }]] });
    expect(preview.tabs.map((tab) => [tab.label, tab.active])).toEqual([
      ['All', true],
      ['Noticias', false],
      ['Deportes', false],
    ]);
    expect(preview.cards).toHaveLength(8);
    expect(preview.cards[0]).toEqual({
      title: '<img src=x onerror=alert(1)> Aviso 1',
      href: `/blog/post/${posts[0].id}`,
      excerpt: 'Texto número 1',
      category: 'Noticias',
      author: 'Marta Díaz',
      date: screen.getAllByRole('article')[0]!.querySelector('time')!.textContent,
      views: '3 views',
    });
    // A list read again with the same contents writes nothing.
    expect(saveNewsPreview(readNewsPreview(document, user.id, '/blog/all'))).toBe(false);
  });

  it('keeps nothing for a search, another page or an empty list', async () => {
    const { user, db } = await signInAs('student');
    await seedReferenceData(db);
    await storePosts(db, [localPost({ title: 'Reunión' })]);
    /** Renders `path`, waits for its card, and lets the page be idle (the copy is written then). */
    const settle = async (path: string) => {
      const view = renderRoutes(user.id, path, <Route path="/blog/:category" element={<NewsInShell />} />);
      await screen.findByRole('link', { name: 'Reunión' });
      act(() => idle.run());
      return view;
    };
    (await settle('/blog/all?q=reunion')).unmount();
    expect(stored()).toBeNull();
    // The same list without the search is kept, in the same steps (idle callbacks run until
    // one writes: reading the list again puts the callback off).
    const kept = await settle('/blog/all');
    await waitFor(() => {
      act(() => idle.run());
      expect(stored()).toMatchObject({ path: '/blog/all', cards: [{ title: 'Reunión' }] });
    });
    kept.unmount();
    localStorage.removeItem(newsPreviewKey);
    renderRoutes(user.id, '/blog/all?q=reunion', <Route path="/blog/:category" element={<NewsInShell />} />);
    await screen.findByRole('link', { name: 'Reunión' });
    expect(readNewsPreview(document, user.id, '/blog/all')).not.toBeNull();
    document.body.innerHTML = '<div class="app-shell"><div class="posts-page"><ol class="post-list"></ol></div></div>';
    expect(readNewsPreview(document, user.id, '/blog/all')).toBeNull();
  });

  it('is forgotten at sign-out, forced or chosen', async () => {
    for (const how of ['user', 'forced'] as const) {
      await signInAs('student');
      localStorage.setItem(newsPreviewKey, '{"v":1}');
      await session.signOut(how);
      expect(localStorage.getItem(newsPreviewKey)).toBeNull();
    }
  });
});

describe('boot.js', () => {
  const user = { id: 'u-1', college_id: 'c', role: 'student', name: 'Ana', email: 'ana@colinas.test' };
  const preview: NewsPreview = {
    v: 2,
    user: 'u-1',
    path: '/blog/all',
    lang: 'en',
    dir: 'ltr',
    college: { name: 'Colegio Las Colinas', short: 'Las Colinas', logo: 'javascript:alert(1)' },
    brand: { '--accent': '#2e7d32', '--accent-soft': 'url(https://example.org/x.png)' },
    actions: [
      {
        cls: 'icon-button',
        parts: [
          { icon: [['path', { d: 'M9 21H5' }]], cls: 'icon icon-flip-rtl' },
          { text: 'ES', cls: 'x" onclick="alert(1)' },
        ],
      },
    ],
    nav: [
      {
        label: 'News',
        href: 'javascript:alert(1)',
        active: true,
        icon: [
          ['path', { d: 'M1 1h2', onload: 'alert(1)' }],
          ['script', {}],
        ],
      },
    ],
    more: null,
    heading: 'News',
    action: null,
    tabs: [{ label: 'All', href: '/blog/all', active: true }],
    search: 'Search publications',
    count: 'Page 1 of 3',
    eye: [],
    cards: [
      {
        title: '<img src=x onerror=alert(1)>',
        href: '/blog/post/p1',
        excerpt: 'Texto',
        category: 'Noticias',
        author: 'Marta',
        date: 'Mar 1, 2026',
        views: '3 views',
      },
    ],
  };
  const store = (snapshot: NewsPreview, who = user) => {
    localStorage.setItem(newsPreviewKey, JSON.stringify(snapshot));
    localStorage.setItem('user', JSON.stringify(who));
    localStorage.setItem('token', 't');
  };

  it('paints the list for its user, as text, beside a hidden #root', () => {
    store(preview);
    const painted = boot('/blog/all');
    expect(painted?.getAttribute('aria-busy')).toBe('true');
    expect(document.getElementById('root')?.hidden).toBe(true);
    const title = painted!.querySelector('.post-card-link')!;
    expect(title.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(title.getAttribute('href')).toBe('/blog/post/p1');
    expect(painted!.querySelector('img:not(.brand-logo), script')).toBeNull();
    expect(painted!.querySelector('.brand-logo')).toBeNull();
    expect(painted!.querySelector('.tabbar-link')!.getAttribute('href')).toBe('/');
    expect(painted!.querySelector('.sidebar-link')!.getAttribute('href')).toBe('/');
    expect(painted!.querySelector('.tabbar-link path')!.getAttributeNames().sort()).toEqual(['d']);
    expect(painted!.querySelector('.posts-count')!.textContent).toBe('Page 1 of 3');
    // The college's colours, not a fetch; the app bar's button with its icon and text.
    expect(document.documentElement.style.getPropertyValue('--accent')).toBe('#2e7d32');
    expect(document.documentElement.style.getPropertyValue('--accent-soft')).toBe('');
    const button = painted!.querySelector('.topbar-actions button.icon-button')!;
    expect(button.querySelector('svg')!.getAttribute('class')).toBe('icon icon-flip-rtl');
    expect(button.querySelector('span')!.className).toBe('');
    expect(button.querySelector('span')!.textContent).toBe('ES');
    dismissBootPreview();
    expect(document.getElementById('boot-preview')).toBeNull();
    expect(document.getElementById('root')?.hidden).toBe(false);
  });

  it('paints nothing for another user, signed out, another address or another language', () => {
    store(preview, { ...user, id: 'u-2' });
    expect(boot('/blog/all')).toBeNull();
    store(preview);
    localStorage.removeItem('token');
    expect(boot('/blog/all')).toBeNull();
    store(preview);
    expect(boot('/blog/all?page=2')).toBeNull();
    expect(boot('/blog/noticias')).toBeNull();
    store({ ...preview, lang: 'es' });
    expect(boot('/blog/all')).toBeNull();
    expect(document.getElementById('root')?.hidden).toBe(false);
    // The same snapshot, for its user, where it was made: painted.
    store(preview);
    expect(boot('/blog/all')).not.toBeNull();
  });
});
