import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The sent list and its dialog rendered whole on a busy 2-core machine: a slow start, not a failure.
vi.setConfig({ testTimeout: 20_000 });
import type { User } from '../../../contract/auth';
import type { DeliveryReport } from '../../../contract/delivery';
import type { NotificationDelivery, SentNotification } from '../../../contract/notifications';
import { SentScreen } from '../../../src/features/notifications/SentScreen';
import { aReport, figure } from '../delivery/deliveryTestKit';
import { renderRoutes } from '../posts/postsTestKit';
import { aNotification, notificationsUser } from './notificationsTestKit';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The server's answers for the sent list: the list, a notification's own figures
 * (`/notifications/:id/delivery`) and its delivery report (`/deliveries/notification/:id`).
 */
function fakeServer(sent: SentNotification, delivery: NotificationDelivery, report: DeliveryReport) {
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input: RequestInfo | URL) => {
    const request = input as Request;
    const path = new URL(request.url).pathname;
    asked.push(`${request.method} ${path}`);
    if (path === '/api/v1/notifications/sent') return Promise.resolve(json({ data: [sent] }));
    if (path === `/api/v1/notifications/${sent.id}/delivery`) return Promise.resolve(json(delivery));
    if (path === `/api/v1/deliveries/notification/${sent.id}/remind`) return Promise.resolve(json({ pushed: 5, emailed: 3 }));
    if (path === `/api/v1/deliveries/notification/${sent.id}`) return Promise.resolve(json(report));
    // Out of reach, as with no server (a 404 for the college's own record would forget the college).
    return Promise.reject(new TypeError('Failed to fetch'));
  });
  return asked;
}

async function openDelivery(role: User['role'], byThem: boolean, report: Partial<DeliveryReport> = {}) {
  const { user, db } = await notificationsUser(role);
  const sent: SentNotification = { ...aNotification({ emergency: true, author_id: byThem ? user.id : 'author-1' }), sent_to: 40, read: 12, acknowledged: 7 };
  const delivery: NotificationDelivery = {
    notification_id: sent.id,
    sent_to: 40,
    pushed: 30,
    read: 12,
    acknowledged: 7,
    emailed: 9,
    waiting_quiet_hours: 2,
    unread: [{ user_id: 'u-9', name: 'Lucía Pérez', role: 'guardian' }],
    reminded_at: null,
  };
  const asked = fakeServer(sent, delivery, aReport({ kind: 'notification', item_id: sent.id, emailed: 11, ...report }));
  renderRoutes(user.id, `/college-notifications?notification=${sent.id}`, <Route path="/college-notifications" element={<SentScreen />} />);
  const dialog = await screen.findByRole('dialog', { name: sent.title });
  return { dialog, sent, asked, db };
}

beforeEach(() => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true));
afterEach(() => vi.restoreAllMocks());

describe('a sent notification’s delivery', () => {
  it('shows its author the report’s figures beside the notification’s own, who was not reached, and sends again by every channel', async () => {
    const { dialog, sent, asked } = await openDelivery('staff', true);
    await waitFor(() => expect(figure(dialog, 'Opened from the email')).toBe('4'));
    expect(figure(dialog, 'Addressed to')).toBe('40');
    expect(figure(dialog, 'Read in the app')).toBe('12');
    expect(figure(dialog, 'Acknowledged')).toBe('7');
    expect(figure(dialog, 'Emailed')).toBe('11');
    expect(figure(dialog, 'Waiting for quiet hours to end')).toBe('2');
    expect(within(dialog).getByRole('region', { name: 'Not read yet' }).textContent).toContain('Lucía Pérez');
    expect(within(within(dialog).getByRole('region', { name: 'Not reached' })).getAllByRole('listitem')).toHaveLength(2);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send again to those who have not read it (28)' }));
    expect(await within(dialog).findByText('Sent again. Pushed: 5. Emailed: 3.')).toBeTruthy();
    expect(asked).toContain(`POST /api/v1/deliveries/notification/${sent.id}/remind`);
  });

  it('shows its author the notification’s own figures when it was sent before deliveries were counted', async () => {
    const { dialog, asked } = await openDelivery('staff', true, {
      state: 'untracked',
      addressed_to: 0,
      seen: 0,
      unread: 0,
      not_reached: 0,
      not_reached_members: [],
    });
    await waitFor(() => expect(asked.some((line) => line.includes('/deliveries/'))).toBe(true));
    expect(await within(dialog).findByRole('button', { name: 'Send again to those who have not read it' })).toBeTruthy();
    expect(figure(dialog, 'Sent to')).toBe('40');
    expect(figure(dialog, 'Addressed to')).toBeNull();
  });

  it('keeps, for another publisher, the notification’s own figures and its queued “send again”', async () => {
    const { dialog, sent, asked, db } = await openDelivery('staff', false);
    await waitFor(() => expect(figure(dialog, 'Sent to')).toBe('40'));
    expect(figure(dialog, 'Acknowledged')).toBe('7');
    expect(figure(dialog, 'Opened from the email')).toBeNull();
    expect(asked.some((line) => line.includes('/deliveries/'))).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send again to those who have not read it' }));
    await waitFor(async () => expect((await db.outbox.toArray()).map((entry) => [entry.name, entry.entityId])).toEqual([['notifications.remind', sent.id]]));
  });
});
