import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { monthGridDays, occurrencesByDay } from '../../../src/features/events/calendarDays';
import { occurrencesIn } from '../../../src/features/events/eventQueries';
import { anEvent, calendarUser, inLocale, renderCalendar } from './eventsTestKit';

// Screens rendered whole on a busy 2-core machine: a slow start, not a failure.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // Tuesday 24 November 2026, 09:00 in Santiago.
  vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

const weekdayHeaders = () => screen.getAllByRole('columnheader').map((th) => th.getAttribute('abbr'));
const dayButton = (label: RegExp) => screen.getByRole('button', { name: label });

describe('the month grid', () => {
  it('has whole weeks from Monday to Sunday', () => {
    // November 2026 starts on a Sunday: its grid starts on Monday 26 October, six weeks long.
    const november = monthGridDays('2026-11');
    expect([november[0], november.at(-1), november.length]).toEqual(['2026-10-26', '2026-12-06', 42]);
    expect(monthGridDays('2026-06').length).toBe(35);
    // February 2027 starts on a Monday and has 28 days: four weeks.
    expect(monthGridDays('2027-02')).toHaveLength(28);
  });

  it('puts an event of several days on each of its days in the grid, cut at the grid’s edges', () => {
    const days = monthGridDays('2026-11');
    const events = [
      anEvent({ name: 'Feria', all_day: true, start: '2026-10-20', end: '2026-10-27' }),
      anEvent({ name: 'Campamento', start: '2026-12-05T09:00', end: '2026-12-08T18:00' }),
      anEvent({ name: 'Antes', all_day: true, start: '2026-09-01', end: '2026-09-02' }),
    ];
    const byDay = occurrencesByDay(occurrencesIn(events, '2026-09-01', '2027-01-31'), days);
    const names = (day: string) => byDay[days.indexOf(day)]!.map((occurrence) => occurrence.event.name);
    expect([names('2026-10-26'), names('2026-10-27'), names('2026-10-28')]).toEqual([['Feria'], ['Feria'], []]);
    expect([names('2026-12-04'), names('2026-12-05'), names('2026-12-06')]).toEqual([[], ['Campamento'], ['Campamento']]);
    expect(byDay.flat().some((occurrence) => occurrence.event.name === 'Antes')).toBe(false);
  });

  it('starts on Monday with the weekdays and dates of the page’s language (Spanish, Arabic)', async () => {
    const { user } = await calendarUser('student');
    await inLocale('es', async () => {
      const view = renderCalendar(user.id, '/events?view=month&month=2026-11');
      expect(await screen.findByRole('heading', { name: 'Noviembre de 2026' })).toBeTruthy();
      expect(weekdayHeaders()).toEqual(['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo']);
      const firstCell = within(screen.getByRole('table')).getAllByRole('button')[0]!;
      expect(firstCell.querySelector('.visually-hidden')?.textContent).toBe('Lunes, 26 de octubre de 2026. ');
      view.unmount();
    });
    await inLocale('ar', async () => {
      renderCalendar(user.id, '/events?view=month&month=2026-11');
      await screen.findByRole('table');
      const headers = weekdayHeaders();
      expect(headers[0]).toBe(new Intl.DateTimeFormat('ar', { weekday: 'long', timeZone: 'UTC' }).format(new Date('2026-11-23T12:00:00Z')));
      expect(headers[0]).toMatch(/الاثنين/);
      expect(headers[6]).toMatch(/الأحد/);
    });
  });

  it('shows a weekly event at its wall time on both sides of the daylight-saving change', async () => {
    const { user, db } = await calendarUser('student');
    // Santiago moves its clocks forward in the night of Saturday 5 to Sunday 6 September 2026.
    await db.events.bulkPut([
      anEvent({ name: 'Taller de ajedrez', start: '2026-08-29T18:00', end: '2026-08-29T19:00', repeat: { freq: 'weekly', count: 3 } }),
      anEvent({ name: 'Vigilia', category: 'culture', start: '2026-09-06T00:30', end: '2026-09-06T01:30' }),
    ]);
    renderCalendar(user.id, '/events?view=month&month=2026-09');
    await screen.findByRole('heading', { name: 'September 2026' });
    // 29 August is before the grid's first day (Monday 31 August); 5 September before the change, 12 after.
    for (const day of ['5', '12']) {
      const cell = await waitFor(() => dayButton(new RegExp(`^Saturday, September ${day}, 2026, 1 event\\. `)), { timeout: 10_000 });
      expect(cell.querySelector('.month-chip-time')?.textContent?.trim()).toBe('6:00 PM');
    }
    expect(dayButton(/^Saturday, September 19, 2026\.\s*$/).querySelector('.month-chip')).toBeNull();
    // A time the change skips is still shown as written.
    expect(
      dayButton(/^Sunday, September 6, 2026, 1 event\. /)
        .querySelector('.month-chip-time')
        ?.textContent?.trim(),
    ).toBe('12:30 AM');

    fireEvent.click(dayButton(/^Saturday, September 12, 2026/));
    const list = await screen.findByRole('heading', { name: 'Saturday, September 12, 2026', level: 3 });
    expect(list.parentElement?.querySelector('.event-item-when')?.textContent).toMatch(/^6:00\s*–\s*7:00\sPM$/);
  });

  it('moves between days with the arrow keys, into the next month past the last week', async () => {
    const { user } = await calendarUser('student');
    renderCalendar(user.id, '/events?view=month');
    await screen.findByRole('heading', { name: 'November 2026' });
    const today = dayButton(/^Tuesday, November 24, 2026/);
    expect(today.getAttribute('aria-current')).toBe('date');
    expect(today.tabIndex).toBe(0);
    today.focus();
    fireEvent.keyDown(today, { key: 'ArrowRight' });
    await waitFor(() => expect(document.activeElement?.querySelector('.visually-hidden')?.textContent).toBe('Wednesday, November 25, 2026. '));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    await screen.findByRole('heading', { name: 'December 2026' });
    await waitFor(() => expect(document.activeElement?.querySelector('.visually-hidden')?.textContent).toBe('Wednesday, December 9, 2026. '));
  });

  it('shows the next month from the grid built ahead, with its events, and builds the one after once idle', async () => {
    const { user, db } = await calendarUser('student');
    await db.events.bulkPut([anEvent({ name: 'Acto de fin de año', start: '2026-12-18T11:00', end: '2026-12-18T13:00' })]);
    renderCalendar(user.id, '/events?view=month');
    await screen.findByRole('heading', { name: 'November 2026' });
    // December is built beside November, out of sight and out of the accessibility tree.
    const december = await waitFor(() => {
      const grid = document.querySelector<HTMLElement>('[data-month-grid="2026-12"]');
      if (!grid?.querySelector('[data-key]')) throw new Error('December is not built yet');
      return grid;
    });
    expect(december.closest('.calendar-ahead')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('button', { name: /^Friday, December 18, 2026, 1 event/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    // In the click: the same table, shown, with its event.
    expect(screen.getByRole('heading', { name: 'December 2026' })).toBeTruthy();
    expect(document.querySelector('[data-month-grid="2026-12"]')).toBe(december);
    expect(december.closest('.calendar-ahead')).toBeNull();
    expect(dayButton(/^Friday, December 18, 2026, 1 event\. /).textContent).toContain('Acto de fin de año');
    // Then, idle: January is built, and November kept for the way back.
    await waitFor(() => expect(document.querySelector('[data-month-grid="2027-01"]')?.closest('.calendar-ahead')).toBeTruthy(), { timeout: 10_000 });
    expect(document.querySelector('[data-month-grid="2026-11"]')?.closest('.calendar-ahead')).toBeTruthy();
  });
});
