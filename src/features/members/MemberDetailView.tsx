import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { MemberRow, ResetMemberPasswordResponse } from '../../../contract/members';
import type { ItemSyncState } from '../../sync/hooks';
import { Button, buttonClass } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ArrowBackIcon } from '../../ui/icons';
import { SyncStateBadge } from '../../ui/SyncStateBadge';
import { InviteCard } from './InviteCard';
import { SignInBadge, StatusBadge } from './MemberBadges';
import { fullName } from './memberList';
import type { MemberReference } from './memberQueries';
import { roleLabels } from './memberWords';
import { PinCard } from './PinCard';
import { ResetPasswordCard } from './ResetPasswordCard';
import type { Invitations } from './useInvitations';
import type { MemberActions } from './useMemberActions';

export interface MemberDetailViewProps {
  member: MemberRow;
  /** The guardian's children, and for a student, their guardians (as stored). */
  children: readonly MemberRow[];
  guardians: readonly MemberRow[];
  reference: MemberReference;
  isSelf: boolean;
  syncState: ItemSyncState | null;
  actions: MemberActions;
  resetPassword: () => Promise<ResetMemberPasswordResponse>;
  invitations: Pick<Invitations, 'online' | 'invite'>;
  /** After a delete or a rejection: back to the list. */
  onGone: () => void;
  /** Other features' parts of the screen (src/modules/MemberSections.tsx), below the account. */
  sections?: ReactNode;
}

/** A date of birth (`YYYY-MM-DD`) as the page's language writes it, on the device's calendar day. */
function formatBirthdate(day: string, locale: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(year, month - 1, date));
}

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="member-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** `/users/:id`: the member's data, PIN, password and what an administrator may do with the account. */
export function MemberDetailView({
  member,
  children,
  guardians,
  reference,
  isSelf,
  syncState,
  actions,
  resetPassword,
  invitations,
  onGone,
  sections: extra,
}: MemberDetailViewProps) {
  const { t, i18n } = useLingui();
  const [confirm, setConfirm] = useState<'delete' | 'reject' | null>(null);
  const name = fullName(member);
  const place = reference.places.find((p) => p.id === member.place_id)?.name;
  const sectionNames = new Map(reference.sections.map((s) => [s.id, s.label]));
  const sections = member.section_ids.map((id) => sectionNames.get(id)).filter(Boolean);
  const selfReason = isSelf ? t`You cannot change this on your own account.` : null;
  const none = <span className="muted">—</span>;

  return (
    <div className="page member-detail">
      <Link className="back-link with-icon" to="/users">
        <ArrowBackIcon className="icon icon-flip-rtl" />
        <span>
          <Trans>All members</Trans>
        </span>
      </Link>
      <div className="member-detail-head">
        <h1 className="page-title" dir="auto">
          {name || member.email}
        </h1>
        <p className="member-detail-meta">
          <span className="member-role">{i18n._(roleLabels[member.role])}</span>
          <StatusBadge status={member.status} />
          <SignInBadge row={member} />
          <SyncStateBadge state={syncState} />
        </p>
        <Link className={buttonClass('secondary')} to={`/users/${member.id}/edit`}>
          <Trans>Edit</Trans>
        </Link>
      </div>

      {member.status === 'pending' && !isSelf ? (
        <section className="card member-card member-pending" aria-label={t`Sign-up waiting for approval`}>
          <p>
            <Trans>This person signed up and cannot sign in until approved.</Trans>
          </p>
          <div className="member-card-actions">
            <Button onClick={() => void actions.approve(member)}>
              <Trans>Approve</Trans>
            </Button>
            <Button variant="secondary" onClick={() => setConfirm('reject')}>
              <Trans>Reject</Trans>
            </Button>
          </div>
        </section>
      ) : null}

      <section className="card member-card" aria-label={t`Details`}>
        <dl className="member-facts">
          <Fact label={<Trans>Email</Trans>}>
            <bdi dir="ltr">{member.email}</bdi>
          </Fact>
          <Fact label={<Trans>RUT</Trans>}>{member.rut ? <bdi dir="ltr">{member.rut}</bdi> : none}</Fact>
          <Fact label={<Trans>Phone</Trans>}>{member.phone ? <bdi dir="ltr">{member.phone}</bdi> : none}</Fact>
          <Fact label={<Trans>Birthdate</Trans>}>{member.birthdate ? formatBirthdate(member.birthdate, i18n.locale) : none}</Fact>
          <Fact label={<Trans>Place</Trans>}>{place ?? none}</Fact>
          <Fact label={<Trans>Sections</Trans>}>{sections.length > 0 ? sections.join(', ') : none}</Fact>
          {member.role === 'guardian' ? (
            <Fact label={<Trans>Children</Trans>}>
              {children.length > 0
                ? children.map((child, index) => (
                    <span key={child.id}>
                      {index > 0 ? ', ' : ''}
                      <Link to={`/users/${child.id}`} dir="auto">
                        {fullName(child)}
                      </Link>
                    </span>
                  ))
                : none}
            </Fact>
          ) : null}
          {guardians.length > 0 ? (
            <Fact label={<Trans>Guardians</Trans>}>
              {guardians.map((guardian, index) => (
                <span key={guardian.id}>
                  {index > 0 ? ', ' : ''}
                  <Link to={`/users/${guardian.id}`} dir="auto">
                    {fullName(guardian)}
                  </Link>
                </span>
              ))}
            </Fact>
          ) : null}
        </dl>
      </section>

      <div className="member-cards">
        <PinCard hasPin={member.has_pin} lockedReason={selfReason} onSet={(pin) => actions.setPin(member, pin)} onDelete={() => actions.deletePin(member)} />
        <InviteCard member={member} isSelf={isSelf} invitations={invitations} />
        {member.status !== 'pending' ? <ResetPasswordCard email={member.email} lockedReason={selfReason} reset={resetPassword} /> : null}
      </div>

      <section className="card member-card" aria-label={t`Account`}>
        {selfReason ? (
          <p className="muted">{selfReason}</p>
        ) : (
          <div className="member-card-actions">
            {member.status === 'active' ? (
              <Button variant="secondary" onClick={() => void actions.setStatus(member, 'disabled')}>
                <Trans>Disable account</Trans>
              </Button>
            ) : null}
            {member.status === 'disabled' ? (
              <Button variant="secondary" onClick={() => void actions.setStatus(member, 'active')}>
                <Trans>Enable account</Trans>
              </Button>
            ) : null}
            <Button variant="danger" onClick={() => setConfirm('delete')}>
              <Trans>Delete member</Trans>
            </Button>
          </div>
        )}
      </section>

      {extra}

      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t`Delete ${name}?`}
        description={<Trans>The account is removed and cannot sign in again. Publications and messages they wrote keep their name.</Trans>}
        confirmLabel={t`Delete member`}
        onConfirm={() => {
          onGone();
          void actions.remove(member);
        }}
      />
      <ConfirmDialog
        open={confirm === 'reject'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t`Reject this sign-up?`}
        description={<Trans>The account of {name} is removed and cannot sign in.</Trans>}
        confirmLabel={t`Reject`}
        onConfirm={() => {
          onGone();
          void actions.reject(member);
        }}
      />
    </div>
  );
}
