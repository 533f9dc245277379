import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// Screens rendered whole (the form with its editor and pickers) on a busy 2-core machine: a slow start, not a failure.
vi.setConfig({ testTimeout: 20_000 });
import type { CreateEventArgs, UpdateEventArgs } from '../../../contract/events';
import { createEvent } from '../../../src/features/events/eventWrites';
import { renderEventScreens, signInWithEvents, storedEvent, storeEvent } from './eventsTestKit';

function typeTime(label: string, text: string) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

/** The texts that describe a control (its error, the zone), by id. */
function descriptionOf(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

/** Chooses a day of the month after the one shown, through the date field's calendar; answers it. */
async function chooseNextMonthsDay(label: RegExp, dayOfMonth: string): Promise<string> {
  fireEvent.click(screen.getByRole('button', { name: label }));
  await screen.findByRole('grid');
  fireEvent.click(screen.getByRole('button', { name: /next month/i }));
  const month = (await screen.findByRole('grid')).querySelector('td[data-day]:not([data-outside])')!.getAttribute('data-day')!.slice(0, 7);
  fireEvent.click(within(document.querySelector<HTMLElement>(`td[data-day="${month}-${dayOfMonth}"]`)!).getByRole('button'));
  return `${month}-${dayOfMonth}`;
}

describe('the new-event form', () => {
  it('says at the end that the end must be after the start, with every other message, and queues nothing', async () => {
    const { user, db } = await signInWithEvents();
    renderEventScreens(user.id, '/events/new-event');
    await screen.findByLabelText('Start time');
    typeTime('Start time', '18:00');
    // The end followed the start: one hour later.
    expect(screen.getByLabelText<HTMLInputElement>('End time').value).toMatch(/^7:00\sPM$/);
    typeTime('End time', '17:00');
    fireEvent.click(screen.getByRole('button', { name: 'Create event' }));

    const endDate = screen.getByRole('button', { name: /^End date/ });
    await waitFor(() => expect(descriptionOf(endDate)).toContain('The end must be after the start.'));
    expect(endDate.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(screen.getByLabelText('End time'))).toContain('The end must be after the start.');
    expect(descriptionOf(screen.getByRole('button', { name: /^Start date/ }))).not.toContain('The end must be after the start.');
    expect(screen.getByText('The event name is required.')).toBeTruthy();
    expect(screen.getByText('Choose what kind of event it is.')).toBeTruthy();
    expect(screen.getByText('Choose at least one section.')).toBeTruthy();
    // The first field to fix has the focus.
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(await db.events.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('queues events.create with wall times and a repetition that ends after a number of times, then opens it', async () => {
    const { user, db } = await signInWithEvents();
    renderEventScreens(user.id, '/events/new-event');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Taller de ajedrez' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'activity' } });
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Biblioteca' } });
    const day = await chooseNextMonthsDay(/^Start date/, '15');
    typeTime('Start time', '9:30 am');
    fireEvent.change(screen.getByLabelText('Repeats'), { target: { value: 'weekly' } });
    fireEvent.click(screen.getByRole('radio', { name: 'After a number of times' }));
    fireEvent.change(screen.getByLabelText('Number of times'), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Everyone in the school' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create event' }));

    const shown = await screen.findByText(/Showing event /);
    const [entry] = await db.outbox.toArray();
    const args = entry!.args as CreateEventArgs;
    expect(shown.textContent).toBe(`Showing event ${args.id}`);
    expect(entry).toMatchObject({ name: 'events.create', entity: 'events', entityId: args.id, status: 'queued' });
    expect(args).toMatchObject({
      name: 'Taller de ajedrez',
      category: 'activity',
      location: 'Biblioteca',
      all_day: false,
      start: `${day}T09:30`,
      end: `${day}T10:30`,
      repeat: { freq: 'weekly', count: 6 },
      exceptions: [],
      calendar_sync: true,
      scope: 'college',
      section_ids: [],
    });
    expect(args.repeat).not.toHaveProperty('until');
    expect(await db.events.get(args.id)).toMatchObject({ time_zone: 'America/Santiago', sequence: 0, author_name: 'Ana Rojas' });

    // No server answers here: it is kept on this device; once applied, the toast says so.
    expect(await screen.findByText('Saved on this device. Sending it now…', undefined, { timeout: 5_000 })).toBeTruthy();
    await db.outbox.delete(entry!.seq);
    expect(await screen.findByText('Event created successfully')).toBeTruthy();
  });

  it('queues the days of an all-day event, its end the last day', async () => {
    const { user, db } = await signInWithEvents();
    renderEventScreens(user.id, '/events/new-event?day=2027-03-08');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Semana de la ciencia' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'culture' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'All day' }));
    expect(screen.queryByLabelText('Start time')).toBeNull();
    // The last day's calendar opens on the month the event is in.
    fireEvent.click(screen.getByRole('button', { name: /^Last day/ }));
    await screen.findByRole('grid');
    fireEvent.click(within(document.querySelector<HTMLElement>('td[data-day="2027-03-12"]')!).getByRole('button'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'All of 1° Básico' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create event' }));

    await screen.findByText(/Showing event /);
    const [entry] = await db.outbox.toArray();
    expect(entry!.args).toMatchObject({
      all_day: true,
      start: '2027-03-08',
      end: '2027-03-12',
      repeat: null,
      scope: 'everyone',
      section_ids: ['sec-1a', 'sec-1b'],
    });
  });

  it('tells students and guardians they may not add events', async () => {
    const { user } = await signInWithEvents('student');
    renderEventScreens(user.id, '/events/new-event');
    expect(await screen.findByRole('heading', { name: 'You are not allowed to create or edit events.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the calendar' }).getAttribute('href')).toBe('/events');
  });
});

describe('editing an event', () => {
  it('queues events.update with every field, the end moved with the start, and the local copy one sequence ahead', async () => {
    const { user, db } = await signInWithEvents();
    const event = storedEvent();
    await storeEvent(db, event);
    renderEventScreens(user.id, `/events/event/${event.id}/edit`);
    expect((await screen.findByLabelText<HTMLInputElement>('Name')).value).toBe('Reunión de apoderados');
    typeTime('Start time', '19:00');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show in calendar feeds' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect((await screen.findByText(/Showing event /)).textContent).toBe(`Showing event ${event.id}`);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ name: 'events.update', entityId: event.id });
    expect(entry!.args as UpdateEventArgs).toEqual({
      id: event.id,
      name: 'Reunión de apoderados',
      description: '<p>En el gimnasio.</p>',
      location: 'Gimnasio',
      category: 'meeting',
      all_day: false,
      start: '2026-12-03T19:00',
      end: '2026-12-03T20:30',
      repeat: null,
      exceptions: [],
      calendar_sync: false,
      course_ids: ['course-basica'],
      grade_ids: ['grade-1'],
      section_ids: ['sec-1a'],
      scope: 'everyone',
    });
    expect(await db.events.get(event.id)).toMatchObject({ start: '2026-12-03T19:00', calendar_sync: false, sequence: 3 });
  });

  it('fixes a refused change with what was sent, and resends it in its place', async () => {
    const { user, db } = await signInWithEvents();
    const { id, seq } = await createEvent(db, { ...storedEvent(), repeat: null }, { user, timeZone: 'America/Santiago' });
    const refused = { ...((await db.outbox.get(seq))!.args as CreateEventArgs), name: 'Reunión (corregir)', end: '2026-12-03T17:00' };
    await db.outbox.update(seq, {
      status: 'attention',
      args: refused,
      error: { status: 422, message: 'The given data was invalid.', errors: { end: ['The end must be after the start.'] } },
    });
    const before = (await db.outbox.get(seq))!.id;
    renderEventScreens(user.id, `/events/event/${id}/edit?resend=${seq}`);

    expect(await screen.findByRole('heading', { name: 'Fix and resend' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Reunión (corregir)');
    expect(descriptionOf(screen.getByRole('button', { name: /^End date/ }))).toContain('The end must be after the start.');
    typeTime('End time', '19:45');
    fireEvent.click(screen.getByRole('button', { name: 'Save and resend' }));

    await screen.findByText(/Showing event /);
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ seq, name: 'events.create', status: 'queued', args: { id, name: 'Reunión (corregir)', end: '2026-12-03T19:45' } });
    expect(entries[0]!.id).not.toBe(before);
    expect(entries[0]!.error).toBeUndefined();
    expect(await db.events.get(id)).toMatchObject({ name: 'Reunión (corregir)', end: '2026-12-03T19:45' });
  });

  it('says so when the event is not on this device', async () => {
    const { user } = await signInWithEvents();
    renderEventScreens(user.id, '/events/event/0190f3c2-0000-7000-8000-000000000000/edit');
    expect(await screen.findByRole('heading', { name: 'This event no longer exists.' })).toBeTruthy();
  });
});
