import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import { DownloadIcon } from '../../ui/icons';
import { KeepFailure, KeepWaiting, type KeepWait } from '../../ui/KeepWaiting';
import type { KeepProgress } from './keepProgress';
import { OnDeviceBadge } from '../../ui/OnDeviceBadge';
import type { KeptCategoryState, KeptFileState } from './useKeptFiles';
import '../../ui/keepControl.css';

/** Names the item in a button's accessible name after its visible words (lists repeat the words). */
function ItemName({ name }: { name: string }) {
  return <span className="visually-hidden">{`: ${name}`}</span>;
}

function DownloadProgress({ progress, onCancel }: { progress: KeepProgress; onCancel: (() => void) | undefined }) {
  const { t, i18n } = useLingui();
  const share = progress.total > 0 ? progress.received / progress.total : 0;
  return (
    <div className="keep-progress-row">
      <progress className="keep-progress" max={1} value={share} aria-label={t`Downloading to this device`} />
      <span className="keep-percent" aria-hidden="true">
        {new Intl.NumberFormat(i18n.locale, { style: 'percent' }).format(Math.floor(share * 100) / 100)}
      </span>
      {onCancel ? (
        <Button variant="ghost" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      ) : null}
    </div>
  );
}

export interface KeepDocumentViewProps {
  title: string;
  state: KeptFileState;
  /** A download of it in this tab (started here or by a kept category). */
  progress: KeepProgress | null;
  failure: string | null;
  onKeep: () => void;
  onRemove: () => void;
  /** Only for a download started here. */
  onCancel: (() => void) | undefined;
}

export function KeepDocumentView({ title, state, progress, failure, onKeep, onRemove, onCancel }: KeepDocumentViewProps) {
  let body;
  if (progress) body = <DownloadProgress progress={progress} onCancel={onCancel} />;
  else if (state.current)
    body = (
      <>
        <OnDeviceBadge />
        {state.withCategory ? (
          <span className="keep-note">
            <Trans>Kept with its category</Trans>
          </span>
        ) : (
          <Button variant="ghost" onClick={onRemove}>
            <Trans>Remove from this device</Trans>
            <ItemName name={title} />
          </Button>
        )}
      </>
    );
  else
    body = (
      <Button variant="secondary" onClick={onKeep}>
        <DownloadIcon />
        {state.file ? <Trans>Update the copy on this device</Trans> : <Trans>Keep on this device</Trans>}
        <ItemName name={title} />
      </Button>
    );
  return (
    <div className="keep-toggle">
      {body}
      <KeepFailure message={failure} />
    </div>
  );
}

/** Why a kept category's files are not all on the device yet. */
export type CategoryWait = KeepWait;

export interface KeepCategoryViewProps {
  name: string;
  state: KeptCategoryState;
  waitingFor: CategoryWait;
  failure: string | null;
  onKeep: () => void;
  onRemove: () => void;
  onEvenOnSlowNetwork: () => void;
  /** After a full device: try the downloads again. */
  onRetry: () => void;
}

export function KeepCategoryView({ name, state, waitingFor, failure, onKeep, onRemove, onEvenOnSlowNetwork, onRetry }: KeepCategoryViewProps) {
  const { t } = useLingui();
  if (!state.kept)
    return (
      <div className="keep-toggle">
        <Button variant="secondary" onClick={onKeep}>
          <DownloadIcon />
          <Trans>Keep this category on this device</Trans>
          <ItemName name={name} />
        </Button>
        <KeepFailure message={failure} />
      </div>
    );
  const { documents, onDevice } = state;
  const complete = onDevice >= documents;
  return (
    <div className="keep-toggle keep-category">
      <div className="keep-progress-row">
        <progress className="keep-progress" max={Math.max(documents, 1)} value={onDevice} aria-label={t`Documents of ${name} on this device`} />
        <span className="keep-count">{t`${plural(documents, { one: `${onDevice} of # document on this device`, other: `${onDevice} of # documents on this device` })}`}</span>
      </div>
      {complete ? <OnDeviceBadge /> : <KeepWaiting waitingFor={waitingFor} onEvenOnSlowNetwork={onEvenOnSlowNetwork} onRetry={onRetry} />}
      <Button variant="ghost" onClick={onRemove}>
        <Trans>Stop keeping this category</Trans>
        <ItemName name={name} />
      </Button>
      <KeepFailure message={failure} />
    </div>
  );
}
