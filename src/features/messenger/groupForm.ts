import { createGroupArgs, groupFields, type CreateGroupArgs, type GroupFields, type PersonRow, type SectionMemberScope } from '../../../contract/messenger';
import { uuidv7 } from '../../../contract/ids';
import { validateWith, type Validated } from '../../forms/fieldErrors';

/** What the group form holds while someone fills it. */
export interface GroupFormValues {
  name: string;
  description: string;
  members_can_reply: boolean;
  /** People picked by name (the people search), in the order picked. */
  people: PersonRow[];
  admin_ids: string[];
  section_ids: string[];
  section_scope: SectionMemberScope;
}

export const emptyGroupValues = (): GroupFormValues => ({
  name: '',
  description: '',
  members_can_reply: true,
  people: [],
  admin_ids: [],
  section_ids: [],
  section_scope: 'everyone',
});

/** The form checked with `createGroupArgs`, the schema the server applies: every message on its field at once. */
export function validateGroup(values: GroupFormValues, id = uuidv7()): Validated<CreateGroupArgs> {
  const memberIds = values.people.map((person) => person.id);
  return validateWith(createGroupArgs, {
    id,
    name: values.name,
    description: values.description,
    members_can_reply: values.members_can_reply,
    member_ids: memberIds,
    admin_ids: values.admin_ids.filter((adminId) => memberIds.includes(adminId)),
    section_ids: values.section_ids,
    section_scope: values.section_scope,
  });
}

/** A group's own fields checked for `messenger.updateGroup`. */
export function validateGroupFields(values: Pick<GroupFormValues, 'name' | 'description' | 'members_can_reply'>): Validated<GroupFields> {
  return validateWith(groupFields, { name: values.name, description: values.description, members_can_reply: values.members_can_reply });
}
