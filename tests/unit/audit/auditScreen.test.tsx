import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hiddenValue, type AuditListResponse, type AuditRecord } from '../../../contract/audit';
import { auditDb } from '../../../src/features/audit/auditDb';
import { AuditScreen } from '../../../src/features/audit/AuditScreen';
import { renderRoutes, seedReferenceData, signInAs } from '../posts/postsTestKit';

// A whole screen rendered on a busy 2-core machine: a slow start, not a failure.
vi.setConfig({ testTimeout: 20_000 });

const record = (overrides: Partial<AuditRecord> = {}): AuditRecord => ({
  id: '0193a1b2-0000-7000-8000-00000000a001',
  kind: 'member.sectionsChanged',
  created_at: '2026-11-20T15:30:00.000Z',
  actor_id: '0193a1b2-0000-7000-8000-0000000000ad',
  actor_name: 'Marta Díaz',
  subject_member_id: '0193a1b2-0000-7000-8000-0000000000cc',
  subject_name: 'Renata Ibáñez',
  via: 'outbox',
  device_id: '0193a1b2-0000-7000-8000-00000d3v1c3a',
  session_id: '0193a1b2-0000-7000-8000-00000000f00d',
  user_agent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
  before: { section_ids: ['sec-1a'] },
  after: { section_ids: ['sec-2a'] },
  ...overrides,
});

const answer = (data: AuditRecord[], total = data.length, page = 1): AuditListResponse => ({
  data,
  meta: { total, page, per_page: 50, last_page: Math.max(1, Math.ceil(total / 50)) },
});

/** The network boundary answers as GET /api/v1/admin/audit does, and records what the screen asked it. */
function fakeServer(respond: (url: URL) => AuditListResponse) {
  const asked: URL[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input: RequestInfo | URL) => {
    const url = new URL((input as Request).url);
    // Signing in also tells the server the member's language (src/i18n/memberLanguage.ts).
    if (url.pathname !== '/api/v1/admin/audit') return Promise.resolve(new Response(null, { status: 204 }));
    asked.push(url);
    return Promise.resolve(new Response(JSON.stringify(respond(url)), { status: 200, headers: { 'content-type': 'application/json' } }));
  });
  return asked;
}

const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

const renderAudit = (userId: string, path = '/admin/audit') => renderRoutes(userId, path, <Route path="/admin/audit" element={<AuditScreen />} />);

describe('the audit trail screen', () => {
  afterEach(() => {
    // Unmounted first: coming back online must not make a screen of this test fetch.
    cleanup();
    vi.restoreAllMocks();
    setOnline(true);
  });

  it('shows each record readably: what, when, who, from which device, and the fields before → after', async () => {
    const { user, db } = await signInAs('admin');
    await seedReferenceData(db);
    fakeServer(() =>
      answer([
        record(),
        record({
          id: '0193a1b2-0000-7000-8000-00000000a002',
          kind: 'member.pinSet',
          via: 'rest',
          device_id: null,
          user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
          before: { pin: null },
          after: { pin: hiddenValue },
        }),
      ]),
    );
    renderAudit(user.id);
    const items = await screen.findAllByRole('listitem');
    const first = within(items[0]!);
    expect(first.getByText('Changed the sections of Renata Ibáñez')).toBeTruthy();
    expect(first.getByText('Marta Díaz')).toBeTruthy();
    expect(first.getByText('Device 0d3v1c3a (Chrome · Android), through its outbox')).toBeTruthy();
    // Section ids read as the device names them.
    await waitFor(() => expect(first.getByText('1° Básico 1° A')).toBeTruthy());
    expect(first.getByText('2° Básico 2° A')).toBeTruthy();
    expect(first.getByText('Sections')).toBeTruthy();
    const second = within(items[1]!);
    expect(second.getByText('Set the PIN of Renata Ibáñez')).toBeTruthy();
    expect(second.getByText('Online request (Firefox · Windows), session 0000f00d')).toBeTruthy();
    expect(second.getByText('(hidden)')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '2 records' })).toBeTruthy();
  });

  it('asks for what the filters and the address say, and pages 50 at a time', async () => {
    const { user } = await signInAs('admin');
    const asked = fakeServer((url) => answer([record()], 120, Number(url.searchParams.get('page') ?? 1)));
    renderAudit(user.id, '/admin/audit?kind=member.sectionsChanged&page=2');
    await screen.findByText('Changed the sections of Renata Ibáñez');
    expect(asked.at(-1)!.searchParams.toString()).toBe('kind=member.sectionsChanged&page=2');
    fireEvent.change(screen.getByLabelText('Member concerned', { exact: false }), { target: { value: ' Renata ' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    // A new filter starts again at the first page.
    await waitFor(() => expect(asked.at(-1)!.searchParams.toString()).toBe('member=Renata&kind=member.sectionsChanged&from=2026-11-01'));
    expect(asked.at(-1)!.pathname).toBe('/api/v1/admin/audit');
    expect(await screen.findByRole('link', { name: 'Page 3' })).toBeTruthy();
  });

  it('says honestly that the records need a connection, and changes the retention offline through the outbox', async () => {
    const { user, db } = await signInAs('admin');
    const asked = fakeServer(() => answer([]));
    setOnline(false);
    renderAudit(user.id);
    expect(await screen.findByText(/The audit trail is kept on the server and needs a connection/)).toBeTruthy();
    const keep = await screen.findByLabelText<HTMLSelectElement>('Keep records for');
    expect(keep.value).toBe('2');
    fireEvent.change(keep, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await db.outbox.toArray()).map((e) => [e.name, e.args])).toEqual([['audit.setRetention', { years: 5 }]]));
    expect(await auditDb(db).auditSettings.get(user.college_id)).toMatchObject({ retention_years: 5 });
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveProperty('disabled', true);
    expect(asked).toEqual([]);
  });

  it('tells a member who is not an administrator that the page is not for them', async () => {
    const { user } = await signInAs('staff');
    const asked = fakeServer(() => answer([record()]));
    renderAudit(user.id);
    expect(await screen.findByText('This page is for administrators.')).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(asked).toEqual([]);
  });
});
