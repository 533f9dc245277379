import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { translateServerMessage } from '../../i18n/serverMessages';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { formatBytes } from '../../ui/fileFormat';
import type { AttachmentUpload, QueuedUpload } from './documentsDb';
import './uploads.css';

export interface UploadQueueViewProps {
  uploads: readonly QueuedUpload[];
  online: boolean;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
  /** Posts and events with changes still in the outbox: their files wait for them (uploadQueue.ts `ownersWaiting`). */
  waitingOwners?: ReadonlySet<string>;
}

/** The uploads of this device, oldest first (the order they are sent in); nothing when there are none. */
export function UploadQueueView({ uploads, online, onRetry, onRemove, waitingOwners = new Set() }: UploadQueueViewProps) {
  if (uploads.length === 0) return null;
  return (
    <section className="upload-queue" aria-labelledby="upload-queue-title">
      <h2 id="upload-queue-title" className="upload-queue-title">
        <Trans>Uploads</Trans>
      </h2>
      <ul className="upload-list">
        {uploads.map((upload) => (
          <li key={upload.id}>
            <UploadItem
              upload={upload}
              online={online}
              waitingForOwner={upload.kind === 'attachment' && waitingOwners.has(upload.owner_id)}
              onRetry={onRetry}
              onRemove={onRemove}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

interface UploadItemProps {
  upload: QueuedUpload;
  online: boolean;
  waitingForOwner: boolean;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
}

function UploadItem({ upload, online, waitingForOwner, onRetry, onRemove }: UploadItemProps) {
  const { t, i18n } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const sent = formatBytes(Math.min(upload.sent, upload.size), i18n.locale);
  const total = formatBytes(upload.size, i18n.locale);
  const percent = upload.size > 0 ? Math.min(100, Math.floor((upload.sent / upload.size) * 100)) : 0;
  const nameId = `upload-${upload.id}`;
  const name = upload.name;
  const fields = Object.values(upload.error?.kind === 'refused' ? (upload.error.errors ?? {}) : {}).flat();
  // Its post or event will never be on the server: nothing to send or to delete there.
  const ownerGone = upload.error?.kind === 'ownerGone';
  return (
    <article className={`card upload-item upload-item-${upload.state}`} aria-labelledby={nameId}>
      <div className="upload-item-head">
        <h3 id={nameId} className="upload-item-name" dir="auto">
          {upload.name}
        </h3>
        <span className="muted upload-item-size">{total}</span>
      </div>
      {upload.kind === 'attachment' ? (
        <p className="muted upload-item-for" dir="auto">
          <UploadOwnerText upload={upload} />
        </p>
      ) : null}
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
        <UploadStateText upload={upload} online={online} waitingForOwner={waitingForOwner} sent={sent} total={total} />
      </p>
      {fields.length > 0 ? (
        <ul className="upload-item-errors">
          {fields.map((message) => (
            <li key={message}>{translateServerMessage(i18n, message)}</li>
          ))}
        </ul>
      ) : null}
      <div className="upload-item-actions">
        {upload.state === 'failed' && !ownerGone ? (
          <Button variant="secondary" onClick={() => onRetry(upload.id)}>
            <Trans>Try again</Trans>
          </Button>
        ) : upload.state === 'paused' && online ? (
          <Button variant="secondary" onClick={() => onRetry(upload.id)}>
            <Trans>Try now</Trans>
          </Button>
        ) : null}
        {ownerGone ? (
          <Button variant="ghost" onClick={() => onRemove(upload.id)} aria-describedby={nameId}>
            <Trans>Dismiss</Trans>
          </Button>
        ) : (
          <Button variant="ghost" onClick={() => setConfirming(true)} aria-describedby={nameId}>
            <Trans>Remove</Trans>
          </Button>
        )}
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

/** What an attachment is for: the post's title or the event's name when it was queued. */
function UploadOwnerText({ upload }: { upload: AttachmentUpload }) {
  const title = upload.ownerTitle;
  return upload.owner === 'post' ? <Trans>For the publication: {title}</Trans> : <Trans>For the event: {title}</Trans>;
}

interface UploadStateTextProps {
  upload: QueuedUpload;
  online: boolean;
  waitingForOwner: boolean;
  sent: string;
  total: string;
}

function UploadStateText({ upload, online, waitingForOwner, sent, total }: UploadStateTextProps) {
  const { i18n } = useLingui();
  switch (upload.state) {
    case 'uploading':
      return (
        <Trans>
          Sending: {sent} of {total}
        </Trans>
      );
    case 'paused':
      return online ? (
        <Trans>Paused: the upload was interrupted. It will go on by itself.</Trans>
      ) : (
        <Trans>Paused: you are offline. It will go on when you are back online.</Trans>
      );
    case 'failed': {
      if (upload.error?.kind === 'unreadable') return <Trans>Not sent: this device can no longer read the file. Remove it and add it again.</Trans>;
      if (upload.error?.kind === 'ownerGone')
        return upload.kind === 'attachment' && upload.owner === 'event' ? (
          <Trans>Not sent: the event was deleted, or its creation was discarded.</Trans>
        ) : (
          <Trans>Not sent: the publication was deleted, or its creation was discarded.</Trans>
        );
      const reason = translateServerMessage(i18n, upload.error?.message ?? '');
      return <Trans>Not sent: {reason}</Trans>;
    }
    default:
      if (waitingForOwner && upload.kind === 'attachment')
        return upload.owner === 'post' ? (
          <Trans>Waiting: it is sent once the publication is on the server.</Trans>
        ) : (
          <Trans>Waiting: it is sent once the event is on the server.</Trans>
        );
      return online ? <Trans>Waiting to be sent</Trans> : <Trans>Not sent: it will be sent when you are back online.</Trans>;
  }
}
