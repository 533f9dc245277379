import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { uuidv7 } from '../../../contract/ids';
import { can } from '../../../contract/permissions';
import type { FieldErrors } from '../../forms/fieldErrors';
import { focusFirstInvalid, localSaveMessage } from '../../forms/localSave';
import { useSession } from '../../session/session';
import { toastOutcome } from '../../sync/outcomeToasts';
import { usePageMeta } from '../../tenant/usePageMeta';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { BackTo } from '../../ui/ScreenStates';
import { emptyGroupValues, validateGroup, type GroupFormValues } from './groupForm';
import { GroupDetailsFields } from './GroupDetailsFields';
import { MembersFields } from './MembersFields';
import { createGroup } from './messengerWrites';
import { useMessengerDb } from './useMessengerDb';

/**
 * `/messenger/groups/new` (spec: "create group": group name, description, members, a flag
 * that members can reply): staff and administrators. Saved on this device and queued, so
 * it works offline once the people are picked.
 */
export function NewGroupScreen() {
  const { t, i18n } = useLingui();
  const db = useMessengerDb();
  const { user } = useSession();
  const navigate = useNavigate();
  const [values, setValues] = useState<GroupFormValues>(emptyGroupValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tried, setTried] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One id for the group, whatever the attempts: a second press never makes two groups.
  const [id] = useState(() => uuidv7());
  usePageMeta(t`Create group`);

  if (!user || !can(user.role, 'messenger.groups.create')) {
    return (
      <BackTo to="/messenger" linkLabel={<Trans>Back to messages</Trans>}>
        <Trans>Only staff and administrators can create groups.</Trans>
      </BackTo>
    );
  }

  const change = (patch: Partial<GroupFormValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (tried) {
      const checked = validateGroup(next, id);
      setErrors(checked.ok ? {} : checked.errors);
    }
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!user) return;
    setTried(true);
    const checked = validateGroup(values, id);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstInvalid(event.currentTarget, checked.errors);
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      const people = new Map(values.people.map((person) => [person.id, person]));
      const seq = await createGroup(db, user, checked.data, people);
      const name = checked.data.name;
      void toastOutcome(db, i18n, seq, { sent: t`Group “${name}” created`, refused: (reason) => t`The server did not accept this group: ${reason}` });
      await navigate(`/messenger/${checked.data.id}`, { replace: true });
    } catch (error) {
      console.error(error);
      setFormError(localSaveMessage(error, i18n, t`This group could not be saved on this device. Please try again.`));
      setBusy(false);
    }
  }

  return (
    <div className="page group-form-page">
      <h1>
        <Trans>Create group</Trans>
      </h1>
      <form className="card group-form" noValidate onSubmit={(event) => void submit(event)}>
        <FormAlert message={formError} />
        <GroupDetailsFields values={values} errors={errors} onChange={change} />
        <MembersFields values={values} onChange={change} error={errors.member_ids ?? errors.admin_ids} />
        <div className="form-actions">
          <Button variant="secondary" onClick={() => void navigate(-1)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" busy={busy}>
            <Trans>Create group</Trans>
          </Button>
        </div>
      </form>
    </div>
  );
}
