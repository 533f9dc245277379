import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { SentNotification } from '../../../contract/notifications';
import { formatShortDate } from '../../i18n/formatDate';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { CloudOffIcon } from '../../ui/icons';
import { EmptyState, LoadingState } from '../../ui/ScreenStates';
import { SyncStateBadge } from '../../ui/SyncStateBadge';
import { EmergencyTag } from './AlertTag';
import type { SentState } from './useSent';
import { authorName } from '../../i18n/authorName';

export interface SentViewProps extends Omit<SentState, 'retry'> {
  openHref: (id: string) => string;
  onRetry: () => void;
}

/** Opened from the list: closing the figures goes back one step. */
const overList = { overList: true } as const;

/** One sent notification's figures in words: "Read by 12 of 40 · Acknowledged by 9". */
function Figures({ item }: { item: SentNotification }) {
  const { sent_to: total, read, acknowledged } = item;
  return (
    <span className="sent-figures">
      <span>
        <Trans>
          Read by {read} of {total}
        </Trans>
      </span>
      {item.emergency ? (
        <span>
          <Trans>Acknowledged by {acknowledged}</Trans>
        </span>
      ) : null}
    </span>
  );
}

/** What the college sent, newest first, each with its figures; this device's unsent ones first, with their state. */
export function SentView({ load, unsent, online, openHref, onRetry }: SentViewProps) {
  const { t, i18n } = useLingui();
  const date = (value: string) => formatShortDate(value, i18n.locale, true);

  let list;
  if (!online && load.status !== 'ready') list = null;
  else if (load.status === 'loading') list = <LoadingState label={t`Loading what the college sent…`} />;
  else if (load.status === 'failed')
    list = (
      <>
        <FormAlert message={load.error} />
        <div className="form-actions">
          <Button variant="secondary" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      </>
    );
  else if (load.data.length === 0 && (unsent?.length ?? 0) === 0)
    list = (
      <EmptyState>
        <Trans>The college has not sent any notifications yet.</Trans>
      </EmptyState>
    );
  else
    list = (
      <ul className="sent-list">
        {load.data.map((item) => (
          <li key={item.id} className={`sent-item ${item.emergency ? 'is-emergency' : ''}`}>
            <Link className="sent-link" to={openHref(item.id)} state={overList} preventScrollReset>
              {item.emergency ? <EmergencyTag /> : null}
              <span className="sent-title" dir="auto">
                {item.title}
              </span>
              <span className="sent-meta">
                <time dateTime={item.created_at}>{date(item.created_at)}</time>
                <span dir="auto">{authorName(i18n, item.author_name)}</span>
              </span>
              <Figures item={item} />
            </Link>
          </li>
        ))}
      </ul>
    );

  return (
    <>
      {online ? null : (
        <p className="sent-offline with-icon" role="status">
          <CloudOffIcon width={18} height={18} />
          <span>
            <Trans>The delivery figures need a connection. What you sent from this device is listed below until it has been sent.</Trans>
          </span>
        </p>
      )}
      {unsent && unsent.length > 0 ? (
        <section aria-labelledby="sent-unsent-title" className="sent-unsent">
          <h2 id="sent-unsent-title" className="card-title">
            <Trans>Not sent yet from this device</Trans>
          </h2>
          <ul className="sent-list">
            {unsent.map(({ notification, state }) => (
              <li key={notification.id} className={`sent-item ${notification.emergency ? 'is-emergency' : ''}`}>
                <Link className="sent-link" to={`/notifications?notification=${encodeURIComponent(notification.id)}`}>
                  {notification.emergency ? <EmergencyTag /> : null}
                  <span className="sent-title" dir="auto">
                    {notification.title}
                  </span>
                  <span className="sent-meta">
                    <time dateTime={notification.created_at}>{date(notification.created_at)}</time>
                    <SyncStateBadge state={state} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {list}
    </>
  );
}
