import { Trans } from '@lingui/react/macro';
import { CheckCircleIcon, WarningIcon } from '../../ui/icons';

/** "Emergency alert": an icon and the words, on the alert colour (never the colour alone). */
export function EmergencyTag() {
  return (
    <span className="notification-emergency-tag">
      <WarningIcon width={16} height={16} />
      <Trans>Emergency alert</Trans>
    </span>
  );
}

/** An alert this member acknowledged. */
export function AcknowledgedTag() {
  return (
    <span className="notification-acknowledged-tag">
      <CheckCircleIcon width={16} height={16} />
      <Trans>Acknowledged</Trans>
    </span>
  );
}
