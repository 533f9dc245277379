import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { can } from '../../../contract/permissions';
import { useSession } from '../../session/session';
import { usePageMeta } from '../../tenant/usePageMeta';
import { buttonClass } from '../../ui/Button';
import { DeliveryDialog } from './DeliveryDialog';
import { NotificationsNotAllowed } from './NotAllowed';
import { SentView } from './SentView';
import { useSent } from './useSent';

/**
 * `/college-notifications` (the original app's address): what the college sent, with figures, and one's live
 * delivery over the list at `?notification=<id>`. Staff and administrators.
 */
export function SentScreen() {
  const { t } = useLingui();
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const { retry, ...sent } = useSent();
  const openId = search.get('notification') || null;
  const openHref = useCallback((id: string) => `?notification=${encodeURIComponent(id)}`, []);
  usePageMeta(t`Sent notifications`);
  // Opened from the list: back to it. Opened by a link: the list replaces it.
  const onClose = () => {
    if ((location.state as { overList?: boolean } | null)?.overList) void navigate(-1);
    else void navigate({ search: '' }, { replace: true, preventScrollReset: true });
  };

  if (!user || !can(user.role, 'content.publish')) return <NotificationsNotAllowed />;
  const item = openId && sent.load.status === 'ready' ? (sent.load.data.find((row) => row.id === openId) ?? null) : null;
  return (
    <div className="page sent-page">
      <header className="page-header notifications-header">
        <h1>
          <Trans>Sent notifications</Trans>
        </h1>
        <div className="notifications-actions">
          <Link className={buttonClass('secondary')} to="/notifications">
            <Trans>My notifications</Trans>
          </Link>
          <Link className={buttonClass('primary')} to="/college-notifications/new-notification">
            <Trans>New notification</Trans>
          </Link>
        </div>
      </header>
      <SentView {...sent} openHref={openHref} onRetry={retry} />
      <DeliveryDialog notificationId={openId} item={item} onClose={onClose} />
    </div>
  );
}
