import { Trans, useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { formatShortDate } from '../../i18n/formatDate';
import { Button } from '../../ui/Button';
import { EmptyState, LoadingState } from '../../ui/ScreenStates';
import { SyncStateBadge, type ItemSyncState } from '../../ui/SyncStateBadge';
import { AcknowledgedTag, EmergencyTag } from './AlertTag';
import { isUnread, needsAcknowledgement, type InboxItem, type InboxPage } from './notificationQueries';
import { authorName } from '../../i18n/authorName';

export interface InboxViewProps {
  page: InboxPage | undefined;
  pendingStates: ReadonlyMap<string, ItemSyncState>;
  /** The link that opens a notification over the inbox. */
  openHref: (id: string) => string;
  onMore: () => void;
}

/** Opened from the list: closing the details goes back one step instead of replacing the address. */
export const overInbox = { overInbox: true } as const;

/** The first line of a message, for the list (the whole text is in the details). */
const firstLine = (content: string) => content.split('\n').find((line) => line.trim() !== '') ?? '';

const InboxRow = memo(function InboxRow({ item, syncState, href }: { item: InboxItem; syncState: ItemSyncState | null; href: string }) {
  const { i18n } = useLingui();
  const { notification, receipt } = item;
  const unread = isUnread(item);
  const classes = ['notification-item', unread ? 'is-unread' : '', notification.emergency ? 'is-emergency' : ''].filter(Boolean).join(' ');
  return (
    <li className={classes}>
      <Link className="notification-link" to={href} state={overInbox} preventScrollReset>
        <span className="notification-marks">
          {unread ? (
            <>
              <span className="notification-dot" aria-hidden="true" />
              <span className="visually-hidden">
                <Trans>Unread</Trans>
              </span>
            </>
          ) : null}
          {notification.emergency ? <EmergencyTag /> : null}
        </span>
        <span className="notification-title" dir="auto">
          {notification.title}
        </span>
        <span className="notification-excerpt" dir="auto">
          {firstLine(notification.content)}
        </span>
        <span className="notification-meta">
          <time dateTime={notification.created_at}>{formatShortDate(notification.created_at, i18n.locale, true)}</time>
          <span dir="auto">{authorName(i18n, notification.author_name)}</span>
          {notification.emergency && receipt?.acknowledged_at ? <AcknowledgedTag /> : null}
          {needsAcknowledgement(item) && !unread ? (
            <span className="notification-ask">
              <Trans>Waiting for your confirmation</Trans>
            </span>
          ) : null}
          <SyncStateBadge state={syncState} />
        </span>
      </Link>
    </li>
  );
});

/** The member's notifications, newest first; unread ones marked in words and weight, alerts by icon and words. */
export function InboxView({ page, pendingStates, openHref, onMore }: InboxViewProps) {
  const { t } = useLingui();
  if (page === undefined || (page.items.length === 0 && page.firstSyncPending)) return <LoadingState label={t`Downloading your notifications…`} />;
  if (page.items.length === 0)
    return (
      <EmptyState>
        <Trans>No notifications yet. What the school sends you will appear here, also without a connection.</Trans>
      </EmptyState>
    );
  return (
    <>
      <ul className="notification-list">
        {page.items.map((item) => (
          <InboxRow key={item.notification.id} item={item} syncState={pendingStates.get(item.notification.id) ?? null} href={openHref(item.notification.id)} />
        ))}
      </ul>
      {page.more ? (
        <div className="notification-more">
          <Button variant="secondary" onClick={onMore}>
            <Trans>Show older notifications</Trans>
          </Button>
        </div>
      ) : null}
    </>
  );
}
