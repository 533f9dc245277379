import { Trans, useLingui } from '@lingui/react/macro';
import type { ConversationRow } from '../../../contract/messenger';
import { addMembersArgs } from '../../../contract/messenger';
import { validateWith } from '../../forms/fieldErrors';
import { useOutboxForm } from '../../forms/useOutboxForm';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { showToast } from '../../ui/toastStore';
import { validateGroupFields } from './groupForm';
import { GroupDetailsFields, type GroupDetails } from './GroupDetailsFields';
import { MembersFields, type MembersValues } from './MembersFields';
import { addMembers, updateGroup } from './messengerWrites';
import type { MessengerDb } from './messengerDb';

export interface GroupAdminFormsProps {
  db: MessengerDb;
  conversation: ConversationRow;
  collegeId: string;
  memberIds: ReadonlySet<string>;
}

/** What a group's admins change: its name, description and "members can reply"; and who else joins. */
export function GroupAdminForms({ db, conversation, collegeId, memberIds }: GroupAdminFormsProps) {
  const { t } = useLingui();
  const detailsForm = useOutboxForm({
    initial: { name: conversation.name, description: conversation.description, members_can_reply: conversation.members_can_reply } satisfies GroupDetails,
    validate: validateGroupFields,
    save: async (fields) => {
      await updateGroup(db, { id: conversation.id, ...fields });
      showToast(t`Saved on this device. It is sent to the group’s members when online.`, 'info');
    },
    saveFailed: t`The group could not be saved on this device. Please try again.`,
  });
  const noOneYet: MembersValues = { people: [], section_ids: [], section_scope: 'everyone' };
  const addForm = useOutboxForm({
    initial: noOneYet,
    validate: (values: MembersValues) =>
      validateWith(addMembersArgs, {
        conversation_id: conversation.id,
        member_ids: values.people.map((person) => person.id),
        section_ids: values.section_ids,
        section_scope: values.section_scope,
      }),
    save: async (args) => {
      if (args.member_ids.length === 0 && args.section_ids.length === 0) return;
      await addMembers(db, collegeId, args, new Map(addForm.values.people.map((person) => [person.id, person])));
      addForm.reset(noOneYet);
    },
    saveFailed: t`The members could not be added on this device. Please try again.`,
  });
  const addError = addForm.formError ?? Object.values(addForm.errors)[0] ?? null;
  const nobodyPicked = addForm.values.people.length === 0 && addForm.values.section_ids.length === 0;

  return (
    <>
      <section className="card group-admin-card" aria-labelledby="group-edit-title">
        <h2 id="group-edit-title">
          <Trans>Edit group</Trans>
        </h2>
        <form className="group-form" noValidate onSubmit={detailsForm.submit}>
          <FormAlert message={detailsForm.formError} />
          <GroupDetailsFields values={detailsForm.values} errors={detailsForm.errors} onChange={detailsForm.set} />
          <div className="form-actions">
            <Button type="submit" busy={detailsForm.busy}>
              <Trans>Save group</Trans>
            </Button>
          </div>
        </form>
      </section>
      <section className="card group-admin-card" aria-labelledby="group-add-title">
        <h2 id="group-add-title">
          <Trans>Add members</Trans>
        </h2>
        <form className="group-form" noValidate onSubmit={addForm.submit}>
          <FormAlert message={addError} />
          <MembersFields values={addForm.values} exclude={memberIds} onChange={addForm.set} />
          <div className="form-actions">
            <Button type="submit" busy={addForm.busy} disabled={nobodyPicked}>
              <Trans>Add to the group</Trans>
            </Button>
          </div>
        </form>
      </section>
    </>
  );
}
