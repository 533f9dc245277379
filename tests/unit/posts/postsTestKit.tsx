import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { MemoryRouter, Routes } from 'react-router-dom';
import type { User } from '../../../contract/auth';
import { uuidv7 } from '../../../contract/ids';
import type { Post } from '../../../contract/posts';
import { PatioDb, databaseName } from '../../../src/db/database';
import { DbProvider } from '../../../src/db/DbProvider';
import { postsDb, type LocalPost, type PostsDb } from '../../../src/features/posts/postsDb';
import { writeWords } from '../../../src/db/searchIndex';
import { postsSearch } from '../../../src/features/posts/postWords';
import { UiModulesProvider } from '../../../src/modules/UiModules';
import { dataModules } from '../../../src/registry/dataModules';
import { uiModules } from '../../../src/registry/uiModules';
import { session } from '../../../src/session/session';
import { writeCachedCollege } from '../../../src/tenant/collegeCache';
import { getTenant, startTenant } from '../../../src/tenant/tenantStore';
import { ToastHost } from '../../../src/ui/ToastHost';
import type { College } from '../../../contract/college';

export const collegeSlug = 'colinas';

const college: College = {
  id: 'college-1',
  slug: collegeSlug,
  name: 'Colegio Las Colinas',
  short_name: 'Colinas',
  acronym: 'CLC',
  address: '',
  commune: { id: 'c1', name: 'Valparaíso' },
  email: '',
  phone: '',
  language: 'es',
  image: '/img/hero.png',
  image_menu: '/img/menu.png',
  image_splash: '/img/splash.png',
  logo: '/img/logo.png',
  have_advertising: false,
  show_onboarding: false,
  app_status_publishing: 1,
  allow_signup: false,
  time_zone: 'America/Santiago',
  setting: { id: 's1', theme_color: '#1d4ed8' },
  places: [],
  courses: [],
  grades: [],
  sections: [],
  created_at: '2026-01-01T00:00:00.000Z',
};

/** The tenant gate's college, from the offline cache (screens set page titles with it). */
async function readyTenant(): Promise<void> {
  if (getTenant().status === 'ready') return;
  writeCachedCollege(college);
  await startTenant();
}

/** A signed-in user with a fresh local database of their own. */
export async function signInAs(role: User['role']): Promise<{ user: User; db: PostsDb }> {
  await readyTenant();
  const user: User = {
    id: uuidv7(),
    college_id: 'college-1',
    role,
    status: 'active',
    name: 'Ana',
    first_lastname: 'Rojas',
    second_lastname: '',
    email: 'ana@colinas.test',
    rut: null,
    phone: '',
    birthdate: null,
    avatar: null,
    place_id: null,
    section_ids: ['sec-1a'],
    created_at: '2026-01-01T00:00:00.000Z',
  };
  session.signIn('test-token', user);
  return { user, db: postsDb(new PatioDb(databaseName(collegeSlug, user.id), dataModules)) };
}

/** Básica (1° A, 1° B, 2° A) and Media (I° A), two categories. */
export async function seedReferenceData(db: PostsDb): Promise<void> {
  await db.categories.bulkPut([
    { id: 'cat-news', slug: 'noticias', name: 'Noticias', position: 1 },
    { id: 'cat-sports', slug: 'deportes', name: 'Deportes', position: 2 },
  ]);
  await db.courses.bulkPut([
    { id: 'course-basica', name: 'Básica', position: 1 },
    { id: 'course-media', name: 'Media', position: 2 },
  ]);
  await db.grades.bulkPut([
    { id: 'grade-1', course_id: 'course-basica', name: '1° Básico', position: 1 },
    { id: 'grade-2', course_id: 'course-basica', name: '2° Básico', position: 2 },
    { id: 'grade-i', course_id: 'course-media', name: 'I° Medio', position: 3 },
  ]);
  await db.sections.bulkPut([
    { id: 'sec-1a', grade_id: 'grade-1', name: '1° A', place_id: null },
    { id: 'sec-1b', grade_id: 'grade-1', name: '1° B', place_id: null },
    { id: 'sec-2a', grade_id: 'grade-2', name: '2° A', place_id: null },
    { id: 'sec-ia', grade_id: 'grade-i', name: 'I° A', place_id: null },
  ]);
}

/** A post as the sync engine stores it (its search words: `storePosts`). */
export function localPost(overrides: Partial<Post> & { id?: string } = {}): LocalPost {
  const post: Post = {
    id: uuidv7(),
    college_id: 'college-1',
    title: 'Reunión de apoderados',
    content: '<p>Los esperamos en el gimnasio.</p>',
    category_id: 'cat-news',
    course_ids: ['course-basica'],
    grade_ids: ['grade-1'],
    section_ids: ['sec-1a'],
    scope: 'everyone',
    published_at: '2026-03-01T12:00:00.000Z',
    author_id: 'author-1',
    author_name: 'Marta Díaz',
    views: 3,
    created_at: '2026-03-01T12:00:00.000Z',
    updated_at: '2026-03-01T12:00:00.000Z',
    ...overrides,
  };
  return post;
}

/** Stores posts with their search words, as they are once indexed. */
export async function storePosts(db: PostsDb, posts: readonly LocalPost[]): Promise<void> {
  await db.transaction('rw', db.posts, db.postWords, db.postTerms, async () => {
    await db.posts.bulkPut([...posts]);
    await writeWords(db, postsSearch, posts);
  });
}

/** The app's providers around some routes, starting at `path`. */
export function renderRoutes(userId: string, path: string, routes: ReactNode) {
  return render(
    <I18nProvider i18n={i18n}>
      <UiModulesProvider value={uiModules}>
        <DbProvider collegeSlug={collegeSlug} userId={userId} modules={dataModules}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>{routes}</Routes>
          </MemoryRouter>
          <ToastHost />
        </DbProvider>
      </UiModulesProvider>
    </I18nProvider>,
  );
}

/**
 * Writes HTML into the form's editor as typing would change its DOM, once the editor's chunk
 * has loaded; resolves when the editor has read it (its textbox takes the text's direction).
 */
export async function typeContent(html: string): Promise<void> {
  const editor = await screen.findByRole('textbox', { name: 'Content' });
  editor.innerHTML = html;
  fireEvent.input(editor);
  await waitFor(() => expect(editor.getAttribute('dir')).toBe('auto'));
}
