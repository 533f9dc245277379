import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { PersonRow, SectionMemberScope } from '../../../contract/messenger';
import { groupSections, offeredOptions } from '../../audience/audienceGroups';
import { SectionGrid } from '../../audience/SectionGrid';
import { useAudienceOptions } from '../../audience/useAudienceOptions';
import { Checkbox } from '../../ui/Checkbox';
import { FieldError } from '../../ui/FieldError';
import { CloseIcon } from '../../ui/icons';
import { PeoplePicker } from './PeoplePicker';
import { RoleName } from './RoleName';

export interface MembersValues {
  people: PersonRow[];
  /** Which of `people` administer the group too (absent: no admin choice, adding to a group). */
  admin_ids?: string[];
  section_ids: string[];
  section_scope: SectionMemberScope;
}

export interface MembersFieldsProps {
  values: MembersValues;
  onChange: (patch: Partial<MembersValues>) => void;
  /** Already in the group: not offered. */
  exclude?: ReadonlySet<string>;
  error?: string | undefined;
}

/**
 * A group's members: people found by name on the server (online), each removable and, when
 * creating, made an admin of the group; and whole sections from the device's structure,
 * their students, their families or both.
 */
export function MembersFields({ values, onChange, exclude, error }: MembersFieldsProps) {
  const { t } = useLingui();
  const id = useId();
  const options = useAudienceOptions();
  const chosen = new Set([...(exclude ?? []), ...values.people.map((person) => person.id)]);
  const admins = values.admin_ids;
  const scopes: { value: SectionMemberScope; label: string }[] = [
    { value: 'everyone', label: t`Students and their families` },
    { value: 'students', label: t`Students only` },
    { value: 'guardians', label: t`Families only` },
  ];
  return (
    <>
      <fieldset className="field group-members" data-field="member_ids admin_ids">
        <legend className="field-label">
          <Trans>Members</Trans>
        </legend>
        {values.people.length > 0 ? (
          <ul className="group-member-chips" aria-label={t`Chosen members`}>
            {values.people.map((person) => {
              const name = person.name;
              return (
                <li key={person.id} className="group-member-chip">
                  <bdi className="group-member-chip-name">{person.name}</bdi>
                  <span className="muted group-member-chip-role">
                    <RoleName role={person.role} />
                  </span>
                  {admins ? (
                    <Checkbox
                      checked={admins.includes(person.id)}
                      aria-label={t`Group admin: ${name}`}
                      onChange={(event) =>
                        onChange({ admin_ids: event.target.checked ? [...admins, person.id] : admins.filter((admin) => admin !== person.id) })
                      }
                      label={
                        <span aria-hidden="true">
                          <Trans>Admin</Trans>
                        </span>
                      }
                    />
                  ) : null}
                  <button
                    type="button"
                    className="icon-button group-member-remove"
                    aria-label={t`Remove ${name}`}
                    title={t`Remove ${name}`}
                    onClick={() =>
                      onChange({
                        people: values.people.filter((other) => other.id !== person.id),
                        ...(admins ? { admin_ids: admins.filter((admin) => admin !== person.id) } : {}),
                      })
                    }
                  >
                    <CloseIcon width={16} height={16} />
                  </button>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="muted">
            <Trans>No one chosen yet.</Trans>
          </p>
        )}
        <PeoplePicker purpose="group" label={t`Find people to add`} exclude={chosen} onPick={(person) => onChange({ people: [...values.people, person] })} />
        <FieldError id={`${id}-error`} message={error} />
      </fieldset>
      <fieldset className="field group-sections" data-field="section_ids section_scope">
        <legend className="field-label">
          <Trans>Whole sections</Trans>
        </legend>
        <p className="field-hint">
          <Trans>Everyone in these sections now joins; people who join a section later are not added.</Trans>
        </p>
        {options ? (
          <SectionGrid
            groups={groupSections(offeredOptions(options, values.section_ids))}
            chosen={new Set(values.section_ids)}
            onChange={(ids) => onChange({ section_ids: [...ids] })}
          />
        ) : null}
        {values.section_ids.length > 0 ? (
          <div className="group-section-scope" role="radiogroup" aria-label={t`Who of these sections`}>
            {scopes.map((scope) => (
              <label key={scope.value} className="audience-scope">
                <input
                  type="radio"
                  name={`${id}-scope`}
                  value={scope.value}
                  checked={values.section_scope === scope.value}
                  onChange={() => onChange({ section_scope: scope.value })}
                />
                <span>{scope.label}</span>
              </label>
            ))}
          </div>
        ) : null}
      </fieldset>
    </>
  );
}
