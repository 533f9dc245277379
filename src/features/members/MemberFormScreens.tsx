import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { MemberFields, MemberRow } from '../../../contract/members';
import { can } from '../../../contract/permissions';
import type { FieldErrors } from '../../forms/fieldErrors';
import { useSession } from '../../session/session';
import { toastOutcome } from '../../sync/outcomeToasts';
import { useOutboxEntry } from '../../sync/useOutboxEntry';
import { usePageMeta } from '../../tenant/usePageMeta';
import { LoadingState } from '../../ui/ScreenStates';
import { MemberForm } from './MemberForm';
import { emptyMemberValues, valuesFrom } from './memberFormValues';
import { memberOutcomeTexts } from './memberOutcomeTexts';
import { useMember, useMemberReference } from './memberQueries';
import { MemberGone, NotAllowed } from './MemberScreenStates';
import { createMember, fieldsOf, inheritedSections, resendMember, updateMember } from './memberWrites';
import { useMembersDb } from './useMembersDb';

function firstErrors(errors: Record<string, string[]> | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, list] of Object.entries(errors ?? {})) if (list[0]) out[field] = list[0];
  return out;
}

/** The college's students, for a guardian's children. */
function useStudents(): MemberRow[] | undefined {
  const db = useMembersDb();
  return useLiveQuery(() => db.members.where('role').equals('student').toArray(), [db]);
}

/** `/users/new`. */
export function NewMemberScreen() {
  const { t, i18n } = useLingui();
  const db = useMembersDb();
  const { user } = useSession();
  const navigate = useNavigate();
  const reference = useMemberReference();
  const students = useStudents();
  usePageMeta(t`New member`);
  if (!user || !can(user.role, 'users.manage')) return <NotAllowed />;
  if (!reference || !students) return <LoadingState label={t`Loading…`} />;

  const save = async (fields: MemberFields) => {
    const { id, seq } = await createMember(db, fields, user.college_id);
    void toastOutcome(db, i18n, seq, memberOutcomeTexts(i18n, 'create'));
    await navigate(`/users/${id}`);
  };
  return (
    <div className="page member-form-page">
      <MemberForm
        title={<Trans>New member</Trans>}
        initial={emptyMemberValues()}
        reference={reference}
        students={students}
        submitLabel={t`Create member`}
        onSubmit={save}
        onCancel={() => void navigate(-1)}
      />
    </div>
  );
}

/**
 * `/users/:id/edit`. With `?resend=<seq>` it fixes a change the server refused (a duplicate
 * email or rut): the form starts from that change's kept fields with the server's message on
 * its field, and saving sends it again in its place in the queue.
 */
export function EditMemberScreen() {
  const { t, i18n } = useLingui();
  const db = useMembersDb();
  const { user } = useSession();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const resendParam = Number(params.get('resend'));
  const seq = Number.isInteger(resendParam) && resendParam > 0 ? resendParam : null;
  const member = useMember(id);
  const entry = useOutboxEntry(seq);
  const reference = useMemberReference();
  const students = useStudents();
  const inherited = useLiveQuery(async () => (member ? inheritedSections(db, member) : new Set<string>()), [db, member]);
  usePageMeta(t`Edit member`);

  if (!user || !can(user.role, 'users.manage')) return <NotAllowed />;
  if (member === undefined || entry === undefined || !reference || !students || !inherited) return <LoadingState label={t`Loading…`} />;
  const fixing = entry !== null && entry.entityId === id && entry.status === 'attention' ? entry : null;
  if (!member && !fixing) return <MemberGone />;

  const fromMember = valuesFrom(member ? fieldsOf(member, inherited) : null, emptyMemberValues());
  const initial = fixing ? valuesFrom(fixing.args as Partial<MemberFields>, fromMember) : fromMember;
  const save = async (fields: MemberFields) => {
    if (fixing?.seq !== undefined) {
      await resendMember(db, fixing.seq, id, fields);
      void toastOutcome(db, i18n, fixing.seq, memberOutcomeTexts(i18n, fixing.name === 'members.create' ? 'create' : 'update'));
    } else {
      const next = await updateMember(db, id, fields);
      void toastOutcome(db, i18n, next, memberOutcomeTexts(i18n, 'update'));
    }
    // A refused create that the engine rolled back has no local row to show.
    await navigate(member ? `/users/${id}` : '/app/outbox');
  };
  return (
    <div className="page member-form-page">
      <MemberForm
        key={fixing ? `fix-${fixing.seq}` : id}
        title={fixing ? <Trans>Fix and resend</Trans> : <Trans>Edit member</Trans>}
        initial={initial}
        initialErrors={fixing ? firstErrors(fixing.error?.errors) : {}}
        initialFormError={fixing?.error && !fixing.error.errors ? fixing.error.message : null}
        reference={reference}
        students={students.filter((student) => student.id !== id)}
        submitLabel={fixing ? t`Save and resend` : t`Save changes`}
        onSubmit={save}
        onCancel={() => void navigate(-1)}
      />
    </div>
  );
}
