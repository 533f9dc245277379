import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../ui/Button';
import { FormAlert } from '../ui/FormAlert';
import { CloudOffIcon } from '../ui/icons';
import { LoadingState } from '../ui/ScreenStates';
import type { ResourceLoad } from './useOnlineResource';

export interface OnlineBodyProps<T> {
  load: ResourceLoad<T>;
  online: boolean;
  /** What is being loaded, as the spinner says it ("Loading your quiet hours…"). */
  loadingLabel: string;
  onRetry: () => void;
  /** The answer, drawn (a form keyed by what is saved, a list). */
  children: (data: T) => ReactNode;
}

/**
 * The body of a card that reads from the server: offline with nothing read yet, nothing
 * (the card's `OfflineNote` says why); loading; a failure with "Try again"; else the answer,
 * also offline once read.
 */
export function OnlineBody<T>({ load, online, loadingLabel, onRetry, children }: OnlineBodyProps<T>) {
  if (!online && load.status !== 'ready') return null;
  if (load.status === 'loading') return <LoadingState label={loadingLabel} />;
  if (load.status === 'failed')
    return (
      <>
        <FormAlert message={load.error} />
        <div className="form-actions">
          <Button variant="secondary" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      </>
    );
  return children(load.data);
}

/** A card's "needs a connection" line, shown offline. */
export function OfflineNote({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p className={`with-icon ${className ?? ''}`} role="status">
      <CloudOffIcon width={18} height={18} />
      <span>{children}</span>
    </p>
  );
}
