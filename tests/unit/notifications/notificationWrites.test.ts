import { describe, expect, it } from 'vitest';
import { createNotificationArgs, notificationReceiptArgs } from '../../../contract/notifications';
import { discard } from '../../../src/sync/outboxActions';
import { countUnread } from '../../../src/features/notifications/notificationQueries';
import { acknowledge, createNotification, markRead, remind, remindersEntity } from '../../../src/features/notifications/notificationWrites';
import { aNotification, notificationsUser, storeNotification } from './notificationsTestKit';

describe('the notifications’ local writes', () => {
  it('sends a notification through the outbox with a UUIDv7 id and args the server’s schema accepts, shown at once', async () => {
    const { user, db } = await notificationsUser('admin');
    const now = new Date('2026-11-24T15:00:00.000Z');
    const { id, seq } = await createNotification(
      db,
      { title: 'Simulacro', content: 'A las 11:00.', emergency: true, course_ids: [], grade_ids: [], section_ids: [], scope: 'college' },
      user,
      now,
    );
    const entry = await db.outbox.get(seq);
    expect(entry).toMatchObject({ name: 'notifications.create', entity: 'notifications', entityId: id, status: 'queued', before: { row: null } });
    expect(createNotificationArgs.safeParse(entry!.args).success).toBe(true);
    const row = await db.notifications.get(id);
    expect(row).toMatchObject({ title: 'Simulacro', emergency: true, author_name: 'Ana Rojas', created_at: now.toISOString(), _emergency: now.toISOString() });
    // The alerts' index holds it; an ordinary notification stays out of it.
    await storeNotification(db, aNotification({ emergency: false }));
    expect(await db.notifications.where('_emergency').above('').primaryKeys()).toEqual([id]);
  });

  it('marks read once, in the receipt and the unread index, and does nothing for a notification not sent to this member', async () => {
    const { db } = await notificationsUser('guardian');
    const notification = aNotification();
    const receipt = await storeNotification(db, notification);
    expect(await countUnread(db)).toBe(1);

    const [first, second] = await Promise.all([markRead(db, notification.id), markRead(db, notification.id)]);
    expect([first, second].filter((seq) => seq !== null)).toHaveLength(1);
    const stored = await db.notificationReceipts.get(receipt!.id);
    expect(stored?.read_at).not.toBeNull();
    expect(stored?._unread).toBeUndefined();
    expect(await countUnread(db)).toBe(0);
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(notificationReceiptArgs.safeParse(entries[0]!.args).success).toBe(true);

    const notMine = aNotification();
    await storeNotification(db, notMine, null);
    expect(await markRead(db, notMine.id)).toBeNull();
    expect(await db.outbox.count()).toBe(1);
  });

  it('acknowledging also reads, and discarding a refused acknowledgement puts the receipt back as it was', async () => {
    const { db } = await notificationsUser('guardian');
    const alert = aNotification({ emergency: true });
    const receipt = await storeNotification(db, alert);
    const seq = await acknowledge(db, alert.id, new Date('2026-11-24T15:01:00.000Z'));
    expect(seq).not.toBeNull();
    expect(await db.notificationReceipts.get(receipt!.id)).toMatchObject({ read_at: '2026-11-24T15:01:00.000Z', acknowledged_at: '2026-11-24T15:01:00.000Z' });
    expect(await countUnread(db)).toBe(0);
    expect(await acknowledge(db, alert.id)).toBeNull();

    await db.outbox.update(seq!, { status: 'attention', error: { status: 404, message: 'This notification no longer exists.' } });
    await discard(db, seq!);
    expect(await db.notificationReceipts.get(receipt!.id)).toMatchObject({ read_at: null, acknowledged_at: null, _unread: 1 });
    expect(await countUnread(db)).toBe(1);
  });

  it('queues "send again" without touching the notification (no before-image, no "not sent" on it)', async () => {
    const { db } = await notificationsUser('staff');
    const notification = aNotification();
    await storeNotification(db, notification, null);
    const seq = await remind(db, notification.id);
    const entry = await db.outbox.get(seq);
    expect(entry).toMatchObject({
      name: 'notifications.remind',
      entity: remindersEntity,
      entityId: notification.id,
      args: { notification_id: notification.id },
    });
    expect(entry?.before).toBeUndefined();
  });

  it('counts only unread receipts whose notification is on the device', async () => {
    const { db } = await notificationsUser('guardian');
    await storeNotification(db, aNotification());
    // A receipt whose notification has not arrived yet (a later page of the sync).
    await db.notificationReceipts.put({ id: 'r-early', notification_id: 'n-later', read_at: null, acknowledged_at: null, _unread: 1 });
    expect(await countUnread(db)).toBe(1);
  });
});
