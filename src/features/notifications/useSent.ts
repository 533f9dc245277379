import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import type { SentNotification } from '../../../contract/notifications';
import type { OutboxEntry } from '../../db/database';
import { loadOf, useOnlineResource, type ResourceLoad } from '../../online/useOnlineResource';
import type { ItemSyncState } from '../../ui/SyncStateBadge';
import type { LocalNotification } from './notificationsDb';
import { fetchSent } from './notificationsApi';
import { useNotificationsDb } from './useNotificationsDb';

/** A notification written on this device that the server has not received yet, with its outbox state. */
export interface UnsentNotification {
  notification: LocalNotification;
  state: ItemSyncState;
}

export type SentLoad = ResourceLoad<SentNotification[]>;

export interface SentState {
  load: SentLoad;
  /** Sent from this device, not received by the server yet (shown offline too). */
  unsent: UnsentNotification[] | undefined;
  online: boolean;
  retry: () => void;
}

/** Live: this device's notifications still in the outbox, newest first. */
function useUnsent(): UnsentNotification[] | undefined {
  const db = useNotificationsDb();
  return useLiveQuery(async () => {
    const entries: OutboxEntry[] = await db.outbox.where('status').anyOf('queued', 'sending', 'attention').toArray();
    const creates = entries.filter((entry) => entry.name === 'notifications.create');
    const rows = await db.notifications.bulkGet(creates.map((entry) => entry.entityId));
    return creates
      .flatMap((entry, i) => {
        const notification = rows[i];
        return notification ? [{ notification, state: entry.status }] : [];
      })
      .sort((a, b) => b.notification.created_at.localeCompare(a.notification.created_at));
  }, [db]);
}

/**
 * What the college sent, from the server (figures are not kept on the device), asked again
 * whenever one of this device's notifications leaves the outbox so it appears with its
 * figures; beside it, what this device wrote and has not sent yet.
 */
export function useSent(): SentState {
  const unsent = useUnsent();
  const unsentKey = useMemo(() => (unsent ?? []).map((item) => item.notification.id).join(','), [unsent]);
  const sent = useOnlineResource('sent-notifications', fetchSent, { askAgainOn: unsentKey });
  const { online, retry } = sent;
  const load = loadOf(sent);

  // A notification the server already lists is not "unsent" any more (its entry is leaving).
  const listed = load.status === 'ready' ? new Set(load.data.map((item) => item.id)) : null;
  const stillUnsent = listed && unsent ? unsent.filter((item) => !listed.has(item.notification.id)) : unsent;
  return { load, unsent: stillUnsent, online, retry };
}
