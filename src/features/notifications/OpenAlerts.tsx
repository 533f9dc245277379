import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { formatShortDate } from '../../i18n/formatDate';
import { WarningIcon } from '../../ui/icons';
import { isUnread, useOpenAlerts } from './notificationQueries';

/**
 * The top of the home screen (ui.tsx `home`): emergency alerts this member has not
 * acknowledged, so an alert is seen without opening the inbox. Nothing at all otherwise.
 */
export function OpenAlerts() {
  const { i18n } = useLingui();
  const alerts = useOpenAlerts();
  if (!alerts || alerts.length === 0) return null;
  return (
    <section className="open-alerts" aria-labelledby="open-alerts-title">
      <h2 id="open-alerts-title" className="open-alerts-title">
        <WarningIcon />
        <Trans>Emergency alert</Trans>
      </h2>
      <ul className="open-alerts-list">
        {alerts.map((item) => (
          <li key={item.notification.id} className="open-alert">
            <Link className="open-alert-link" to={`/notifications?notification=${encodeURIComponent(item.notification.id)}`} dir="auto">
              {item.notification.title}
            </Link>
            <span className="open-alert-meta">
              <time dateTime={item.notification.created_at}>{formatShortDate(item.notification.created_at, i18n.locale, true)}</time>
              {isUnread(item) ? <Trans>Not read yet</Trans> : <Trans>Please confirm you have read it</Trans>}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
