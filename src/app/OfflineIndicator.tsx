import { Trans } from '@lingui/react/macro';
import { CloudOffIcon } from '../ui/icons';
import { useOnline } from '../ui/useOnline';

export function OfflineIndicator() {
  const online = useOnline();
  if (online) return null;
  return (
    <span className="offline-chip" role="status">
      <CloudOffIcon width={16} height={16} />
      <span>
        <Trans>Offline</Trans>
      </span>
    </span>
  );
}
