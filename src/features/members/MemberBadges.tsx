import { Trans } from '@lingui/react/macro';
import type { MemberRow } from '../../../contract/members';
import { WarningIcon } from '../../ui/icons';

/** A member's state when it is not the usual one: pending, disabled; words, never colour alone. */
export function StatusBadge({ status }: { status: MemberRow['status'] }) {
  if (status === 'pending')
    return (
      <span className="member-badge member-badge-pending">
        <Trans>Pending approval</Trans>
      </span>
    );
  if (status === 'disabled')
    return (
      <span className="member-badge member-badge-disabled">
        <Trans>Disabled</Trans>
      </span>
    );
  return null;
}

/** As in the original app, the list warns when a member has no PIN (an icon and words). */
export function NoPinWarning() {
  return (
    <span className="member-nopin">
      <WarningIcon width={16} height={16} />
      <span>
        <Trans>No PIN</Trans>
      </span>
    </span>
  );
}
