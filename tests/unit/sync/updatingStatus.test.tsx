import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { metaKeys, type SyncStatusMeta } from '../../../src/db/syncMeta';
import { SyncStatus } from '../../../src/sync/SyncStatus';
import { renderRoutes, signInAs } from '../posts/postsTestKit';

/** The page's service worker registration, as far as the app uses it: it can be asked to look for a new version. */
function registrationWithUpdate(): { update: ReturnType<typeof vi.fn> } {
  const registration = { update: vi.fn(() => Promise.resolve()) };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: () => Promise.resolve(registration) } });
  return registration;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the app bar when the server no longer serves this app’s sync protocol', () => {
  it('says Patio is updating and asks the service worker for the new version once', async () => {
    const registration = registrationWithUpdate();
    const { user, db } = await signInAs('staff');
    const status: SyncStatusMeta = { phase: 'updating', received: 0, lastSyncedAt: null, error: 'protocol_unsupported' };
    await db.meta.put({ key: metaKeys.status, value: status });
    renderRoutes(user.id, '/', <Route path="/" element={<SyncStatus />} />);
    expect(await screen.findByText('Updating Patio…')).toBeTruthy();
    await waitFor(() => expect(registration.update).toHaveBeenCalledTimes(1));
  });

  it('asks nothing of the service worker while the server serves the app', async () => {
    const registration = registrationWithUpdate();
    const { user, db } = await signInAs('staff');
    const status: SyncStatusMeta = { phase: 'initial', received: 3, lastSyncedAt: null };
    await db.meta.put({ key: metaKeys.status, value: status });
    renderRoutes(user.id, '/', <Route path="/" element={<SyncStatus />} />);
    // The stored status is read (the download's progress shows) before looking for what is absent.
    expect(await screen.findByText('Downloading… 3 items')).toBeTruthy();
    expect(screen.queryByText('Updating Patio…')).toBeNull();
    expect(registration.update).not.toHaveBeenCalled();
  });
});
