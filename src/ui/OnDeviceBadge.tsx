import { Trans } from '@lingui/react/macro';
import { CheckCircleIcon } from './icons';
import './keepControl.css';

/** "On this device": the item's files are kept here and open offline (a document, a kept news category). */
export function OnDeviceBadge() {
  return (
    <span className="on-device-badge">
      <CheckCircleIcon width={16} height={16} />
      <Trans>On this device</Trans>
    </span>
  );
}
