import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { OutboxEntry } from '../../db/database';
import { CheckCircleIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { OutboxEntryItem } from './OutboxEntryItem';

export interface OutboxViewProps {
  entries: readonly OutboxEntry[];
  /** The outbox has not been read yet. */
  loading: boolean;
  titles: ReadonlyMap<string, string>;
  canFix: boolean;
  onResend: (entry: OutboxEntry) => void;
  onDiscard: (entry: OutboxEntry) => void;
  onKeepAsNew: (entry: OutboxEntry) => void;
  /** The features' other unsent work (the upload queue), below the changes. */
  sections?: ReactNode;
}

/** "Changes not sent": what this device still has to send, in the order it will send it. */
export function OutboxView({ entries, loading, titles, canFix, onResend, onDiscard, onKeepAsNew, sections }: OutboxViewProps) {
  const { t } = useLingui();
  return (
    <div className="page outbox-page">
      <header className="page-header">
        <h1>
          <Trans>Changes not sent</Trans>
        </h1>
        <p className="page-lead">
          <Trans>What you did on this device is sent in order as soon as there is a connection. Changes the server did not accept wait here for you.</Trans>
        </p>
      </header>
      {loading ? (
        <div className="outbox-empty" aria-busy="true">
          <Spinner label={t`Loading…`} />
        </div>
      ) : entries.length === 0 ? (
        <div className="outbox-empty">
          <CheckCircleIcon width={32} height={32} />
          <p>
            <Trans>Everything has been sent.</Trans>
          </p>
        </div>
      ) : (
        <ol className="outbox-list">
          {entries.map((entry) => (
            <li key={entry.id}>
              <OutboxEntryItem
                entry={entry}
                knownTitle={titles.get(entry.entityId)}
                canFix={canFix}
                onResend={onResend}
                onDiscard={onDiscard}
                onKeepAsNew={onKeepAsNew}
              />
            </li>
          ))}
        </ol>
      )}
      {sections}
    </div>
  );
}
