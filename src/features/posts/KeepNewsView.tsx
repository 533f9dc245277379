import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import { formatFileSize } from '../../ui/fileFormat';
import { DownloadIcon } from '../../ui/icons';
import { KeepFailure, KeepWaiting, type KeepWait } from '../../ui/KeepWaiting';
import { OnDeviceBadge } from '../../ui/OnDeviceBadge';
import '../../ui/keepControl.css';
import type { KeptNewsState } from './useKeptNews';

/** Why a kept category's files are not all on the device yet. */
export type NewsWait = KeepWait;

export interface KeepNewsViewProps {
  name: string;
  state: KeptNewsState;
  waitingFor: NewsWait;
  failure: string | null;
  onKeep: () => void;
  onRemove: () => void;
  onEvenOnSlowNetwork: () => void;
  /** After a full device: try the downloads again. */
  onRetry: () => void;
}

/**
 * A news category's "keep on this device" control (docs/features/posts.md, "Attachments and kept news"): the photos and files of its
 * publications are downloaded with them, so they open offline; what is there, and why the
 * rest is not yet.
 */
export function KeepNewsView({ name, state, waitingFor, failure, onKeep, onRemove, onEvenOnSlowNetwork, onRetry }: KeepNewsViewProps) {
  const { t, i18n } = useLingui();
  if (!state.kept)
    return (
      <div className="keep-toggle kept-news">
        <Button variant="secondary" onClick={onKeep}>
          <DownloadIcon />
          <Trans>Keep photos and files on this device</Trans>
          <span className="visually-hidden">{`: ${name}`}</span>
        </Button>
        <KeepFailure message={failure} />
      </div>
    );
  const { files, onDevice, bytes } = state;
  const complete = onDevice >= files;
  return (
    <div className="keep-toggle kept-news">
      {files > 0 ? (
        <div className="keep-progress-row">
          <progress className="keep-progress" max={files} value={onDevice} aria-label={t`Files of ${name} on this device`} />
          <span className="keep-count">
            {t`${plural(files, { one: `${onDevice} of # file on this device`, other: `${onDevice} of # files on this device` })}`}
            {bytes > 0 ? ` · ${formatFileSize(bytes, i18n.locale)}` : ''}
          </span>
        </div>
      ) : (
        <p className="keep-note">
          <Trans>No photos or files here yet: they will be kept as they arrive.</Trans>
        </p>
      )}
      {complete ? <OnDeviceBadge /> : <KeepWaiting waitingFor={waitingFor} onEvenOnSlowNetwork={onEvenOnSlowNetwork} onRetry={onRetry} />}
      <Button variant="ghost" onClick={onRemove}>
        <Trans>Stop keeping this category</Trans>
        <span className="visually-hidden">{`: ${name}`}</span>
      </Button>
      <KeepFailure message={failure} />
    </div>
  );
}
