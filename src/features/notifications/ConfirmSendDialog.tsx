import { Trans, useLingui } from '@lingui/react/macro';
import { AlertDialog } from 'radix-ui';
import { reachSummary } from '../../audience/audienceSummary';
import type { ReachState } from '../../audience/useAudienceReach';
import { WarningIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';

export interface ConfirmSendDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The audience in words ("Families of 1° A"). */
  audience: string;
  reach: ReachState;
  emergency: boolean;
  onConfirm: () => void;
}

/** How many people it reaches, or why that is not known. */
function ReachText({ reach }: { reach: ReachState }) {
  const { i18n } = useLingui();
  switch (reach.status) {
    case 'counted': {
      const { total, detail } = reachSummary(i18n, reach.reach);
      return (
        <p className="confirm-reach">
          <strong>{total}</strong>
          {detail ? <span className="confirm-reach-detail">{detail}</span> : null}
        </p>
      );
    }
    case 'offline':
      return (
        <p className="confirm-reach">
          <Trans>This device is offline, so how many people it reaches is not known. It will be sent when you are back online.</Trans>
        </p>
      );
    case 'failed':
      return (
        <p className="confirm-reach">
          <Trans>How many people it reaches could not be counted. You can still send it.</Trans>
        </p>
      );
    default:
      return (
        <p className="confirm-reach" aria-busy="true">
          <Spinner />
          <Trans>Counting who it reaches…</Trans>
        </p>
      );
  }
}

/**
 * The step before sending (a message cannot be taken back): who it is for, how many
 * people that is, and for an emergency alert what that means for them.
 */
export function ConfirmSendDialog({ open, onOpenChange, audience, reach, emergency, onConfirm }: ConfirmSendDialogProps) {
  const { t } = useLingui();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog confirm-send">
          <AlertDialog.Title className="dialog-title">{emergency ? t`Send this emergency alert?` : t`Send this notification?`}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="dialog-description">
              <p dir="auto">
                <Trans>For: {audience}</Trans>
              </p>
              <ReachText reach={reach} />
              {emergency ? (
                <div className="confirm-emergency">
                  <WarningIcon />
                  <p>
                    <Trans>
                      This is an emergency alert: it is pushed to phones even during quiet hours, each person is asked to confirm they have read it, and whoever
                      has not confirmed after the school’s waiting time receives it by email.
                    </Trans>
                  </p>
                </div>
              ) : null}
              <p className="muted">
                <Trans>A sent notification cannot be edited or taken back.</Trans>
              </p>
            </div>
          </AlertDialog.Description>
          <div className="dialog-actions confirm-actions">
            <AlertDialog.Cancel className="button button-secondary">
              <Trans>Cancel</Trans>
            </AlertDialog.Cancel>
            <AlertDialog.Action className={`button ${emergency ? 'button-danger' : 'button-primary'}`} onClick={onConfirm}>
              {emergency ? t`Send the alert` : t`Send`}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
