import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../contract/auth';
import type { MailLogItem } from '../../../contract/integrations';
import { messages } from '../../../contract/messages';
import { translateServerMessage } from '../../../src/i18n/serverMessages';
import { IntegrationsScreen } from '../../../src/features/integrations/IntegrationsScreen';
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

const loggedMail: MailLogItem = {
  id: 'mail-1',
  to: 'pedro.soto@colinas.test',
  subject: 'Reunión de apoderados',
  status: 'logged',
  attempts: 0,
  error: null,
  next_attempt_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  sent_at: null,
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The network boundary, fetch, answering as the server's integrations and delivery-settings
 * routes do; a PUT of the settings is stored, or refused with `refuse`'s 422.
 */
function fakeServer(refuse?: Record<string, string[]>) {
  let settings = { inactive_days: 7, mails_per_second: 10 };
  const puts: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const path = new URL(request.url).pathname;
    if (path === '/api/v1/admin/integrations/smtp') return json({ data: null });
    if (path === '/api/v1/admin/mail-log') return json({ data: [loggedMail], next_cursor: null });
    // Anything else (the member's language, told on signing in) finds no server.
    if (path !== '/api/v1/admin/delivery-settings') throw new TypeError('Failed to fetch');
    if (request.method === 'GET') return json(settings);
    const body = (await request.json()) as typeof settings;
    puts.push(body);
    if (refuse) return json({ message: 'The given data was invalid.', errors: refuse }, 422);
    settings = body;
    return json(settings);
  });
  return puts;
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

beforeEach(() => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true));
afterEach(() => vi.restoreAllMocks());

describe('reaching families, on the mail settings screen', () => {
  it('shows the college’s settings and saves them', async () => {
    const puts = fakeServer();
    renderScreen();
    const card = await screen.findByRole('region', { name: 'Reaching families' });
    const days = await within(card).findByLabelText<HTMLInputElement>('Days without opening Patio before email is sent anyway');
    const rate = within(card).getByLabelText<HTMLInputElement>('Emails per second, at most');
    expect([days.value, rate.value]).toEqual(['7', '10']);
    fireEvent.change(days, { target: { value: '14' } });
    fireEvent.change(rate, { target: { value: '25' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Delivery settings saved')).toBeTruthy();
    expect(puts).toEqual([{ inactive_days: 14, mails_per_second: 25 }]);
  });

  it("shows the server's 422 next to its field, and its own check before sending", async () => {
    const puts = fakeServer({ mails_per_second: [messages.mailRateInvalid] });
    renderScreen();
    const card = await screen.findByRole('region', { name: 'Reaching families' });
    const days = await within(card).findByLabelText<HTMLInputElement>('Days without opening Patio before email is sent anyway');
    const rate = within(card).getByLabelText<HTMLInputElement>('Emails per second, at most');
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText(translateServerMessage(i18n, messages.mailRateInvalid))).toBeTruthy();
    expect(rate.getAttribute('aria-invalid')).toBe('true');
    expect(days.getAttribute('aria-invalid')).toBeNull();
    expect(puts).toHaveLength(1);

    // An empty field is refused on the device, next to it, without asking the server.
    fireEvent.change(days, { target: { value: '' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText(translateServerMessage(i18n, messages.inactiveDaysInvalid))).toBeTruthy();
    expect(puts).toHaveLength(1);
  });

  it('says a mail recorded without a mail server was not sent', async () => {
    fakeServer();
    renderScreen();
    const log = await screen.findByRole('list', { name: 'Mail log' });
    expect(within(log).getByText('Not sent: no mail server configured')).toBeTruthy();
  });
});
