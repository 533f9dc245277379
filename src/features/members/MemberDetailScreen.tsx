import { useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useNavigate, useParams } from 'react-router-dom';
import { can } from '../../../contract/permissions';
import { MemberSections } from '../../modules/MemberSections';
import { useSession } from '../../session/session';
import { useItemSyncState } from '../../sync/hooks';
import { usePageMeta } from '../../tenant/usePageMeta';
import { LoadingState } from '../../ui/ScreenStates';
import { MemberDetailView } from './MemberDetailView';
import { fullName } from './memberList';
import { useMember, useMemberReference } from './memberQueries';
import { MemberGone, NotAllowed } from './MemberScreenStates';
import { useInvitations } from './useInvitations';
import { useMemberActions } from './useMemberActions';
import { useMembersDb } from './useMembersDb';

/** `/users/:id`: one member, read live from the device's copy. */
export function MemberDetailScreen() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const { user } = useSession();
  const navigate = useNavigate();
  const db = useMembersDb();
  const member = useMember(id);
  const reference = useMemberReference();
  const syncState = useItemSyncState(id);
  const actions = useMemberActions();
  const invitations = useInvitations({ withCount: false });
  const related = useLiveQuery(async () => {
    if (!member) return { children: [], guardians: [] };
    const children = (await db.members.bulkGet(member.child_ids)).filter((row) => row !== undefined);
    // A student's guardians: the few guardians that name them (a scan of guardians only).
    const guardians =
      member.role === 'student'
        ? await db.members
            .where('role')
            .equals('guardian')
            .filter((row) => row.child_ids.includes(member.id))
            .toArray()
        : [];
    return { children, guardians };
  }, [db, member]);
  usePageMeta(member ? fullName(member) : t`Member`);

  if (!user || !can(user.role, 'users.manage')) return <NotAllowed />;
  if (member === undefined || !reference || !related) return <LoadingState label={t`Loading…`} />;
  if (member === null) return <MemberGone />;
  return (
    <MemberDetailView
      member={member}
      children={related.children}
      guardians={related.guardians}
      reference={reference}
      isSelf={member.id === user.id}
      syncState={syncState}
      actions={actions}
      resetPassword={() => import('./membersApi').then((api) => api.resetMemberPassword(member.id))}
      invitations={invitations}
      onGone={() => void navigate('/users', { replace: true })}
      sections={
        member.status === 'pending' ? null : (
          <MemberSections
            member={{ id: member.id, name: fullName(member) || member.email, role: member.role }}
            isSelf={member.id === user.id}
            onGone={() => void navigate('/users', { replace: true })}
          />
        )
      }
    />
  );
}
