import './syncStatus.css';
import { Plural, Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { CloudOffIcon } from '../ui/icons';
import { useSyncStatus } from './hooks';
import { useUpdateForProtocol } from './useUpdateForProtocol';

/**
 * The app bar's sync summary: offline, initial download progress, unsent changes and
 * changes needing attention (a link to the outbox), and an update the server asks for (its
 * protocol moved on: nothing is sent until the new version runs). Nothing when all is sent.
 */
export function SyncStatus() {
  const { online, phase, received, unsent, attention } = useSyncStatus();
  useUpdateForProtocol(phase);
  return (
    <span className="sync-status" role="status" aria-live="polite">
      {!online ? (
        <span className="sync-chip sync-chip-offline">
          <CloudOffIcon width={16} height={16} aria-hidden="true" />
          <span>
            <Trans>Offline</Trans>
          </span>
        </span>
      ) : null}
      {online && phase === 'initial' ? (
        <span className="sync-chip">
          <span className="sync-spinner" aria-hidden="true" />
          <span>
            <Plural value={received} one="Downloading… # item" other="Downloading… # items" />
          </span>
        </span>
      ) : null}
      {online && phase === 'updating' ? (
        <span className="sync-chip">
          <span className="sync-spinner" aria-hidden="true" />
          <span>
            <Trans>Updating Patio…</Trans>
          </span>
        </span>
      ) : null}
      {unsent > 0 ? (
        <span className="sync-chip sync-chip-unsent">
          <Plural value={unsent} one="# not sent" other="# not sent" />
        </span>
      ) : null}
      {attention > 0 ? (
        <Link to="/app/outbox" className="sync-chip sync-chip-attention">
          <Plural value={attention} one="# needs attention" other="# need attention" />
        </Link>
      ) : null}
    </span>
  );
}
