import { Trans } from '@lingui/react/macro';
import './syncStateBadge.css';

export type ItemSyncState = 'queued' | 'sending' | 'attention';

/** An item's unsent state ("not sent / sending / needs attention", docs/sync.md rule 4); nothing when sent. */
export function SyncStateBadge({ state }: { state: ItemSyncState | null | undefined }) {
  if (!state) return null;
  return (
    <span className={`sync-badge sync-badge-${state}`}>
      <span className="sync-badge-dot" aria-hidden="true" />
      {state === 'queued' ? <Trans>Not sent</Trans> : state === 'sending' ? <Trans>Sending…</Trans> : <Trans>Needs attention</Trans>}
    </span>
  );
}
