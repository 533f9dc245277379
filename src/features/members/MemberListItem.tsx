import { Trans, useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { MemberRow } from '../../../contract/members';
import type { ItemSyncState } from '../../sync/hooks';
import { Button } from '../../ui/Button';
import { SyncStateBadge } from '../../ui/SyncStateBadge';
import { NoPinWarning, SignInBadge, StatusBadge } from './MemberBadges';
import { fullName, mayInvite } from './memberList';
import { roleLabels } from './memberWords';

export interface MemberListItemProps {
  row: MemberRow;
  isSelf: boolean;
  syncState: ItemSyncState | undefined;
  onApprove: (row: MemberRow) => void;
  onReject: (row: MemberRow) => void;
  /** Inviting needs a connection: offline the button is disabled (the list says why, once). */
  online: boolean;
  onInvite: (row: MemberRow) => void;
}

/** One member of the list: name (a link to them), role, email, rut, state, signing in, the no-PIN warning and the invitation. */
export const MemberListItem = memo(function MemberListItem({ row, isSelf, syncState, onApprove, onReject, online, onInvite }: MemberListItemProps) {
  const { i18n, t } = useLingui();
  const name = fullName(row);
  return (
    <li className="member-item">
      <div className="member-item-main">
        <Link className="member-name" to={`/users/${row.id}`} dir="auto">
          {name || row.email}
        </Link>
        <span className="member-role">{i18n._(roleLabels[row.role])}</span>
        <StatusBadge status={row.status} />
        <SignInBadge row={row} />
        {row.has_pin ? null : <NoPinWarning />}
        {syncState ? <SyncStateBadge state={syncState} /> : null}
      </div>
      <div className="member-item-ids">
        <span className="member-email" dir="ltr">
          {row.email}
        </span>
        {row.rut ? (
          <span className="member-rut" dir="ltr">
            {row.rut}
          </span>
        ) : null}
      </div>
      {row.status === 'pending' && !isSelf ? (
        <div className="member-item-actions">
          <Button variant="primary" onClick={() => onApprove(row)} aria-label={t`Approve ${name}`}>
            <Trans>Approve</Trans>
          </Button>
          <Button variant="secondary" onClick={() => onReject(row)} aria-label={t`Reject ${name}`}>
            <Trans>Reject</Trans>
          </Button>
        </div>
      ) : null}
      {mayInvite(row, isSelf) ? (
        <div className="member-item-actions">
          <Button
            variant="secondary"
            disabled={!online}
            onClick={() => onInvite(row)}
            aria-label={row.invited_at ? t`Invite ${name} again` : t`Invite ${name}`}
          >
            {row.invited_at ? <Trans>Invite again</Trans> : <Trans>Invite</Trans>}
          </Button>
        </div>
      ) : null}
    </li>
  );
});
