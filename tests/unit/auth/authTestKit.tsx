import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import type { College } from '../../../contract/college';
import type { User } from '../../../contract/auth';
import { RedirectSignedIn } from '../../../src/session/guards';
import { writeCachedCollege } from '../../../src/tenant/collegeCache';
import { getTenant, startTenant } from '../../../src/tenant/tenantStore';

/** The college of the sign-in pages (the tenant gate's, from the offline cache). */
export const college: College = {
  id: 'college-1',
  slug: 'colinas',
  name: 'Colegio Las Colinas',
  short_name: 'Colinas',
  acronym: 'CLC',
  address: '',
  commune: { id: 'c1', name: 'La Florida' },
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
  setting: { id: 's1', theme_color: '#2f7d4f' },
  places: [],
  courses: [],
  grades: [],
  sections: [],
  created_at: '2026-01-01T00:00:00.000Z',
};

export const member: User = {
  id: '0190f3c2-0000-7000-8000-000000000002',
  college_id: college.id,
  role: 'guardian',
  status: 'active',
  name: 'Antonia',
  first_lastname: 'Riquelme',
  second_lastname: 'Sandoval',
  email: 'antonia.riquelme@colinas.test',
  rut: null,
  phone: '',
  birthdate: null,
  avatar: null,
  place_id: null,
  section_ids: [],
  created_at: '2026-01-01T00:00:00.000Z',
};

export async function readyTenant(): Promise<void> {
  if (getTenant().status === 'ready') return;
  writeCachedCollege(college);
  await startTenant();
}

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

let handler: (request: SentRequest) => Response | Promise<Response> = () => json({ message: 'Not found.' }, 404);
let sent: SentRequest[] = [];

/*
 * The network boundary, fetch, for the whole file: the college's own record (the tenant's
 * background refresh) is answered as it is cached, the rest by the test's `fakeServer`, and
 * what a test leaves running (a sign-out's revocation) finds nothing after it.
 */
vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL) => {
  const request = input as Request;
  const path = new URL(request.url).pathname;
  if (path === '/api/colleges/domain') return json(college);
  const text = request.method === 'GET' ? '' : await request.text();
  const sentRequest = { method: request.method, path, body: text ? (JSON.parse(text) as unknown) : undefined };
  sent.push(sentRequest);
  return handler(sentRequest);
});

/** Answers with `answer(request)` from now on; returns what is sent from now on. */
export function fakeServer(answer: (request: SentRequest) => Response | Promise<Response>): SentRequest[] {
  handler = answer;
  sent = [];
  return sent;
}

/** Between tests: nothing answers but the college. */
export function quietServer(): void {
  handler = () => json({ message: 'Not found.' }, 404);
}

/** Where the router is now, shown by the routes below the guard. */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

/** One public page of the sign-in (inside RedirectSignedIn, as in src/app/router.tsx), opened at `url`; answers the router. */
export function renderPublicPage(path: string, element: ReactNode, url: string) {
  const routes: RouteObject[] = [
    {
      element: <RedirectSignedIn />,
      children: [
        { path, element },
        { path: 'auth/login', element: <Where /> },
      ],
    },
    { path: '*', element: <Where /> },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  // Strict, as the app runs (src/main.tsx): effects run twice.
  render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>,
  );
  return router;
}
