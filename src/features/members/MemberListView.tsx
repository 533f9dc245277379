import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { MemberRow } from '../../../contract/members';
import type { ItemSyncState } from '../../sync/hooks';
import { Button, buttonClass } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DownloadIcon, UploadIcon } from '../../ui/icons';
import { Pagination } from '../../ui/Pagination';
import { EmptyState, LoadingState } from '../../ui/ScreenStates';
import { InviteEveryoneDialog, ResendInvitationDialog } from './InviteDialogs';
import { MemberFiltersBar } from './MemberFiltersBar';
import { fullName, type MemberFilters } from './memberList';
import { MemberListItem } from './MemberListItem';
import type { MemberReference } from './memberQueries';
import type { Invitations } from './useInvitations';
import type { MemberActions } from './useMemberActions';

export interface MemberListViewProps {
  /** The members of this page. */
  rows: readonly MemberRow[];
  /** How many pass the filters, and how many there are. */
  total: number;
  all: number;
  page: number;
  pages: number;
  filters: MemberFilters;
  /** The search the rows shown answer (it trails what is typed by a render: useDeferredValue); benches wait for it. */
  shownQuery: string;
  reference: MemberReference;
  selfId: string;
  pendingStates: Map<string, ItemSyncState>;
  initialSync: boolean;
  hrefFor: (page: number) => string;
  onGoTo: (page: number) => void;
  onSearch: (q: string) => void;
  onFilters: (filters: MemberFilters) => void;
  onExport: () => void;
  actions: Pick<MemberActions, 'approve' | 'reject'>;
  invitations: Invitations;
}

/** "User Roles": the toolbar, the filters, a page of members and the pages. */
export function MemberListView(props: MemberListViewProps) {
  const { rows, total, all, page, pages, filters, reference, selfId, pendingStates, initialSync, actions, invitations } = props;
  const { t } = useLingui();
  const [rejecting, setRejecting] = useState<MemberRow | null>(null);
  const [resending, setResending] = useState<MemberRow | null>(null);
  const [invitingAll, setInvitingAll] = useState(false);
  const { invite: sendInvitations, online, notSignedIn } = invitations;
  // A member invited before is asked about first: the new link replaces theirs.
  const invite = useCallback((row: MemberRow) => (row.invited_at ? setResending(row) : void sendInvitations({ member_ids: [row.id] })), [sendInvitations]);
  // Stable, so the rows (memo) are not drawn again at each key typed.
  const { approve: approveRow } = actions;
  const approve = useCallback((row: MemberRow) => void approveRow(row), [approveRow]);
  const askReject = useCallback((row: MemberRow) => setRejecting(row), []);
  const name = rejecting ? fullName(rejecting) : '';
  const exportHintId = useId();
  const inviteHintId = useId();
  const counting = initialSync;
  // A control that cannot be used says why, beside it.
  const exportBlocked =
    total > 0
      ? null
      : counting
        ? t`You can export the members once they are downloaded.`
        : all === 0
          ? t`There are no members to export yet.`
          : t`No member matches the filters: there is nothing to export.`;
  const inviteBlocked = !online ? t`Inviting sends emails at once: it needs a connection.` : notSignedIn === 0 ? t`Everyone has signed in already.` : null;

  return (
    <div className="page members-page" data-shown-query={props.shownQuery}>
      <div className="members-head">
        <h1 className="page-title">
          <Trans>User Roles</Trans>
        </h1>
        <div className="members-tools">
          <Link className={buttonClass('primary')} to="/users/new">
            <Trans>New member</Trans>
          </Link>
          <Link className={buttonClass('secondary')} to="/users/import">
            <UploadIcon />
            <Trans>Import CSV</Trans>
          </Link>
          <Button variant="secondary" onClick={props.onExport} disabled={exportBlocked !== null} aria-describedby={exportBlocked ? exportHintId : undefined}>
            <DownloadIcon />
            <Trans>Export CSV</Trans>
          </Button>
        </div>
        {exportBlocked ? (
          <p className="members-tools-hint muted" id={exportHintId}>
            {exportBlocked}
          </p>
        ) : null}
      </div>
      <div className="members-invite">
        <Button
          variant="secondary"
          disabled={inviteBlocked !== null}
          aria-describedby={inviteBlocked ? inviteHintId : undefined}
          onClick={() => setInvitingAll(true)}
        >
          {notSignedIn === null ? <Trans>Invite everyone not yet signed in</Trans> : <Trans>Invite everyone not yet signed in ({notSignedIn})</Trans>}
        </Button>
        {inviteBlocked ? (
          <p className="muted" id={inviteHintId}>
            {inviteBlocked}
          </p>
        ) : null}
      </div>
      <MemberFiltersBar filters={filters} reference={reference} onSearch={props.onSearch} onFilters={props.onFilters} />
      {/* No count until it is known: on a new device the first sync is still bringing the members. */}
      <p className="members-count muted" role="status">
        {counting ? null : total === all ? t`${plural(all, { one: '# member', other: '# members' })}` : t`${total} of ${all} members`}
      </p>
      {rows.length === 0 ? (
        initialSync ? (
          <LoadingState label={t`Downloading the members…`} />
        ) : (
          <EmptyState>{all === 0 ? <Trans>No members yet.</Trans> : <Trans>No members match this search.</Trans>}</EmptyState>
        )
      ) : (
        <ul className="member-list" aria-label={t`Members`}>
          {rows.map((row) => (
            <MemberListItem
              key={row.id}
              row={row}
              isSelf={row.id === selfId}
              syncState={pendingStates.get(row.id)}
              onApprove={approve}
              onReject={askReject}
              online={online}
              onInvite={invite}
            />
          ))}
        </ul>
      )}
      <Pagination page={page} pages={pages} hrefFor={props.hrefFor} onGoTo={props.onGoTo} />
      <ResendInvitationDialog member={resending} onClose={() => setResending(null)} onConfirm={(row) => void sendInvitations({ member_ids: [row.id] })} />
      <InviteEveryoneDialog
        count={notSignedIn ?? 0}
        open={invitingAll}
        onClose={() => setInvitingAll(false)}
        onConfirm={() => void sendInvitations({ everyone_not_signed_in: true })}
      />
      <ConfirmDialog
        open={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        title={t`Reject this sign-up?`}
        description={<Trans>The account of {name} is removed and cannot sign in.</Trans>}
        confirmLabel={t`Reject`}
        onConfirm={() => rejecting && void actions.reject(rejecting)}
      />
    </div>
  );
}
