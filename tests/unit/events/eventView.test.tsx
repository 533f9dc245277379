import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Screens rendered whole (the calendar and its dialog) on a busy 2-core machine: a slow start, not a failure.
vi.setConfig({ testTimeout: 20_000 });
import type { User } from '../../../contract/auth';
import { viewEventOnce } from '../../../src/features/events/eventViews';
import { aReport, fakeDeliveryServer, figure, findDeliverySection } from '../delivery/deliveryTestKit';
import { anEvent, calendarUser, renderCalendar } from './eventsTestKit';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A member with an event of the calendar stored, written by them or by someone else. */
async function withEvent(role: User['role'], byThem: boolean) {
  const { user, db } = await calendarUser(role);
  const event = anEvent({ name: 'Muestra de teatro', author_id: byThem ? user.id : 'author-1' });
  await db.events.put(event);
  const server = fakeDeliveryServer(aReport({ kind: 'event', item_id: event.id }));
  return { user, db, event, server };
}

describe('opening an event’s details', () => {
  it('queues one events.view, in the background, however often it is opened', async () => {
    const { user, db, event } = await withEvent('student', false);
    renderCalendar(user.id, `/events?event=${event.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Muestra de teatro' });
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ name: 'events.view', args: { event_id: event.id }, entity: 'viewedEvents', entityId: event.id, background: true });
    // Having seen it is not a change of the member's: the event is not "not sent".
    expect(within(dialog).queryByText('Not sent')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click((await screen.findAllByRole('link', { name: 'Muestra de teatro' }))[0]!);
    expect(await screen.findByRole('dialog', { name: 'Muestra de teatro' })).toBeTruthy();
    // Opened again (and by another tab at once): still the one view.
    expect(await Promise.all([viewEventOnce(db, event.id), viewEventOnce(db, event.id)])).toEqual([false, false]);
    expect((await db.outbox.toArray()).map((queued) => queued.name)).toEqual(['events.view']);
  });

  it('queues nothing for the event’s own author, who sees how it was delivered', async () => {
    const { user, db, event, server } = await withEvent('staff', true);
    renderCalendar(user.id, `/events?event=${event.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Muestra de teatro' });
    const section = await findDeliverySection();
    expect(dialog.contains(section)).toBe(true);
    expect(within(section).getByRole('heading', { level: 3, name: 'Delivery' })).toBeTruthy();
    await waitFor(() => expect(figure(section, 'Opened from the email')).toBe('4'));
    expect(server.asked[0]).toBe(`GET /api/v1/deliveries/event/${event.id}`);
    expect(await db.outbox.count()).toBe(0);
  });

  it('shows administrators how anyone’s event was delivered, and other publishers nothing of it', async () => {
    const admin = await withEvent('admin', false);
    const view = renderCalendar(admin.user.id, `/events?event=${admin.event.id}`);
    const section = await findDeliverySection();
    await waitFor(() => expect(figure(section, 'Addressed to')).toBe('40'));
    view.unmount();
    vi.restoreAllMocks();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);

    const staff = await withEvent('staff', false);
    renderCalendar(staff.user.id, `/events?event=${staff.event.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Muestra de teatro' });
    await waitFor(async () => expect(await staff.db.outbox.count()).toBe(1));
    expect(within(dialog).queryByRole('region', { name: 'Delivery' })).toBeNull();
    expect(staff.server.asked).toEqual([]);
  });
});
