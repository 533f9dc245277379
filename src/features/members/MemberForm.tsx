import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import type { MemberFields, MemberRow } from '../../../contract/members';
import type { FieldErrors } from '../../forms/fieldErrors';
import { useOutboxForm } from '../../forms/useOutboxForm';
import { Button } from '../../ui/Button';
import { FieldError } from '../../ui/FieldError';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';
import { ChildrenPicker } from './ChildrenPicker';
import { validateMember, type MemberFormValues } from './memberFormValues';
import type { MemberReference } from './memberQueries';
import { roleLabels, roleList } from './memberWords';
import { SectionsPicker } from './SectionsPicker';

export interface MemberFormProps {
  title: ReactNode;
  initial: MemberFormValues;
  /** Errors to show at once (a refused change opened from the outbox: "This email is already registered."). */
  initialErrors?: FieldErrors;
  initialFormError?: string | null;
  reference: MemberReference;
  students: readonly MemberRow[];
  submitLabel: string;
  /** Saves locally (through the outbox); a thrown error is shown on the form. */
  onSubmit: (fields: MemberFields) => Promise<void>;
  onCancel: () => void;
}

/**
 * Creates or edits a member (one form for both): names, email, rut (check digit), phone,
 * birthdate, role, place, sections or (guardians) children, state. Checked on the device
 * with the schema the server applies before anything is queued; a duplicate email or rut
 * can only be known by the server, and comes back through the outbox onto its field.
 */
export function MemberForm({
  title,
  initial,
  initialErrors = {},
  initialFormError = null,
  reference,
  students,
  submitLabel,
  onSubmit,
  onCancel,
}: MemberFormProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const { values, set, errors, formError, busy, submit } = useOutboxForm({
    initial,
    initialErrors,
    initialFormError,
    validate: validateMember,
    // The server's duplicate messages stay until the field they are about changes.
    serverOnly: ['email', 'rut'],
    save: onSubmit,
    saveFailed: t`This member could not be saved on this device. Please try again.`,
  });
  const sectionLabels = new Map(reference.sections.map((section) => [section.id, section.label]));

  const text = (field: 'name' | 'first_lastname' | 'second_lastname', label: string, required = false) => (
    <TextField
      label={label}
      name={field}
      valueDir="auto"
      value={values[field]}
      error={errors[field]}
      required={required}
      onChange={(event) => set({ [field]: event.target.value })}
    />
  );
  const roleId = `${id}-role`;
  const placeId = `${id}-place`;
  const isGuardian = values.role === 'guardian';

  return (
    <form className="card form member-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="member-form-title">
        {title}
      </h1>
      <FormAlert message={formError} />
      <div className="member-form-grid">
        {text('name', t`Name`, true)}
        {text('first_lastname', t`First last name`)}
        {text('second_lastname', t`Second last name`)}
        <TextField
          label={t`Email`}
          name="email"
          type="email"
          valueDir="ltr"
          autoComplete="off"
          value={values.email}
          error={errors.email}
          required
          onChange={(event) => set({ email: event.target.value })}
        />
        <TextField
          label={t`RUT`}
          name="rut"
          valueDir="ltr"
          autoComplete="off"
          placeholder="12.345.678-5"
          value={values.rut}
          error={errors.rut}
          onChange={(event) => set({ rut: event.target.value })}
        />
        <TextField
          label={t`Phone`}
          name="phone"
          type="tel"
          valueDir="ltr"
          autoComplete="off"
          value={values.phone}
          error={errors.phone}
          onChange={(event) => set({ phone: event.target.value })}
        />
        <TextField
          label={t`Birthdate`}
          name="birthdate"
          type="date"
          valueDir="ltr"
          value={values.birthdate}
          error={errors.birthdate}
          onChange={(event) => set({ birthdate: event.target.value })}
        />
        <div className="field">
          <label className="field-label" htmlFor={roleId}>
            <Trans>Role</Trans>
          </label>
          <select
            id={roleId}
            name="role"
            className="input"
            value={values.role}
            aria-invalid={errors.role ? true : undefined}
            aria-describedby={errors.role ? `${roleId}-error` : undefined}
            onChange={(event) => set({ role: event.target.value as MemberFormValues['role'] })}
          >
            <option value="" disabled>
              {t`Select a role`}
            </option>
            {roleList.map((role) => (
              <option key={role} value={role}>
                {i18n._(roleLabels[role])}
              </option>
            ))}
          </select>
          <FieldError id={`${roleId}-error`} message={errors.role} />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={placeId}>
            <Trans>Place</Trans>
          </label>
          <select
            id={placeId}
            name="place_id"
            className="input"
            value={values.place_id}
            aria-invalid={errors.place_id ? true : undefined}
            aria-describedby={errors.place_id ? `${placeId}-error` : undefined}
            onChange={(event) => set({ place_id: event.target.value })}
          >
            <option value="">{t`No place`}</option>
            {reference.places.map((place) => (
              <option key={place.id} value={place.id}>
                {place.name}
              </option>
            ))}
          </select>
          <FieldError id={`${placeId}-error`} message={errors.place_id} />
        </div>
      </div>
      {isGuardian ? (
        <ChildrenPicker
          students={students}
          value={values.child_ids}
          error={errors.child_ids}
          sectionLabel={(section) => sectionLabels.get(section)}
          onChange={(child_ids) => set({ child_ids })}
        />
      ) : null}
      <SectionsPicker
        sections={reference.sections}
        value={values.section_ids}
        error={errors.section_ids}
        legend={values.role === 'student' ? t`Section` : isGuardian ? t`Other sections` : t`Sections`}
        hint={
          values.role === 'student'
            ? t`The section the student is in.`
            : values.role === 'staff' || values.role === 'admin'
              ? t`The sections they teach or look after.`
              : undefined
        }
        onChange={(section_ids) => set({ section_ids })}
      />
      <fieldset className="field member-status" data-field="status">
        <legend className="field-label">
          <Trans>State</Trans>
        </legend>
        <label className="member-radio">
          <input type="radio" name="status" value="active" checked={values.status === 'active'} onChange={() => set({ status: 'active' })} />
          <span>
            <Trans>Active</Trans>
          </span>
        </label>
        <label className="member-radio">
          <input type="radio" name="status" value="disabled" checked={values.status === 'disabled'} onChange={() => set({ status: 'disabled' })} />
          <span>
            <Trans>Disabled (cannot sign in)</Trans>
          </span>
        </label>
      </fieldset>
      <div className="form-actions">
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
