import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Screens rendered whole (the form with its editor and pickers) on a busy 2-core machine: a slow start, not a failure.
vi.setConfig({ testTimeout: 20_000 });
import { CalendarFeedCard } from '../../../src/features/events/CalendarFeedCard';
import { ToastHost } from '../../../src/ui/ToastHost';

/**
 * The card talks to the server's calendar-feed API (written beside it); here the network
 * boundary, fetch, answers as that API does, and records what was asked.
 */
type Feed = { https: string; webcal: string; created_at: string } | null;

const feedOf = (token: string): Feed => ({
  https: `https://colinas.patio.test/api/v1/calendar/${token}.ics`,
  webcal: `webcal://colinas.patio.test/api/v1/calendar/${token}.ics`,
  created_at: '2026-11-20T10:00:00.000Z',
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeServer(initial: Feed) {
  let feed = initial;
  let made = 0;
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input: RequestInfo | URL) => {
    const request = input as Request;
    asked.push(`${request.method} ${new URL(request.url).pathname} ${request.headers.get('authorization') ?? ''}`);
    if (!new URL(request.url).pathname.endsWith('/api/v1/calendar/feed')) return Promise.resolve(json({ message: 'Not found.' }, 404));
    if (request.method === 'GET') return Promise.resolve(json({ feed }));
    if (request.method === 'POST') {
      feed = feedOf(`token-${++made}`);
      return Promise.resolve(json({ feed }, 201));
    }
    feed = null;
    return Promise.resolve(new Response(null, { status: 204 }));
  });
  return asked;
}

function renderCard() {
  localStorage.setItem('token', 'test-token');
  return render(
    <I18nProvider i18n={i18n}>
      <CalendarFeedCard />
      <ToastHost />
    </I18nProvider>,
  );
}

beforeEach(() => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true));
afterEach(() => vi.restoreAllMocks());

describe('the calendar link on the profile', () => {
  it('offers to create one when there is none, then shows its address to copy and subscribe to', async () => {
    const asked = fakeServer(null);
    renderCard();
    expect(screen.getByText(/Google Calendar, Apple Calendar or Outlook/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Create my calendar link' }));

    const address = await screen.findByLabelText<HTMLInputElement>('Your calendar link');
    expect(address.value).toBe('https://colinas.patio.test/api/v1/calendar/token-1.ics');
    expect(address.readOnly).toBe(true);
    expect(screen.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe('webcal://colinas.patio.test/api/v1/calendar/token-1.ics');
    expect(await screen.findByText('Your calendar link is ready')).toBeTruthy();
    expect(asked).toEqual(['GET /api/v1/calendar/feed Bearer test-token', 'POST /api/v1/calendar/feed Bearer test-token']);
  });

  it('copies the address, makes a new one after asking, and turns it off after asking', async () => {
    const asked = fakeServer(feedOf('old'));
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderCard();
    const address = await screen.findByLabelText<HTMLInputElement>('Your calendar link');
    expect(address.value).toContain('/old.ics');

    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('https://colinas.patio.test/api/v1/calendar/old.ics');
    expect(await screen.findByText('Link copied')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Make a new link' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Make a new link?' });
    expect(within(confirm).getByText(/current link stops working/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Make a new link' }));
    await screen.findByText('New link made. The old one no longer works.');
    expect(screen.getByLabelText<HTMLInputElement>('Your calendar link').value).toContain('/token-1.ics');

    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Turn off your calendar link?' })).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Create my calendar link' })).toBeTruthy();
    expect(screen.queryByLabelText('Your calendar link')).toBeNull();
    expect(asked.map((line) => line.split(' ')[0])).toEqual(['GET', 'POST', 'DELETE']);
  });

  it('says it needs the internet instead of failing offline', async () => {
    const asked = fakeServer(null);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderCard();
    expect(await screen.findByText('Connect to the internet to manage your calendar link.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create my calendar link' })).toBeNull();
    expect(asked).toEqual([]);
  });

  it('shows what the server said when it fails, with a way to try again', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(json({ message: 'Server Error' }, 500));
    renderCard();
    expect(await screen.findByText('Server Error')).toBeTruthy();
    fakeServer(null);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Create my calendar link' })).toBeTruthy();
  });
});
