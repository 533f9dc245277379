import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MemberRow } from '../../../contract/members';
import { formatShortDate } from '../../i18n/formatDate';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { fullName } from './memberList';

/** Sending again to a member already invited: the earlier link stops working, so it is asked first. */
export function ResendInvitationDialog({ member, onClose, onConfirm }: { member: MemberRow | null; onClose: () => void; onConfirm: (row: MemberRow) => void }) {
  const { t, i18n } = useLingui();
  const name = member ? fullName(member) || member.email : '';
  const date = member?.invited_at ? formatShortDate(member.invited_at, i18n.locale) : '';
  return (
    <ConfirmDialog
      open={member !== null}
      onOpenChange={(open) => !open && onClose()}
      tone="primary"
      title={t`Send ${name} a new invitation?`}
      description={<Trans>The new link replaces the one sent on {date}, which stops working. The new one works for 10 days.</Trans>}
      confirmLabel={t`Send a new invitation`}
      onConfirm={() => member && onConfirm(member)}
    />
  );
}

/** "Invite everyone not yet signed in": the count the server gave, stated before anything is mailed. */
export function InviteEveryoneDialog({ count, open, onClose, onConfirm }: { count: number; open: boolean; onClose: () => void; onConfirm: () => void }) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      tone="primary"
      title={t`${plural(count, { one: 'Invite # member who has not signed in yet?', other: 'Invite # members who have not signed in yet?' })}`}
      description={
        <Trans>
          Each one receives an email in their language with a link, valid for 10 days, to choose a password. The emails leave at the school’s email rate.
          Members invited more than 10 minutes ago get a new link, which replaces the earlier one.
        </Trans>
      }
      confirmLabel={t`${plural(count, { one: 'Invite # member', other: 'Invite # members' })}`}
      onConfirm={onConfirm}
    />
  );
}
