import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { SentNotification } from '../../../contract/notifications';
import { formatShortDate } from '../../i18n/formatDate';
import { EmptyState } from '../../ui/ScreenStates';
import { SyncStateBadge } from '../../ui/SyncStateBadge';
import { EmergencyTag } from './AlertTag';
import type { SentState } from './useSent';
import { authorName } from '../../i18n/authorName';
import { OfflineNote, OnlineBody } from '../../online/OnlineBody';

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

  const list = (
    <OnlineBody load={load} online={online} loadingLabel={t`Loading what the college sent…`} onRetry={onRetry}>
      {(sent) =>
        sent.length === 0 && (unsent?.length ?? 0) === 0 ? (
          <EmptyState>
            <Trans>The college has not sent any notifications yet.</Trans>
          </EmptyState>
        ) : (
          <ul className="sent-list">
            {sent.map((item) => (
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
        )
      }
    </OnlineBody>
  );

  return (
    <>
      {online ? null : (
        <OfflineNote className="sent-offline">
          <Trans>The delivery figures need a connection. What you sent from this device is listed below until it has been sent.</Trans>
        </OfflineNote>
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
