import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { OutboxEntry } from '../../db/database';
import { translateServerMessage } from '../../i18n/serverMessages';
import { Button, buttonClass } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { AlertIcon } from '../../ui/icons';
import { itemGone } from '../../sync/itemGone';

export interface PostAttentionProps {
  entry: OutboxEntry;
  canFix: boolean;
  onDiscard: (seq: number) => void;
  /** An edit of a post the server no longer has: keep what was written as a new post. */
  onKeepAsNew: (seq: number) => void;
}

/** A change of this post the server refused: why, and fix-and-resend or discard. */
export function PostAttention({ entry, canFix, onDiscard, onKeepAsNew }: PostAttentionProps) {
  const { t, i18n } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const fieldMessages = Object.values(entry.error?.errors ?? {}).flat();
  // Fixing an edit of a post that no longer exists cannot work; keeping its text can.
  const gone = itemGone(entry);
  const fixable = canFix && !gone && (entry.name === 'posts.create' || entry.name === 'posts.update');
  const keepable = canFix && gone && entry.name === 'posts.update';
  return (
    <section className="attention" role="alert" aria-labelledby={`attention-${entry.id}`}>
      <h2 id={`attention-${entry.id}`} className="attention-title with-icon">
        <AlertIcon />
        <span>
          <Trans>This change was not accepted by the server</Trans>
        </span>
      </h2>
      <p>{translateServerMessage(i18n, entry.error?.message ?? '')}</p>
      {fieldMessages.length > 0 ? (
        <ul className="attention-list">
          {fieldMessages.map((message) => (
            <li key={message}>{translateServerMessage(i18n, message)}</li>
          ))}
        </ul>
      ) : null}
      <div className="attention-actions">
        {keepable && entry.seq !== undefined ? (
          <Button variant="primary" onClick={() => entry.seq !== undefined && onKeepAsNew(entry.seq)}>
            <Trans>Keep as a new publication</Trans>
          </Button>
        ) : null}
        {fixable && entry.seq !== undefined ? (
          <Link className={buttonClass('primary')} to={`/blog/post/${entry.entityId}/edit?resend=${entry.seq}`}>
            <Trans>Fix and resend</Trans>
          </Link>
        ) : null}
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          <Trans>Discard</Trans>
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Discard this change?`}
        description={<Trans>What you wrote in it will be lost and the publication goes back to how it was.</Trans>}
        confirmLabel={t`Discard`}
        onConfirm={() => entry.seq !== undefined && onDiscard(entry.seq)}
      />
    </section>
  );
}
