import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { BackupRunView, BackupStatus } from '../../../contract/backup';
import { OnlineBody } from '../../online/OnlineBody';
import type { ResourceLoad } from '../../online/useOnlineResource';

export interface BackupStatusViewProps {
  load: ResourceLoad<BackupStatus>;
  online: boolean;
  onRetry: () => void;
}

function RunLine({ run }: { run: BackupRunView }) {
  const { i18n } = useLingui();
  const when = i18n.date(new Date(run.started_at), { dateStyle: 'medium', timeStyle: 'short' });
  if (run.outcome === 'ok') return <Trans>Last backup: {when}, completed.</Trans>;
  if (run.outcome === 'running') return <Trans>Backup in progress since {when}.</Trans>;
  const reason = run.reason ?? '';
  return (
    <span role="alert">
      <Trans>
        Last backup: {when}, failed (<bdi dir="ltr">{reason}</bdi>). Tell whoever runs the server.
      </Trans>
    </span>
  );
}

/** "Backups" on the integrations screen: whether scheduled backups run and how the last one ended. Only renders. */
export function BackupStatusView({ load, online, onRetry }: BackupStatusViewProps) {
  const { t } = useLingui();
  const id = useId();
  const body = (
    <OnlineBody load={load} online={online} loadingLabel={t`Loading the backups…`} onRetry={onRetry}>
      {(status) => <BackupSchedule status={status} />}
    </OnlineBody>
  );
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Backups</Trans>
      </h2>
      {body}
    </section>
  );
}

function BackupSchedule({ status }: { status: BackupStatus }) {
  const { i18n } = useLingui();
  if (!status.schedule)
    return (
      <p>
        <Trans>Scheduled backups are off on this server.</Trans>
      </p>
    );
  const hours = i18n.number(status.schedule.every_hours);
  const keep = i18n.number(status.schedule.keep);
  // When the last run did not complete, when the last one that did.
  const lastOk = status.last?.outcome !== 'ok' ? status.last_ok : null;
  const lastOkWhen = lastOk ? i18n.date(new Date(lastOk.started_at), { dateStyle: 'medium', timeStyle: 'short' }) : '';
  return (
    <>
      <p>
        <Trans>
          A backup every {hours} hours; the newest {keep} are kept.
        </Trans>
      </p>
      <p>{status.last ? <RunLine run={status.last} /> : <Trans>No backup has run yet.</Trans>}</p>
      {lastOk ? (
        <p>
          <Trans>Last completed backup: {lastOkWhen}.</Trans>
        </p>
      ) : null}
    </>
  );
}
