import { i18n } from '@lingui/core';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DbProvider } from '../../../src/db/DbProvider';
import { notificationsUi } from '../../../src/features/notifications/ui';
import { markRead } from '../../../src/features/notifications/notificationWrites';
import { useNavCounts } from '../../../src/modules/navCounts';
import { useAppBadge } from '../../../src/pwa/appBadge';
import { dataModules } from '../../../src/registry/dataModules';
import { collegeSlug } from '../posts/postsTestKit';
import { aNotification, notificationsUser, storeNotification } from './notificationsTestKit';

const entries = notificationsUi.nav ?? [];

/** What the shell does with the entries' counts (src/app/useNavItems.tsx), without the rest of the shell. */
function Counts() {
  const { counts, readers } = useNavCounts(entries);
  const count = counts.get('/notifications');
  useAppBadge(count);
  const entry = entries[0]!;
  return (
    <>
      {readers}
      <p>{count === undefined ? 'not counted' : entry.count!.describe(i18n, count)}</p>
    </>
  );
}

afterEach(() => {
  for (const name of ['setAppBadge', 'clearAppBadge']) Reflect.deleteProperty(navigator, name);
});

describe('the unread count', () => {
  it('follows the inbox live, in words, and keeps the installed app’s icon in step', async () => {
    const setAppBadge = vi.fn(() => Promise.resolve());
    const clearAppBadge = vi.fn(() => Promise.resolve());
    // jsdom has no Badging API: this stands for a browser that has one.
    Object.defineProperty(navigator, 'setAppBadge', { value: setAppBadge, configurable: true });
    Object.defineProperty(navigator, 'clearAppBadge', { value: clearAppBadge, configurable: true });
    const { user, db } = await notificationsUser('guardian');
    const first = aNotification();
    await storeNotification(db, first);
    await storeNotification(db, aNotification({ emergency: true }));

    const view = render(
      <DbProvider collegeSlug={collegeSlug} userId={user.id} modules={dataModules}>
        <Counts />
      </DbProvider>,
    );
    expect(await screen.findByText('2 unread notifications')).toBeTruthy();
    expect(setAppBadge).toHaveBeenLastCalledWith(2);

    await markRead(db, first.id);
    expect(await screen.findByText('1 unread notification')).toBeTruthy();
    expect(setAppBadge).toHaveBeenLastCalledWith(1);

    await storeNotification(db, aNotification(), { read_at: '2026-11-24T10:00:00.000Z' });
    await db.notificationReceipts.toCollection().modify((receipt) => {
      receipt.read_at = '2026-11-24T10:00:00.000Z';
      delete receipt._unread;
    });
    expect(await screen.findByText('0 unread notifications')).toBeTruthy();
    await waitFor(() => expect(clearAppBadge).toHaveBeenCalled());

    // Leaving the signed-in area (a sign-out) clears the icon: it must not speak for the last user.
    clearAppBadge.mockClear();
    view.unmount();
    expect(clearAppBadge).toHaveBeenCalledTimes(1);
  });
});
