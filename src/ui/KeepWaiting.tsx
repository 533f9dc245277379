import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from './Button';
import { AlertIcon } from './icons';
import './keepControl.css';

/** Why what a member keeps (a documents category, a news category) is not all on the device yet. */
export type KeepWait = 'room' | 'connection' | 'faster network' | null;

/** A keep control's failure, said in words beside its icon. */
export function KeepFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="keep-failure with-icon" role="alert">
      <AlertIcon width={18} height={18} />
      <span>{message}</span>
    </p>
  );
}

/** What a kept category waits for, and what the member can do about it. */
export function KeepWaiting({ waitingFor, onEvenOnSlowNetwork, onRetry }: { waitingFor: KeepWait; onEvenOnSlowNetwork: () => void; onRetry: () => void }) {
  const { t } = useLingui();
  if (waitingFor === 'room')
    return (
      <>
        <KeepFailure message={t`This device is full. Remove kept files, or free space on the device, then try again.`} />
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
