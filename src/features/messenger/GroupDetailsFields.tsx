import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { groupDescriptionMax, groupNameMax } from '../../../contract/messenger';
import type { FieldErrors } from '../../forms/fieldErrors';
import { Checkbox } from '../../ui/Checkbox';
import { FieldError } from '../../ui/FieldError';
import { TextField } from '../../ui/TextField';

export interface GroupDetails {
  name: string;
  description: string;
  members_can_reply: boolean;
}

/** A group's name, description and the original app's "members can reply" flag (off: only its admins write). */
export function GroupDetailsFields({
  values,
  errors,
  onChange,
}: {
  values: GroupDetails;
  errors: FieldErrors;
  onChange: (patch: Partial<GroupDetails>) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  return (
    <>
      <TextField
        label={t`Group name`}
        name="name"
        value={values.name}
        maxLength={groupNameMax}
        valueDir="auto"
        error={errors.name}
        onChange={(event) => onChange({ name: event.target.value })}
      />
      <div className="field">
        <label className="field-label" htmlFor={`${id}-description`}>
          {t`Description`}
        </label>
        <textarea
          id={`${id}-description`}
          name="description"
          className="input"
          rows={3}
          maxLength={groupDescriptionMax}
          dir={values.description ? 'auto' : undefined}
          value={values.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-description-error` : undefined}
          onChange={(event) => onChange({ description: event.target.value })}
        />
        <FieldError id={`${id}-description-error`} message={errors.description} />
      </div>
      <div className="field">
        <Checkbox
          name="members_can_reply"
          label={t`Members can reply`}
          checked={values.members_can_reply}
          aria-describedby={`${id}-reply-hint`}
          onChange={(event) => onChange({ members_can_reply: event.target.checked })}
        />
        <p id={`${id}-reply-hint`} className="field-hint">
          {t`Off: an announcement group, where only the group admins write.`}
        </p>
      </div>
    </>
  );
}
