import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import { formatFileSize } from '../../ui/fileFormat';
import { AlertIcon, DownloadIcon } from '../../ui/icons';
import { OnDeviceBadge } from '../../ui/OnDeviceBadge';
import '../../ui/keepControl.css';
import type { KeptNewsState } from './useKeptNews';

/** Why a kept category's files are not all on the device yet. */
export type NewsWait = 'room' | 'connection' | 'faster network' | null;

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

function Failure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="keep-failure with-icon" role="alert">
      <AlertIcon width={18} height={18} />
      <span>{message}</span>
    </p>
  );
}

function Waiting({ waitingFor, onEvenOnSlowNetwork, onRetry }: Pick<KeepNewsViewProps, 'waitingFor' | 'onEvenOnSlowNetwork' | 'onRetry'>) {
  const { t } = useLingui();
  if (waitingFor === 'room')
    return (
      <>
        <Failure message={t`This device is full. Remove kept files, or free space on the device, then try again.`} />
        <Button variant="secondary" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </>
    );
  if (waitingFor === 'connection')
    return (
      <p className="keep-note">
        <Trans>The rest downloads when you are online.</Trans>
      </p>
    );
  if (waitingFor === 'faster network')
    return (
      <>
        <p className="keep-note">
          <Trans>Waiting for a faster connection: this browser reports Save-Data or a slow (2G) network.</Trans>
        </p>
        <Button variant="secondary" onClick={onEvenOnSlowNetwork}>
          <Trans>Download on slow networks too</Trans>
        </Button>
      </>
    );
  return null;
}

/**
 * A news category's "keep on this device" control (issue 10): the photos and files of its
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
        <Failure message={failure} />
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
      {complete ? <OnDeviceBadge /> : <Waiting waitingFor={waitingFor} onEvenOnSlowNetwork={onEvenOnSlowNetwork} onRetry={onRetry} />}
      <Button variant="ghost" onClick={onRemove}>
        <Trans>Stop keeping this category</Trans>
        <span className="visually-hidden">{`: ${name}`}</span>
      </Button>
      <Failure message={failure} />
    </div>
  );
}
