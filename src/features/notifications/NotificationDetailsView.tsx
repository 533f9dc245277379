import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { formatShortDate } from '../../i18n/formatDate';
import { Button } from '../../ui/Button';
import { SyncStateBadge, type ItemSyncState } from '../../ui/SyncStateBadge';
import { AcknowledgedTag, EmergencyTag } from './AlertTag';
import { needsAcknowledgement, type InboxItem } from './notificationQueries';
import { authorName } from '../../i18n/authorName';

export interface NotificationDetailsViewProps {
  item: InboxItem;
  /** The notification's own state (sent from this device and not received yet). */
  syncState: ItemSyncState | null;
  /** The state of this member's acknowledgement while it travels. */
  receiptState: ItemSyncState | null;
  acknowledging: boolean;
  onAcknowledge: () => void;
}

/** One notification in full; an emergency alert asks for an explicit "I have read this". */
export function NotificationDetailsView({ item, syncState, receiptState, acknowledging, onAcknowledge }: NotificationDetailsViewProps) {
  const { i18n } = useLingui();
  const { notification, receipt } = item;
  const sent = formatShortDate(notification.created_at, i18n.locale, true);
  const author = authorName(i18n, notification.author_name);
  const acknowledgedAt = receipt?.acknowledged_at ? formatShortDate(receipt.acknowledged_at, i18n.locale, true) : null;
  return (
    <div className={`notification-details ${notification.emergency ? 'is-emergency' : ''}`}>
      {notification.emergency ? <EmergencyTag /> : null}
      <p className="notification-content" dir="auto">
        {notification.content}
      </p>
      <p className="notification-sent muted">
        <Trans>
          Sent {sent} by <span dir="auto">{author}</span>
        </Trans>{' '}
        <SyncStateBadge state={syncState} />
      </p>
      {needsAcknowledgement(item) ? (
        <div className="notification-ack">
          <p>
            <Trans>The school asks you to confirm that you have read this alert.</Trans>
          </p>
          <Button onClick={onAcknowledge} busy={acknowledging}>
            <Trans>I have read this</Trans>
          </Button>
        </div>
      ) : null}
      {acknowledgedAt ? (
        <p className="notification-ack-done" role="status">
          <AcknowledgedTag />
          <span className="muted">{acknowledgedAt}</span>
          <SyncStateBadge state={receiptState} />
        </p>
      ) : null}
      {receiptState === 'attention' ? (
        <p className="notification-attention">
          <Link to="/app/outbox">
            <Trans>See what needs attention</Trans>
          </Link>
        </p>
      ) : null}
    </div>
  );
}
