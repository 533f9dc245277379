import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../contract/auth';
import { LanguageSelect } from '../../../src/i18n/LanguageSelect';
import { session } from '../../../src/session/session';

vi.setConfig({ testTimeout: 20_000 });

/** The network boundary, fetch: records each request and answers `answer` (204 unless told). */
function fakeServer(answer: () => Promise<Response> = () => Promise.resolve(new Response(null, { status: 204 }))) {
  const asked: { request: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const text = await request.text();
    asked.push({ request: `${request.method} ${new URL(request.url).pathname}`, body: text ? (JSON.parse(text) as unknown) : undefined });
    return answer();
  });
  return asked;
}

const languageReports = (asked: { request: string; body: unknown }[]) => asked.filter((one) => one.request === 'PUT /api/v1/profile/language');

function renderSelect() {
  render(
    <I18nProvider i18n={i18n}>
      <LanguageSelect />
    </I18nProvider>,
  );
  return screen.getByRole('combobox', { name: 'Language' });
}

const member: User = {
  id: '0190f3c2-0000-7000-8000-000000000002',
  college_id: 'college-1',
  role: 'guardian',
  status: 'active',
  name: 'Pedro',
  first_lastname: 'Soto',
  second_lastname: '',
  email: 'pedro@colinas.test',
  rut: null,
  phone: '',
  birthdate: null,
  avatar: null,
  place_id: null,
  section_ids: [],
  created_at: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true));
afterEach(() => {
  vi.restoreAllMocks();
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

describe("the language of a member's emails", () => {
  it('is told to the server when a signed-in member chooses a language', async () => {
    localStorage.setItem('token', 'test-token');
    const asked = fakeServer();
    fireEvent.change(renderSelect(), { target: { value: 'fr' } });
    await waitFor(() => expect(languageReports(asked)).toEqual([{ request: 'PUT /api/v1/profile/language', body: { language: 'fr' } }]));
    expect(i18n.locale).toBe('fr');
  });

  it('is not sent while nobody is signed in, nor offline', async () => {
    const asked = fakeServer();
    fireEvent.change(renderSelect(), { target: { value: 'de' } });
    await waitFor(() => expect(i18n.locale).toBe('de'));
    localStorage.setItem('token', 'test-token');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'es' } });
    await waitFor(() => expect(i18n.locale).toBe('es'));
    // Online again, the next choice is told: the two before it (already done) told nothing.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'fr' } });
    await waitFor(() => expect(asked).toEqual([{ request: 'PUT /api/v1/profile/language', body: { language: 'fr' } }]));
  });

  it('never gets in the way when the server refuses it or cannot be reached', async () => {
    localStorage.setItem('token', 'test-token');
    const asked = fakeServer(() => Promise.reject(new TypeError('Failed to fetch')));
    const errors = vi.spyOn(console, 'error');
    fireEvent.change(renderSelect(), { target: { value: 'ar' } });
    await waitFor(() => expect(languageReports(asked)).toHaveLength(1));
    expect(i18n.locale).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(errors).not.toHaveBeenCalled();
  });

  it('is told once after signing in, in the language the app is in', async () => {
    const asked = fakeServer();
    i18n.loadAndActivate({ locale: 'es-MX', messages: {} });
    session.signIn('test-token', member);
    await waitFor(() => expect(languageReports(asked)).toEqual([{ request: 'PUT /api/v1/profile/language', body: { language: 'es-MX' } }]));
  });
});
