import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Screens rendered whole (the form with its editor and pickers) on a busy 2-core machine: a slow start, not a failure.
vi.setConfig({ testTimeout: 20_000 });
import { UpcomingEvents } from '../../../src/features/events/UpcomingEvents';
import { renderRoutes } from '../posts/postsTestKit';
import { Route } from 'react-router-dom';
import { anEvent, calendarUser, renderCalendar } from './eventsTestKit';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // Tuesday 24 November 2026, 09:00 in Santiago.
  vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

const dayHeadings = () => screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('the agenda', () => {
  it('lists the coming events by day, from today, and reaches earlier and later ones on request', async () => {
    const { user, db } = await calendarUser('student');
    await db.events.bulkPut([
      anEvent({ name: 'Consejo de curso', start: '2026-11-24T10:00', end: '2026-11-24T11:00', location: 'Sala 4' }),
      anEvent({ name: 'Prueba de Historia', category: 'exam', start: '2026-11-25T08:00', end: '2026-11-25T09:30' }),
      anEvent({ name: 'Feria del libro', category: 'culture', all_day: true, start: '2026-11-25', end: '2026-11-27' }),
      // Began last week and still going on: shown under today.
      anEvent({ name: 'Semana de la ciencia', category: 'activity', all_day: true, start: '2026-11-20', end: '2026-11-26' }),
      anEvent({ name: 'Acto de inicio', category: 'culture', start: '2026-10-15T09:00', end: '2026-10-15T10:30' }),
      anEvent({ name: 'Licenciatura', category: 'culture', start: '2027-03-10T18:00', end: '2027-03-10T20:00' }),
    ]);
    renderCalendar(user.id, '/events');
    await screen.findByText('Consejo de curso');
    expect(dayHeadings()).toEqual(['TodayTuesday, November 24', 'TomorrowWednesday, November 25']);
    const today = screen.getByText('Consejo de curso').closest('li')!;
    expect(today.querySelector('.event-item-when')?.textContent).toMatch(/^10:00\s*–\s*11:00\sAM$/);
    expect(today.textContent).toContain('Sala 4');
    expect(screen.getByText('Semana de la ciencia').closest('li')?.querySelector('.event-item-when')?.textContent).toMatch(/^All day · Nov 20\s–\s26, 2026$/);
    // All-day events come first on their day.
    const tomorrow = [...screen.getAllByRole('listitem')].filter((item) => item.classList.contains('agenda-day'))[1]!;
    expect([...tomorrow.querySelectorAll('.event-item-link')].map((link) => link.textContent)).toEqual(['Feria del libro', 'Prueba de Historia']);
    expect(screen.queryByText('Acto de inicio')).toBeNull();
    expect(screen.queryByText('Licenciatura')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show earlier events' }));
    await screen.findByText('Acto de inicio');
    expect(dayHeadings()[0]).toBe('Thursday, October 15');
    expect(screen.getByText('Acto de inicio').closest('.agenda-day')?.classList.contains('agenda-day-past')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Show later events' }));
    await screen.findByText('Licenciatura');
    expect(dayHeadings().at(-1)).toBe('Wednesday, March 10, 2027');
  });

  it('links each event to its details over the calendar, and filters by category in the address', async () => {
    const { user, db } = await calendarUser('staff');
    const exam = anEvent({ name: 'Prueba de Historia', category: 'exam', start: '2026-11-25T08:00', end: '2026-11-25T09:30' });
    await db.events.bulkPut([exam, anEvent({ name: 'Reunión', start: '2026-11-26T19:00', end: '2026-11-26T20:00' })]);
    renderCalendar(user.id, '/events?cat=exam');
    await screen.findByText('Prueba de Historia');
    expect(screen.queryByText('Reunión')).toBeNull();
    expect(screen.getByRole('button', { name: /Exam/, pressed: true })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Prueba de Historia' }).getAttribute('href')).toBe(`/events?cat=exam&event=${exam.id}&day=2026-11-25`);
    expect(screen.getByRole('link', { name: 'New event' }).getAttribute('href')).toBe('/events/new-event');

    fireEvent.click(screen.getByRole('button', { name: 'All', pressed: false }));
    await screen.findByText('Reunión');
  });

  it('says honestly that nothing is coming, and which days it looked at', async () => {
    const { user } = await calendarUser('guardian');
    renderCalendar(user.id, '/events');
    expect(await screen.findByText('No events from Nov 24, 2026 to Feb 23, 2027')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New event' })).toBeNull();
  });
});

describe('coming up, on the home screen', () => {
  it('shows the next five events with links to their dates, or that none are coming', async () => {
    const { user, db } = await calendarUser('student');
    const weekly = anEvent({
      name: 'Taller de robótica',
      category: 'activity',
      start: '2026-11-17T15:30',
      end: '2026-11-17T17:00',
      repeat: { freq: 'weekly', count: 10 },
    });
    await db.events.put(weekly);
    const view = renderRoutes(user.id, '/app', <Route path="/app" element={<UpcomingEvents />} />);
    await screen.findAllByText('Taller de robótica');
    const links = screen.getAllByRole('link', { name: 'Taller de robótica' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      ['2026-11-24', '2026-12-01', '2026-12-08', '2026-12-15', '2026-12-22'].map((day) => `/events?event=${weekly.id}&day=${day}`),
    );
    expect(screen.getByRole('link', { name: 'See the calendar' }).getAttribute('href')).toBe('/events');
    view.unmount();

    await db.events.clear();
    renderRoutes(user.id, '/app', <Route path="/app" element={<UpcomingEvents />} />);
    await waitFor(() => expect(screen.getByText('No events coming up')).toBeTruthy());
  });

  it('builds the month view ahead, hidden, so the "Month" tap shows a grid already drawn with its events', async () => {
    const { user, db } = await calendarUser('student');
    await db.events.bulkPut([anEvent({ name: 'Consejo de curso', start: '2026-11-27T10:00', end: '2026-11-27T11:00' })]);
    renderCalendar(user.id, '/events');
    await screen.findByText('Consejo de curso');
    // Once the agenda is drawn and the page idle: the month view, with the months either side, out of sight.
    const chip = await waitFor(
      () => {
        const built = document.querySelector<HTMLElement>('[data-month-grid="2026-11"] [data-key]');
        if (!built) throw new Error('The month view is not built yet');
        return built;
      },
      { timeout: 5000 },
    );
    // Out of sight and out of the accessibility tree (calendar.css `.calendar-ahead`), the months either side with it.
    const ahead = chip.closest<HTMLElement>('.calendar-ahead')!;
    expect(ahead.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('heading', { name: /November 2026/ })).toBeNull();
    expect(document.querySelector('[data-month-grid="2026-12"]')!.closest('.calendar-ahead')).not.toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Month' }));
    // No waiting: the click shows the grid that was built, the same elements.
    expect(chip.closest('.calendar-ahead, [aria-hidden]')).toBeNull();
    expect(screen.getByRole('heading', { name: /November 2026/ })).toBeTruthy();
    expect(document.querySelector('[data-month-grid="2026-11"] [data-key]')).toBe(chip);
    expect(chip.textContent).toContain('Consejo de curso');
    // The agenda is kept, its rendering skipped, for the way back.
    expect(document.querySelector('section.agenda')!.closest('.calendar-away')?.getAttribute('aria-hidden')).toBe('true');
  });
});
