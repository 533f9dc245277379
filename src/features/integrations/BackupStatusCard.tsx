import { useOnlineResource } from '../../online/useOnlineResource';
import { fetchBackupStatus } from './integrationsApi';
import { BackupStatusView } from './BackupStatusView';

/** The installation's scheduled backups on the integrations screen, read online. */
export function BackupStatusCard() {
  const status = useOnlineResource('backup-status', fetchBackupStatus);
  return <BackupStatusView status={status.data} error={status.error} onRetry={status.retry} />;
}
