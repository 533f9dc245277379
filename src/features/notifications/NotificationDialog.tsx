import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useItemSyncState } from '../../sync/hooks';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { LoadingState } from '../../ui/ScreenStates';
import type { ItemSyncState } from '../../ui/SyncStateBadge';
import { showToast } from '../../ui/toastStore';
import { NotificationDetailsView } from './NotificationDetailsView';
import { isUnread, useInboxItem } from './notificationQueries';
import { acknowledge, markRead } from './notificationWrites';
import { useNotificationsDb } from './useNotificationsDb';

export interface NotificationDialogProps {
  /** `?notification=`: the dialog is open while there is one. */
  notificationId: string | null;
  syncState: ItemSyncState | null;
  firstSyncPending: boolean;
  onClose: () => void;
}

/**
 * A notification over the inbox (deep-linkable: `/notifications?notification=<id>`, where
 * a push message's click lands). Opening it marks it read, offline too; if this member's
 * receipt arrives while it is open (a later page of the sync), it is marked then.
 */
export function NotificationDialog({ notificationId, syncState, firstSyncPending, onClose }: NotificationDialogProps) {
  const { t } = useLingui();
  const db = useNotificationsDb();
  const item = useInboxItem(notificationId);
  const receiptState = useItemSyncState(item?.receipt?.id ?? '');
  const [acknowledging, setAcknowledging] = useState(false);
  const unread = item ? isUnread(item) : false;

  useEffect(() => {
    if (!notificationId || !unread) return;
    markRead(db, notificationId).catch((error: unknown) => console.error(error));
  }, [db, notificationId, unread]);

  const onAcknowledge = () => {
    if (!notificationId) return;
    setAcknowledging(true);
    acknowledge(db, notificationId)
      .catch((error: unknown) => {
        console.error(error);
        showToast(t`Your confirmation could not be saved on this device. Please try again.`, 'error');
      })
      .finally(() => setAcknowledging(false));
  };

  const loading = notificationId !== null && (item === undefined || (item === null && firstSyncPending));
  const title = item ? item.notification.title : loading ? t`Notification` : t`This notification is not on this device`;

  let body;
  if (loading) body = <LoadingState label={firstSyncPending ? t`Downloading your notifications…` : t`Loading…`} />;
  else if (!item)
    body = (
      <div className="notification-gone">
        <p>
          <Trans>It may have been deleted, or it is not addressed to you.</Trans>
        </p>
        <div className="dialog-actions">
          <Button onClick={onClose}>
            <Trans>Back to notifications</Trans>
          </Button>
        </div>
      </div>
    );
  else
    body = (
      <NotificationDetailsView item={item} syncState={syncState} receiptState={receiptState} acknowledging={acknowledging} onAcknowledge={onAcknowledge} />
    );

  return (
    <Dialog open={notificationId !== null} onOpenChange={(open) => !open && onClose()} title={title}>
      {body}
    </Dialog>
  );
}
