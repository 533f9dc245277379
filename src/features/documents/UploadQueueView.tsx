import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { translateServerMessage } from '../../i18n/serverMessages';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { formatBytes } from './byteSize';
import type { QueuedUpload } from './documentsDb';
import './uploads.css';

export interface UploadQueueViewProps {
  uploads: readonly QueuedUpload[];
  online: boolean;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
}

/** The uploads of this device, oldest first (the order they are sent in); nothing when there are none. */
export function UploadQueueView({ uploads, online, onRetry, onRemove }: UploadQueueViewProps) {
  if (uploads.length === 0) return null;
  return (
    <section className="upload-queue" aria-labelledby="upload-queue-title">
      <h2 id="upload-queue-title" className="upload-queue-title">
        <Trans>Uploads</Trans>
      </h2>
      <ul className="upload-list">
        {uploads.map((upload) => (
          <li key={upload.id}>
            <UploadItem upload={upload} online={online} onRetry={onRetry} onRemove={onRemove} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function UploadItem({ upload, online, onRetry, onRemove }: { upload: QueuedUpload; online: boolean; onRetry: (id: string) => void; onRemove: (id: string) => void }) {
  const { t, i18n } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const sent = formatBytes(Math.min(upload.sent, upload.size), i18n.locale);
  const total = formatBytes(upload.size, i18n.locale);
  const percent = upload.size > 0 ? Math.min(100, Math.floor((upload.sent / upload.size) * 100)) : 0;
  const nameId = `upload-${upload.id}`;
  const name = upload.name;
  const fields = Object.values(upload.error?.kind === 'refused' ? (upload.error.errors ?? {}) : {}).flat();
  return (
    <article className={`card upload-item upload-item-${upload.state}`} aria-labelledby={nameId}>
      <div className="upload-item-head">
        <h3 id={nameId} className="upload-item-name" dir="auto">
          {upload.name}
        </h3>
        <span className="muted upload-item-size">{total}</span>
      </div>
      <div
        className="upload-progress"
        role="progressbar"
        aria-labelledby={nameId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t`${sent} of ${total}`}
      >
        <div className="upload-progress-bar" style={{ inlineSize: `${percent}%` }} />
      </div>
      <p className="upload-item-state" role={upload.state === 'failed' ? 'alert' : undefined}>
        <UploadStateText upload={upload} online={online} sent={sent} total={total} />
      </p>
      {fields.length > 0 ? (
        <ul className="upload-item-errors">
          {fields.map((message) => (
            <li key={message}>{translateServerMessage(i18n, message)}</li>
          ))}
        </ul>
      ) : null}
      <div className="upload-item-actions">
        {upload.state === 'failed' ? (
          <Button variant="secondary" onClick={() => onRetry(upload.id)}>
            <Trans>Try again</Trans>
          </Button>
        ) : upload.state === 'paused' && online ? (
          <Button variant="secondary" onClick={() => onRetry(upload.id)}>
            <Trans>Try now</Trans>
          </Button>
        ) : null}
        <Button variant="ghost" onClick={() => setConfirming(true)} aria-describedby={nameId}>
          <Trans>Remove</Trans>
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Remove this file from the uploads?`}
        description={<Trans>“{name}” will not be uploaded, and what was sent of it is deleted from the server.</Trans>}
        confirmLabel={t`Remove`}
        onConfirm={() => onRemove(upload.id)}
      />
    </article>
  );
}

function UploadStateText({ upload, online, sent, total }: { upload: QueuedUpload; online: boolean; sent: string; total: string }) {
  const { i18n } = useLingui();
  switch (upload.state) {
    case 'uploading':
      return <Trans>Sending: {sent} of {total}</Trans>;
    case 'paused':
      return online ? <Trans>Paused: the upload was interrupted. It will go on by itself.</Trans> : <Trans>Paused: you are offline. It will go on when you are back online.</Trans>;
    case 'failed': {
      if (upload.error?.kind === 'unreadable') return <Trans>Not sent: this device can no longer read the file. Remove it and add it again.</Trans>;
      const reason = translateServerMessage(i18n, upload.error?.message ?? '');
      return <Trans>Not sent: {reason}</Trans>;
    }
    default:
      return online ? <Trans>Waiting to be sent</Trans> : <Trans>Not sent: it will be sent when you are back online.</Trans>;
  }
}
