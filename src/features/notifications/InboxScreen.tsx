import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { can } from '../../../contract/permissions';
import { useSession } from '../../session/session';
import { usePendingStates, useSyncStatus } from '../../sync/hooks';
import { usePageMeta } from '../../tenant/usePageMeta';
import { buttonClass } from '../../ui/Button';
import { InboxView } from './InboxView';
import { NotificationDialog } from './NotificationDialog';
import { inboxPageSize, useInbox } from './notificationQueries';

/**
 * `/notifications` (the original app's address): the member's notifications from the device, newest first,
 * with one open over the list at `?notification=<id>`. Staff and administrators also find
 * what the college sent and the form from here.
 */
export function InboxScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const { user } = useSession();
  const { firstSyncPending } = useSyncStatus();
  const pendingStates = usePendingStates('notifications');
  const [limit, setLimit] = useState(inboxPageSize);
  const page = useInbox(limit);
  const openId = search.get('notification') || null;
  usePageMeta(t`Notifications`);

  const openHref = useCallback((id: string) => `?notification=${encodeURIComponent(id)}`, []);
  // Opened from the list: back to it (the dialog was one step). Opened by a link (a push message): the list replaces it.
  const onClose = () => {
    if ((location.state as { overInbox?: boolean } | null)?.overInbox) void navigate(-1);
    else void navigate({ search: '' }, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="page notifications-page">
      <header className="page-header notifications-header">
        <h1>
          <Trans>Notifications</Trans>
        </h1>
        {can(user?.role, 'content.publish') ? (
          <div className="notifications-actions">
            <Link className={buttonClass('secondary')} to="/college-notifications">
              <Trans>Sent by the college</Trans>
            </Link>
            <Link className={buttonClass('primary')} to="/college-notifications/new-notification">
              <Trans>New notification</Trans>
            </Link>
          </div>
        ) : null}
      </header>
      <InboxView page={page} pendingStates={pendingStates} openHref={openHref} onMore={() => setLimit((n) => n + inboxPageSize)} />
      <NotificationDialog
        notificationId={openId}
        syncState={openId ? (pendingStates.get(openId) ?? null) : null}
        firstSyncPending={firstSyncPending}
        onClose={onClose}
      />
    </div>
  );
}
