import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../contract/auth';
import { messages } from '../../../contract/messages';
import type { SsoSettingsView } from '../../../contract/sso';
import { IntegrationsScreen } from '../../../src/features/integrations/IntegrationsScreen';
import { domainsError, draftOf, inputOf } from '../../../src/features/integrations/ssoSettingsDraft';
import { translateServerMessage } from '../../../src/i18n/serverMessages';
import { session } from '../../../src/session/session';
import { ToastHost } from '../../../src/ui/ToastHost';

vi.setConfig({ testTimeout: 20_000 });

const admin: User = {
  id: '0190f3c2-0000-7000-8000-000000000001',
  college_id: 'college-1',
  role: 'admin',
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
  section_ids: [],
  created_at: '2026-01-01T00:00:00.000Z',
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The network boundary, fetch, answering as the server's integrations routes do: the single
 * sign-on settings are stored as the server stores them (the secret kept, never sent back).
 */
function fakeServer(refuse?: Record<string, string[]>) {
  let stored: (SsoSettingsView & { secret: string }) | null = null;
  const sent: { method: string; body: unknown }[] = [];
  const view = () => (stored ? (({ secret: _secret, ...rest }) => rest)(stored) : null);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const path = new URL(request.url).pathname;
    if (path === '/api/v1/admin/integrations/smtp') return json({ data: null });
    if (path === '/api/v1/admin/mail-log') return json({ data: [], next_cursor: null });
    if (path === '/api/v1/admin/delivery-settings') return json({ inactive_days: 7, mails_per_second: 10 });
    if (path !== '/api/v1/admin/integrations/sso') throw new TypeError('Failed to fetch');
    if (request.method === 'GET') return json({ data: view() });
    if (request.method === 'DELETE') {
      sent.push({ method: 'DELETE', body: null });
      stored = null;
      return json({ data: null });
    }
    const body = (await request.json()) as {
      display_name: string;
      issuer: string;
      client_id: string;
      client_secret: string;
      clear_client_secret: boolean;
      allowed_domains: string[];
      enabled: boolean;
    };
    sent.push({ method: request.method, body });
    if (refuse) return json({ message: 'The given data was invalid.', errors: refuse }, 422);
    const secret = body.clear_client_secret ? '' : body.client_secret || (stored?.secret ?? '');
    stored = {
      display_name: body.display_name,
      issuer: body.issuer,
      client_id: body.client_id,
      client_secret_set: secret !== '',
      secret,
      allowed_domains: body.allowed_domains,
      enabled: body.enabled,
      updated_at: new Date(Date.now() + sent.length).toISOString(),
    };
    return json({ data: view() });
  });
  return sent;
}

function renderScreen() {
  session.signIn('test-token', admin);
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <IntegrationsScreen />
      </MemoryRouter>
      <ToastHost />
    </I18nProvider>,
  );
}

async function card() {
  return screen.findByRole('region', { name: 'Single sign-on' });
}

beforeEach(() => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true));
afterEach(() => vi.restoreAllMocks());

describe('the single sign-on card', () => {
  it('shows the redirect URI to register, saves the settings and then only says a secret is set', async () => {
    const sent = fakeServer();
    renderScreen();
    const sso = await card();
    expect(within(sso).getByLabelText<HTMLInputElement>('Redirect URI to register at the provider').value).toBe(
      `${window.location.origin}/api/v1/sso/callback`,
    );
    fireEvent.change(await within(sso).findByLabelText('Name on the button'), { target: { value: 'Google Workspace' } });
    fireEvent.change(within(sso).getByLabelText('Issuer URL'), { target: { value: 'https://accounts.google.com' } });
    fireEvent.change(within(sso).getByLabelText('Client ID'), { target: { value: 'patio-client' } });
    fireEvent.change(within(sso).getByLabelText('Client secret'), { target: { value: 'very-secret' } });
    fireEvent.change(within(sso).getByLabelText('Allowed email domains'), { target: { value: '@Colinas.test, apoderados.colinas.test' } });
    fireEvent.click(within(sso).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Single sign-on settings saved')).toBeTruthy();
    expect(sent).toEqual([
      {
        method: 'PUT',
        body: {
          display_name: 'Google Workspace',
          issuer: 'https://accounts.google.com',
          client_id: 'patio-client',
          client_secret: 'very-secret',
          clear_client_secret: false,
          // As the contract reads them (lower case, no @), before they leave the device.
          allowed_domains: ['colinas.test', 'apoderados.colinas.test'],
          enabled: true,
        },
      },
    ]);
    // Write-only: the secret is not in the form any more, only that one is set.
    expect(await within(sso).findByText('A client secret is set')).toBeTruthy();
    expect(within(sso).queryByLabelText('Client secret')).toBeNull();
    expect(sso.innerHTML).not.toContain('very-secret');

    // Saving again without touching it keeps it (a blank secret is sent).
    fireEvent.click(within(sso).getByRole('checkbox', { name: 'Offer it on the sign-in page' }));
    fireEvent.click(within(sso).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toMatchObject({ client_secret: '', clear_client_secret: false, enabled: false });
    expect(await within(sso).findByText('A client secret is set')).toBeTruthy();
  });

  it('checks on the device first, shows the server’s 422 next to its field, and removes the settings after asking', async () => {
    const sent = fakeServer({ issuer: [messages.ssoIssuerInvalid] });
    renderScreen();
    const sso = await card();
    fireEvent.click(await within(sso).findByRole('button', { name: 'Save' }));
    expect(await within(sso).findByText(translateServerMessage(i18n, messages.ssoDisplayNameRequired))).toBeTruthy();
    expect(within(sso).getByText(translateServerMessage(i18n, messages.ssoClientIdRequired))).toBeTruthy();
    fireEvent.change(within(sso).getByLabelText('Allowed email domains'), { target: { value: 'colinas' } });
    fireEvent.click(within(sso).getByRole('button', { name: 'Save' }));
    expect(await within(sso).findByText(translateServerMessage(i18n, messages.ssoDomainInvalid))).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(within(sso).getByLabelText('Name on the button'), { target: { value: 'Entra ID' } });
    fireEvent.change(within(sso).getByLabelText('Issuer URL'), { target: { value: 'https://login.example/tenant' } });
    fireEvent.change(within(sso).getByLabelText('Client ID'), { target: { value: 'id' } });
    fireEvent.change(within(sso).getByLabelText('Allowed email domains'), { target: { value: '' } });
    fireEvent.click(within(sso).getByRole('button', { name: 'Save' }));
    expect(await within(sso).findByText(translateServerMessage(i18n, messages.ssoIssuerInvalid))).toBeTruthy();
    expect(within(sso).getByLabelText('Issuer URL').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(1);
  });

  it('stops single sign-on only once the administrator confirms', async () => {
    const sent = fakeServer();
    renderScreen();
    const sso = await card();
    fireEvent.change(await within(sso).findByLabelText('Name on the button'), { target: { value: 'Google' } });
    fireEvent.change(within(sso).getByLabelText('Issuer URL'), { target: { value: 'https://accounts.google.com' } });
    fireEvent.change(within(sso).getByLabelText('Client ID'), { target: { value: 'patio-client' } });
    fireEvent.click(within(sso).getByRole('button', { name: 'Save' }));
    fireEvent.click(await within(sso).findByRole('button', { name: 'Stop single sign-on' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Stop single sign-on?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Stop single sign-on' }));
    expect(await screen.findByText('Single sign-on stopped: members sign in with their password')).toBeTruthy();
    expect(sent.map((request) => request.method)).toEqual(['PUT', 'DELETE']);
    expect(within(sso).queryByRole('button', { name: 'Stop single sign-on' })).toBeNull();
    expect(within(sso).getByLabelText<HTMLInputElement>('Name on the button').value).toBe('');
  });

  it('cannot be saved offline', async () => {
    fakeServer();
    renderScreen();
    const sso = await card();
    const save = await within(sso).findByRole<HTMLButtonElement>('button', { name: 'Save' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    await vi.waitFor(() => expect(save.disabled).toBe(true));
    expect(within(sso).getByText('Connect to the internet to change these settings.')).toBeTruthy();
  });
});

describe('the card’s draft', () => {
  it('sends a typed secret only, splits the domains, and names the domains field for any one of them', () => {
    const saved: SsoSettingsView = {
      display_name: 'Google',
      issuer: 'https://accounts.google.com',
      client_id: 'c',
      client_secret_set: true,
      allowed_domains: ['a.test', 'b.test'],
      enabled: false,
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    const draft = draftOf(saved);
    expect(draft).toMatchObject({ domains: 'a.test, b.test', replacing: false, enabled: false });
    expect(inputOf({ ...draft, client_secret: 'typed but not replacing' }).client_secret).toBe('');
    expect(inputOf({ ...draft, replacing: true, client_secret: 'new' }).client_secret).toBe('new');
    expect(inputOf({ ...draft, domains: ' a.test,b.test;\nc.test  ' }).allowed_domains).toEqual(['a.test', 'b.test', 'c.test']);
    expect(draftOf(null)).toMatchObject({ replacing: true, enabled: true, domains: '' });
    expect(domainsError({ 'allowed_domains.2': 'bad' })).toBe('bad');
    expect(domainsError({ issuer: 'bad' })).toBeUndefined();
  });
});
