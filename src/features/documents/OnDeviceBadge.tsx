import { Trans } from '@lingui/react/macro';
import { CheckCircleIcon } from '../../ui/icons';
import './keptFiles.css';

/** "On this device": the document's current file is kept here and opens offline (useKeptIds, useKeptFile). */
export function OnDeviceBadge() {
  return (
    <span className="on-device-badge">
      <CheckCircleIcon width={16} height={16} />
      <Trans>On this device</Trans>
    </span>
  );
}
