import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Screens rendered whole (the form with its editor and pickers) on a busy 2-core machine: a slow start, not a failure.
vi.setConfig({ testTimeout: 20_000 });
import { uuidv7 } from '../../../contract/ids';
import { deviceTimeZone } from '../../../src/features/events/eventDates';
import { anEvent, calendarUser, renderCalendar } from './eventsTestKit';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

const workshop = () =>
  anEvent({
    name: 'Taller de robótica',
    category: 'activity',
    location: 'Laboratorio de ciencias',
    description: '<p>Traer <strong>notebook</strong>.</p><img src=x onerror="alert(1)">',
    start: '2026-11-17T15:30',
    end: '2026-11-17T17:00',
    repeat: { freq: 'weekly', count: 6 },
    scope: 'students',
    section_ids: ['sec-1a', 'sec-1b'],
  });

describe('an event’s details', () => {
  it('open from the address, with the date’s times, the repetition, the place and who it is for', async () => {
    const { user, db } = await calendarUser('staff');
    const event = workshop();
    await db.events.put(event);
    renderCalendar(user.id, `/events?event=${event.id}&day=2026-12-01`);
    const dialog = await screen.findByRole('dialog', { name: 'Taller de robótica' });
    const details = within(dialog);
    expect(details.getByText('Tuesday, December 1, 2026')).toBeTruthy();
    expect(details.getByText(/^3:30\s*–\s*5:00\sPM$/)).toBeTruthy();
    expect(details.getByText('Every week, 6 times')).toBeTruthy();
    expect(details.getByRole('link', { name: 'Find on OpenStreetMap' }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/search?query=Laboratorio%20de%20ciencias',
    );
    expect(dialog.querySelector('.event-audience')?.textContent).toBe('Students of 1° Básico');
    expect(details.getByText(/^Added by/).textContent).toBe('Added by Marta Díaz');
    expect(dialog.querySelector('.event-description')?.innerHTML).toBe('<p>Traer <strong>notebook</strong>.</p>');
    expect(details.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/events/event/${event.id}/edit`);
    expect(details.getByRole('button', { name: 'Add to calendar' })).toBeTruthy();
    // The device's own zone is named beside the college's when they differ.
    if (deviceTimeZone() !== 'America/Santiago') expect(details.getByText(/^On this device/)).toBeTruthy();

    fireEvent.click(details.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Opened by a link: closing leaves the calendar, not the modal, in the address.
    expect((await screen.findAllByText('Taller de robótica')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when the event is not on this device, and readers get no publisher controls', async () => {
    const { user, db } = await calendarUser('student');
    renderCalendar(user.id, `/events?event=${uuidv7()}`);
    const gone = await screen.findByRole('dialog', { name: 'This event no longer exists' });
    expect(within(gone).getByText('It may have been deleted, or it is not addressed to you.')).toBeTruthy();
    fireEvent.click(within(gone).getByRole('button', { name: 'Back to the calendar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const event = workshop();
    await db.events.put(event);
    fireEvent.click((await screen.findAllByRole('link', { name: 'Taller de robótica' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Taller de robótica' });
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(dialog).queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(dialog.querySelector('.event-audience')).toBeNull();
  });

  it('deletes one date of a repeating event as an exception, queued as events.update', async () => {
    const { user, db } = await calendarUser('staff');
    const event = workshop();
    await db.events.put(event);
    renderCalendar(user.id, `/events?event=${event.id}&day=2026-12-01`);
    const dialog = await screen.findByRole('dialog', { name: 'Taller de robótica' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this repeating event?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete only this date' }));

    // Opening it also queued the member's view (events.view, in the background): the change is the other entry.
    const changes = async () => (await db.outbox.toArray()).filter((queued) => !queued.background);
    await waitFor(async () => expect(await changes()).toHaveLength(1));
    const [entry] = await changes();
    expect(entry).toMatchObject({ name: 'events.update', entity: 'events', entityId: event.id, args: { id: event.id, exceptions: ['2026-12-01'] } });
    expect((await db.events.get(event.id))?.exceptions).toEqual(['2026-12-01']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The agenda no longer has that date, and the others say they are not sent yet.
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Taller de robótica' })).toHaveLength(4));
    expect(screen.getAllByText('Not sent').length).toBe(4);
    expect(await screen.findByText(/^Saved on this device\./, {}, { timeout: 3000 })).toBeTruthy();
  });

  it('deletes a single event after confirming, queued as events.delete', async () => {
    const { user, db } = await calendarUser('admin');
    const event = anEvent({ name: 'Muestra de teatro' });
    await db.events.put(event);
    renderCalendar(user.id, `/events?event=${event.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Muestra de teatro' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this event?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    // Besides the view of opening it (events.view, in the background).
    await waitFor(async () => expect((await db.outbox.toArray()).map((e) => e.name).sort()).toEqual(['events.delete', 'events.view']));
    expect(await db.events.get(event.id)).toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('an event’s files', () => {
  it('are listed under its description, each opening from the server', async () => {
    const { user, db } = await calendarUser('student');
    const map = { id: uuidv7(), name: 'Plano del gimnasio.pdf', mime_type: 'application/pdf' as const, size: 250_000 };
    const event = workshop();
    await db.events.put({ ...event, attachments: [map] });
    renderCalendar(user.id, `/events?event=${event.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Taller de robótica' });
    const files = within(within(dialog).getByRole('region', { name: 'Attachments' }));
    expect(files.getByRole('heading', { level: 3, name: 'Attachments' })).toBeTruthy();
    expect(files.getByRole('listitem').textContent).toBe('Plano del gimnasio.pdfPDF document250 kB');
    expect(files.getByRole('link', { name: 'Plano del gimnasio.pdf' }).getAttribute('href')).toBe(`/api/v1/attachments/${map.id}/file?inline=1`);
    const description = dialog.querySelector('.event-description')!;
    expect(description.compareDocumentPosition(files.getByRole('listitem')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('show its photos in the details, above its other files, and the viewer closes back to the details', async () => {
    const { user, db } = await calendarUser('student');
    const photo = {
      id: uuidv7(),
      name: 'robot.jpg',
      mime_type: 'image/jpeg' as const,
      size: 900_000,
      width: 1600,
      height: 1200,
      widths: [320, 640, 1280],
      alt: 'Un robot de piezas de colores',
    };
    const map = { id: uuidv7(), name: 'Plano del gimnasio.pdf', mime_type: 'application/pdf' as const, size: 250_000 };
    const event = workshop();
    await db.events.put({ ...event, attachments: [photo, map] });
    renderCalendar(user.id, `/events?event=${event.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Taller de robótica' });
    const picture = within(dialog).getByRole('img', { name: 'Un robot de piezas de colores' });
    expect(picture.getAttribute('loading')).toBe('lazy');
    const files = within(within(dialog).getByRole('region', { name: 'Attachments' }));
    expect(files.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Plano del gimnasio.pdfPDF document250 kB']);
    expect(picture.compareDocumentPosition(files.getByRole('listitem')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Un robot de piezas de colores' }));
    const viewer = await screen.findByRole('dialog', { name: 'Photo' });
    expect(within(viewer).getByText('Un robot de piezas de colores')).toBeTruthy();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Photo' })).toBeNull());
    // Only the viewer closed: the event's details stay open.
    expect(screen.getByRole('dialog', { name: 'Taller de robótica' })).toBeTruthy();
  });
});
