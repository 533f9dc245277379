import { Trans, useLingui } from '@lingui/react/macro';
import { can } from '../../../contract/permissions';
import { formatShortDate } from '../../i18n/formatDate';
import { useSession } from '../../session/session';
import { usePageMeta } from '../../tenant/usePageMeta';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { useOnlineResource } from '../../online/useOnlineResource';
import { BackTo, EmptyState, LoadingState } from '../../ui/ScreenStates';
import { fetchReports } from './messengerApi';

/**
 * `/admin/messenger/reports` (`messenger.reports.read`): the messages members reported,
 * newest first, with the message as reported and as it is now, its author, who reported
 * it, why and when. Online: reports are the server's, not synced to devices.
 */
export function ReportsScreen() {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  usePageMeta(t`Reported messages`);
  const allowed = can(user?.role, 'messenger.reports.read');
  const { data: reports, error, online, reload: refresh } = useOnlineResource('messenger-reports', fetchReports, { enabled: allowed });

  if (!allowed) {
    return (
      <BackTo to="/messenger" linkLabel={<Trans>Back to messages</Trans>}>
        <Trans>Only administrators can read reported messages.</Trans>
      </BackTo>
    );
  }
  return (
    <div className="page reports-page">
      <div className="posts-header">
        <h1>
          <Trans>Reported messages</Trans>
        </h1>
        <Button variant="secondary" onClick={refresh} disabled={!online}>
          <Trans>Refresh</Trans>
        </Button>
      </div>
      {!online ? (
        <p className="muted" role="status">
          <Trans>Reported messages are read from the server: connect to see them.</Trans>
        </p>
      ) : null}
      <FormAlert message={error} />
      {reports === undefined ? (
        online && !error ? (
          <LoadingState label={t`Loading…`} />
        ) : null
      ) : reports.length === 0 ? (
        <EmptyState>
          <Trans>No message has been reported.</Trans>
        </EmptyState>
      ) : (
        <ul className="report-list" aria-label={t`Reported messages`}>
          {reports.map((report) => (
            <li key={report.id} className="card report-item">
              <blockquote className="report-text" dir="auto">
                {report.reported_text}
              </blockquote>
              {report.text !== report.reported_text ? (
                <p className="muted">{report.text ? <NowText text={report.text} /> : <Trans>Its author has deleted it since.</Trans>}</p>
              ) : null}
              <dl className="report-facts">
                <dt>
                  <Trans>Written by</Trans>
                </dt>
                <dd>
                  <bdi>{report.author_name}</bdi>
                </dd>
                <dt>
                  <Trans>Conversation</Trans>
                </dt>
                <dd>
                  <bdi>{report.conversation_name || t`a conversation between two people`}</bdi>
                </dd>
                <dt>
                  <Trans>Reported by</Trans>
                </dt>
                <dd>
                  <bdi>{report.reporter_name}</bdi>
                </dd>
                <dt>
                  <Trans>Reason</Trans>
                </dt>
                <dd dir="auto">{report.reason || t`No reason given`}</dd>
                <dt>
                  <Trans>Date</Trans>
                </dt>
                <dd>
                  <time dateTime={report.created_at}>{formatShortDate(report.created_at, i18n.locale, true)}</time>
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function NowText({ text }: { text: string }) {
  return (
    <Trans>
      Now: <bdi>{text}</bdi>
    </Trans>
  );
}
