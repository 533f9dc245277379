import { Trans, useLingui } from '@lingui/react/macro';
import type { MailLogItem, MailStatus } from '../../../contract/integrations';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';

export interface MailLogListProps {
  items: readonly MailLogItem[];
  loading: boolean;
  error: string | null;
  online: boolean;
  hasMore: boolean;
  onRefresh: () => void;
  onMore: () => void;
}

function StatusBadge({ status }: { status: MailStatus }) {
  return (
    <span className={`mail-status mail-status-${status}`}>
      {status === 'sent' ? (
        <Trans>Sent</Trans>
      ) : status === 'pending' ? (
        <Trans>Waiting to retry</Trans>
      ) : status === 'failed' ? (
        <Trans>Failed</Trans>
      ) : (
        <Trans>Not sent: no mail server configured</Trans>
      )}
    </span>
  );
}

function Attempts({ count }: { count: number }) {
  return <Trans>Attempts: {count}</Trans>;
}

function NextTry({ at }: { at: string }) {
  return <Trans>Next try: {at}</Trans>;
}

/** The college's mails, newest first, with their status (a view: the screen fetches). */
export function MailLogList({ items, loading, error, online, hasMore, onRefresh, onMore }: MailLogListProps) {
  const { t, i18n } = useLingui();
  const when = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'short', timeStyle: 'short' });
  return (
    <section className="card mail-log" aria-labelledby="mail-log-title">
      <div className="mail-log-head">
        <h2 id="mail-log-title">
          <Trans>Mail log</Trans>
        </h2>
        <Button variant="secondary" onClick={onRefresh} disabled={!online || loading} busy={loading}>
          <Trans>Refresh</Trans>
        </Button>
      </div>
      <FormAlert message={error} />
      {items.length === 0 && !loading ? (
        <p className="mail-log-empty">
          <Trans>No emails yet.</Trans>
        </p>
      ) : (
        <ul className="mail-log-list" aria-label={t`Mail log`}>
          {items.map((mail) => (
            <li key={mail.id} className="mail-log-item">
              <div className="mail-log-line">
                <StatusBadge status={mail.status} />
                <span className="mail-log-to" dir="ltr">
                  {mail.to}
                </span>
                <time className="mail-log-time" dateTime={mail.created_at}>
                  {when(mail.created_at)}
                </time>
              </div>
              <p className="mail-log-subject" dir="auto">
                {mail.subject}
              </p>
              {mail.attempts > 0 || mail.error ? (
                <p className="mail-log-detail">
                  {mail.attempts > 0 ? <Attempts count={mail.attempts} /> : null}
                  {mail.next_attempt_at ? (
                    <>
                      {' · '}
                      <NextTry at={when(mail.next_attempt_at)} />
                    </>
                  ) : null}
                </p>
              ) : null}
              {mail.error && mail.status !== 'sent' ? (
                <pre className="mail-log-error" dir="ltr">
                  {mail.error}
                </pre>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {hasMore ? (
        <Button variant="ghost" onClick={onMore} disabled={!online || loading}>
          <Trans>Show older emails</Trans>
        </Button>
      ) : null}
    </section>
  );
}
