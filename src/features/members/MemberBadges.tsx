import { Trans, useLingui } from '@lingui/react/macro';
import type { MemberRow } from '../../../contract/members';
import { formatShortDate } from '../../i18n/formatDate';
import { WarningIcon } from '../../ui/icons';
import { signInState } from './memberList';

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

/** Whether the member signed in, when they were invited, or that their email bounces: words, never colour alone. */
export function SignInBadge({ row }: { row: Pick<MemberRow, 'signed_in_at' | 'invited_at' | 'email_bounced'> }) {
  const { i18n } = useLingui();
  const state = signInState(row);
  if (!state) return null;
  if (state.kind === 'bounced')
    return (
      <span className="member-badge member-badge-bounced">
        <WarningIcon width={14} height={14} />
        <Trans>Email bounced</Trans>
      </span>
    );
  if (state.kind === 'signedIn')
    return (
      <span className="member-badge member-badge-signed-in">
        <Trans>Signed in</Trans>
      </span>
    );
  const date = formatShortDate(state.at, i18n.locale);
  return (
    <span className="member-badge member-badge-invited">
      <Trans>Invited on {date}</Trans>
    </span>
  );
}
