import { loadOf, useOnlineResource } from '../../online/useOnlineResource';
import { fetchBackupStatus } from './integrationsApi';
import { BackupStatusView } from './BackupStatusView';

/** The installation's scheduled backups on the integrations screen, read online. */
export function BackupStatusCard() {
  const status = useOnlineResource('backup-status', fetchBackupStatus);
  return <BackupStatusView load={loadOf(status)} online={status.online} onRetry={status.retry} />;
}
