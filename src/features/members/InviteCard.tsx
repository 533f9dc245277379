import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { MemberRow } from '../../../contract/members';
import { formatShortDate } from '../../i18n/formatDate';
import { Button } from '../../ui/Button';
import { MailIcon } from '../../ui/icons';
import { ResendInvitationDialog } from './InviteDialogs';
import { mayInvite, neverSignedIn } from './memberList';
import type { Invitations } from './useInvitations';

export interface InviteCardProps {
  member: MemberRow;
  isSelf: boolean;
  invitations: Pick<Invitations, 'online' | 'invite'>;
}

/**
 * A member who never signed in (REST, online only): whether and when they were invited, and
 * the invitation to send, or to send again (asked first: it replaces the earlier link).
 */
export function InviteCard({ member, isSelf, invitations }: InviteCardProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState<MemberRow | null>(null);
  if (!neverSignedIn(member) || member.status === 'pending') return null;
  const { online } = invitations;
  const date = member.invited_at ? formatShortDate(member.invited_at, i18n.locale) : '';
  const address = <bdi dir="ltr">{member.email}</bdi>;

  async function send() {
    setBusy(true);
    try {
      await invitations.invite({ member_ids: [member.id] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card member-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title with-icon">
        <MailIcon />
        <span>
          <Trans>Invitation</Trans>
        </span>
      </h2>
      {member.email_bounced ? (
        <p>
          <Trans>Email to {address} bounced. Correct the address, then invite them.</Trans>
        </p>
      ) : member.invited_at ? (
        <p>
          <Trans>Invited on {date}; they have not signed in yet. A new invitation replaces the earlier link, which stops working.</Trans>
        </p>
      ) : (
        <p>
          <Trans>Not signed in yet. The invitation emails {address} a link, valid for 10 days, to choose a password.</Trans>
        </p>
      )}
      {mayInvite(member, isSelf) ? (
        <>
          {online ? null : <p className="muted">{t`Inviting sends an email at once: it needs a connection.`}</p>}
          <Button variant="secondary" busy={busy} disabled={!online} onClick={() => (member.invited_at ? setResending(member) : void send())}>
            {member.invited_at ? <Trans>Send a new invitation</Trans> : <Trans>Send invitation</Trans>}
          </Button>
        </>
      ) : null}
      <ResendInvitationDialog member={resending} onClose={() => setResending(null)} onConfirm={() => void send()} />
    </section>
  );
}
