import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { uuidv7 } from '../../../contract/ids';
import { countUnread } from '../../../src/features/notifications/notificationQueries';
import { aNotification, notificationsUser, renderInbox, storeNotification } from './notificationsTestKit';

// Screens rendered whole with their dialogs on a busy 2-core machine: a slow start, not a failure.
vi.setConfig({ testTimeout: 20_000 });

const itemOf = (title: string) => screen.getByText(title, { selector: '.notification-title' }).closest('li')!;

describe('the inbox', () => {
  it('lists notifications newest first, marks unread ones in words and weight and alerts by icon and words', async () => {
    const { user, db } = await notificationsUser('guardian');
    await storeNotification(db, aNotification({ title: 'Older, read', created_at: '2026-11-18T10:00:00.000Z' }), { read_at: '2026-11-18T11:00:00.000Z' });
    await storeNotification(db, aNotification({ title: 'Suspensión de clases', emergency: true, created_at: '2026-11-21T07:00:00.000Z' }));
    await storeNotification(db, aNotification({ title: 'Newest, unread', created_at: '2026-11-22T09:00:00.000Z' }));
    renderInbox(user.id);

    await screen.findByText('Newest, unread');
    const titles = [...document.querySelectorAll('.notification-title')].map((node) => node.textContent);
    expect(titles).toEqual(['Newest, unread', 'Suspensión de clases', 'Older, read']);

    const unread = itemOf('Newest, unread');
    expect(within(unread).getByText('Unread').className).toBe('visually-hidden');
    expect(unread.classList.contains('is-unread')).toBe(true);
    expect(within(unread).queryByText('Emergency alert')).toBeNull();
    expect(within(itemOf('Older, read')).queryByText('Unread')).toBeNull();

    const alert = itemOf('Suspensión de clases');
    expect(within(alert).getByText('Emergency alert')).toBeTruthy();
    expect(within(alert).getByText('Unread')).toBeTruthy();
    expect(alert.querySelector('.notification-emergency-tag svg')).not.toBeNull();
    // Only the first line of the message is in the list.
    expect(within(unread).getByText('El jueves a las 19:00 en el gimnasio.')).toBeTruthy();
  });

  it('says it is downloading before the first sync ends, and that there is nothing yet after', async () => {
    const { user, db } = await notificationsUser('student');
    await db.meta.clear();
    renderInbox(user.id);
    expect(await screen.findByText('Downloading your notifications…', { selector: 'p' })).toBeTruthy();
    await db.meta.put({ key: 'firstSyncDone', value: true });
    expect(await screen.findByText(/^No notifications yet/)).toBeTruthy();
  });

  it('opens one from its address and marks it read on this device, queued as a background notifications.read', async () => {
    const { user, db } = await notificationsUser('guardian');
    const notification = aNotification({ title: 'Reunión de apoderados' });
    const receipt = await storeNotification(db, notification);
    await storeNotification(db, aNotification({ title: 'Another one' }));
    expect(await countUnread(db)).toBe(2);
    renderInbox(user.id, `/notifications?notification=${notification.id}`);

    const dialog = await screen.findByRole('dialog', { name: 'Reunión de apoderados' });
    expect(within(dialog).getByText(/Traer la libreta/).textContent).toBe('El jueves a las 19:00 en el gimnasio.\nTraer la libreta.');
    await waitFor(async () => expect((await db.notificationReceipts.get(receipt!.id))?.read_at).not.toBeNull());
    expect(await countUnread(db)).toBe(1);
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      name: 'notifications.read',
      args: { notification_id: notification.id },
      background: true,
      entity: 'notificationReceipts',
      entityId: receipt!.id,
    });
    // Not an alert: nothing to acknowledge.
    expect(within(dialog).queryByRole('button', { name: 'I have read this' })).toBeNull();
  });

  it('asks for an explicit acknowledgement of an alert, applies it at once and queues notifications.acknowledge', async () => {
    const { user, db } = await notificationsUser('guardian');
    const alert = aNotification({ title: 'Corte de agua', emergency: true, content: 'Retiren a los estudiantes a las 12:00.' });
    const receipt = await storeNotification(db, alert);
    renderInbox(user.id, `/notifications?notification=${alert.id}`);

    const dialog = await screen.findByRole('dialog', { name: 'Corte de agua' });
    expect(within(dialog).getByText('Emergency alert')).toBeTruthy();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'I have read this' }));

    expect(await within(dialog).findByText('Acknowledged')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'I have read this' })).toBeNull();
    // Not sent yet: the acknowledgement says so until the server has it.
    expect(within(dialog).getByText('Not sent')).toBeTruthy();
    const stored = await db.notificationReceipts.get(receipt!.id);
    expect(stored?.acknowledged_at).not.toBeNull();
    expect(stored?.read_at).not.toBeNull();
    const acknowledgements = (await db.outbox.toArray()).filter((entry) => entry.name === 'notifications.acknowledge');
    expect(acknowledgements).toHaveLength(1);
    expect(acknowledgements[0]).toMatchObject({ args: { notification_id: alert.id }, status: 'queued' });
    expect(acknowledgements[0]?.background).toBeUndefined();
  });

  it('says so when the notification is not on this device, and offers no acknowledgement to a member it was not sent to', async () => {
    const { user, db } = await notificationsUser('staff');
    renderInbox(user.id, `/notifications?notification=${uuidv7()}`);
    const gone = await screen.findByRole('dialog', { name: 'This notification is not on this device' });
    fireEvent.click(within(gone).getByRole('button', { name: 'Back to notifications' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Staff read what went to families; they have no receipt of it, so it is neither unread nor theirs to acknowledge.
    const alert = aNotification({ title: 'Alerta para familias', emergency: true });
    await storeNotification(db, alert, null);
    fireEvent.click(await screen.findByRole('link', { name: /Alerta para familias/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Alerta para familias' });
    expect(within(dialog).queryByRole('button', { name: 'I have read this' })).toBeNull();
    expect(within(itemOf('Alerta para familias')).queryByText('Unread')).toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });
});
