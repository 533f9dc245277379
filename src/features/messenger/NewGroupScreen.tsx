import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { uuidv7 } from '../../../contract/ids';
import { can } from '../../../contract/permissions';
import { useOutboxForm } from '../../forms/useOutboxForm';
import { useSession } from '../../session/session';
import { toastOutcome } from '../../sync/outcomeToasts';
import { usePageMeta } from '../../tenant/usePageMeta';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { BackTo } from '../../ui/ScreenStates';
import { emptyGroupValues, validateGroup, type GroupFormValues } from './groupForm';
import type { CreateGroupArgs } from '../../../contract/messenger';
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
  // One id for the group, whatever the attempts: a second press never makes two groups.
  const [id] = useState(() => uuidv7());
  const form = useOutboxForm<GroupFormValues, CreateGroupArgs>({
    initial: emptyGroupValues(),
    validate: (next) => validateGroup(next, id),
    save: async (group) => {
      if (!user) return;
      const people = new Map(form.values.people.map((person) => [person.id, person]));
      const seq = await createGroup(db, user, group, people);
      const name = group.name;
      void toastOutcome(db, i18n, seq, { sent: t`Group “${name}” created`, refused: (reason) => t`The server did not accept this group: ${reason}` });
      await navigate(`/messenger/${group.id}`, { replace: true });
    },
    saveFailed: t`This group could not be saved on this device. Please try again.`,
  });
  const { values, set: change, errors, formError, busy, submit } = form;
  usePageMeta(t`Create group`);

  if (!user || !can(user.role, 'messenger.groups.create')) {
    return (
      <BackTo to="/messenger" linkLabel={<Trans>Back to messages</Trans>}>
        <Trans>Only staff and administrators can create groups.</Trans>
      </BackTo>
    );
  }

  return (
    <div className="page group-form-page">
      <h1>
        <Trans>Create group</Trans>
      </h1>
      <form className="card group-form" noValidate onSubmit={submit}>
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
