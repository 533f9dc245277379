import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { ConversationRow, SectionMemberScope } from '../../../contract/messenger';
import { addMembersArgs } from '../../../contract/messenger';
import { validateWith } from '../../forms/fieldErrors';
import { localSaveMessage } from '../../forms/localSave';
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
  const { t, i18n } = useLingui();
  const detailsForm = useOutboxForm({
    initial: { name: conversation.name, description: conversation.description, members_can_reply: conversation.members_can_reply } satisfies GroupDetails,
    validate: validateGroupFields,
    save: async (fields) => {
      await updateGroup(db, { id: conversation.id, ...fields });
      showToast(t`Saved on this device. It is sent to the group’s members when online.`, 'info');
    },
    saveFailed: t`The group could not be saved on this device. Please try again.`,
  });
  const [adding, setAdding] = useState<MembersValues>({ people: [], section_ids: [], section_scope: 'everyone' as SectionMemberScope });
  const [addError, setAddError] = useState<string | null>(null);

  async function add(event: FormEvent) {
    event.preventDefault();
    const checked = validateWith(addMembersArgs, {
      conversation_id: conversation.id,
      member_ids: adding.people.map((person) => person.id),
      section_ids: adding.section_ids,
      section_scope: adding.section_scope,
    });
    if (!checked.ok) {
      setAddError(Object.values(checked.errors)[0] ?? null);
      return;
    }
    if (checked.data.member_ids.length === 0 && checked.data.section_ids.length === 0) return;
    try {
      await addMembers(db, collegeId, checked.data, new Map(adding.people.map((person) => [person.id, person])));
      setAdding({ people: [], section_ids: [], section_scope: 'everyone' });
      setAddError(null);
    } catch (error) {
      setAddError(localSaveMessage(error, i18n, t`The members could not be added on this device. Please try again.`));
    }
  }

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
        <form className="group-form" noValidate onSubmit={(event) => void add(event)}>
          <FormAlert message={addError} />
          <MembersFields values={adding} exclude={memberIds} onChange={(patch) => setAdding({ ...adding, ...patch })} />
          <div className="form-actions">
            <Button type="submit" disabled={adding.people.length === 0 && adding.section_ids.length === 0}>
              <Trans>Add to the group</Trans>
            </Button>
          </div>
        </form>
      </section>
    </>
  );
}
