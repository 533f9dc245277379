import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { OutboxEntry } from '../../db/database';
import { formatShortDate } from '../../i18n/formatDate';
import { presenterOf } from '../../modules/uiModule';
import { useUiModules } from '../../modules/UiModules';
import { itemGone } from '../../sync/itemGone';
import { translateServerMessage } from '../../i18n/serverMessages';
import { Button, buttonClass } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { SyncStateBadge } from '../../ui/SyncStateBadge';
import { fixHref, itemHref, outboxLabel } from './outboxLabel';

export interface OutboxEntryItemProps {
  entry: OutboxEntry;
  knownTitle: string | undefined;
  canFix: boolean;
  onResend: (entry: OutboxEntry) => void;
  onDiscard: (entry: OutboxEntry) => void;
  onKeepAsNew: (entry: OutboxEntry) => void;
}

export function OutboxEntryItem({ entry, knownTitle, canFix, onResend, onDiscard, onKeepAsNew }: OutboxEntryItemProps) {
  const { t, i18n } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const modules = useUiModules();
  const label = outboxLabel(i18n, modules, entry, knownTitle);
  const gone = itemGone(entry);
  // Fixing or retrying a change of an item that no longer exists cannot work (src/sync/itemGone.ts).
  const fix = canFix && !gone ? fixHref(modules, entry) : null;
  const keepAsNew = canFix && gone ? presenterOf(modules, entry)?.keepAsNew : undefined;
  const item = itemHref(modules, entry);
  const fields = Object.entries(entry.error?.errors ?? {});
  const headingId = `outbox-${entry.id}`;
  return (
    <article className={`card outbox-entry outbox-entry-${entry.status}`} aria-labelledby={headingId}>
      <div className="outbox-entry-head">
        <h2 id={headingId} className="outbox-entry-title">
          {item ? <Link to={item}>{label}</Link> : label}
        </h2>
        <SyncStateBadge state={entry.status} />
      </div>
      <p className="muted outbox-entry-time">
        <time dateTime={entry.createdAt}>{formatShortDate(entry.createdAt, i18n.locale, true)}</time>
      </p>
      {entry.status === 'attention' ? (
        <div className="outbox-error" role="alert">
          <p>{translateServerMessage(i18n, entry.error?.message ?? '')}</p>
          {fields.length > 0 ? (
            <ul>
              {fields.flatMap(([field, messages]) => messages.map((message) => <li key={`${field}-${message}`}>{translateServerMessage(i18n, message)}</li>))}
            </ul>
          ) : null}
          <div className="outbox-actions">
            {keepAsNew?.applies(entry) ? (
              <Button variant="primary" onClick={() => onKeepAsNew(entry)}>
                {i18n._(keepAsNew.label)}
              </Button>
            ) : gone ? null : fix ? (
              <Link className={buttonClass('primary')} to={fix}>
                <Trans>Fix and resend</Trans>
              </Link>
            ) : (
              <Button variant="secondary" onClick={() => onResend(entry)}>
                <Trans>Try again</Trans>
              </Button>
            )}
            <Button variant="ghost" onClick={() => setConfirming(true)}>
              <Trans>Discard</Trans>
            </Button>
          </div>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Discard this change?`}
        description={<Trans>It will not be sent, and what it changed on this device is undone.</Trans>}
        confirmLabel={t`Discard`}
        onConfirm={() => onDiscard(entry)}
      />
    </article>
  );
}
