import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { contactEmailMax, contactNameMax, contactNotesMax, contactPhoneMax, contactTitleMax, type ContactFields } from '../../../contract/contacts';
import type { Place } from '../../../contract/college';
import type { FieldErrors } from '../../forms/fieldErrors';
import { useOutboxForm } from '../../forms/useOutboxForm';
import { Button } from '../../ui/Button';
import { FieldError } from '../../ui/FieldError';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';
import { validateContact, type ContactFormValues } from './contactForm';

export interface ContactFormProps {
  title: ReactNode;
  initial: ContactFormValues;
  /** A refused change's errors (fixing it from the outbox), shown at once. */
  initialErrors?: FieldErrors;
  initialFormError?: string | null;
  places: readonly Place[];
  submitLabel: string;
  /** Saves locally (through the outbox); a thrown error is shown on the form. */
  onSubmit: (fields: ContactFields) => Promise<void>;
  onCancel: () => void;
}

/**
 * An administrator writes a contact: checked on the device with the contract's schema
 * before anything is queued, every message on its field (and again as they correct, once
 * they tried to save). Phone and email are written left to right in every language.
 */
export function ContactForm({ title, initial, initialErrors = {}, initialFormError = null, places, submitLabel, onSubmit, onCancel }: ContactFormProps) {
  const { t } = useLingui();
  const { values, set, errors, formError, busy, submit } = useOutboxForm({
    initial,
    initialErrors,
    initialFormError,
    validate: validateContact,
    save: onSubmit,
    saveFailed: t`This contact could not be saved on this device. Please try again.`,
  });
  const id = useId();

  const placeOptions = [{ value: '', label: t`No place` }, ...places.map((place) => ({ value: place.id, label: place.name }))];
  return (
    <form className="card form contact-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="contact-form-title">
        {title}
      </h1>
      <FormAlert message={formError} />
      <TextField
        label={t`Name`}
        name="name"
        valueDir="auto"
        value={values.name}
        maxLength={contactNameMax}
        onChange={(e) => set({ name: e.target.value })}
        error={errors.name}
        required
      />
      <TextField
        label={t`Title or role`}
        name="title"
        valueDir="auto"
        value={values.title}
        maxLength={contactTitleMax}
        onChange={(e) => set({ title: e.target.value })}
        error={errors.title}
      />
      <div className="field">
        <label className="field-label" htmlFor={`${id}-place`}>
          <Trans>Place</Trans>
        </label>
        <select
          id={`${id}-place`}
          name="place_id"
          className="input"
          value={values.place_id}
          onChange={(e) => set({ place_id: e.target.value })}
          aria-invalid={errors.place_id ? true : undefined}
          aria-describedby={errors.place_id ? `${id}-place-error` : undefined}
        >
          {placeOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-place-error`} message={errors.place_id} />
      </div>
      <TextField
        label={t`Email`}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="off"
        valueDir="ltr"
        value={values.email}
        maxLength={contactEmailMax}
        onChange={(e) => set({ email: e.target.value })}
        error={errors.email}
      />
      <TextField
        label={t`Phone`}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        valueDir="ltr"
        value={values.phone}
        maxLength={contactPhoneMax}
        onChange={(e) => set({ phone: e.target.value })}
        error={errors.phone}
        hint={
          <Trans>
            Digits, spaces, +, - and parentheses, e.g. <bdi dir="ltr">+56 2 2345 6789</bdi>.
          </Trans>
        }
      />
      <div className="field">
        <label className="field-label" htmlFor={`${id}-notes`}>
          <Trans>Notes</Trans>
        </label>
        <textarea
          id={`${id}-notes`}
          name="notes"
          className="input contact-notes-input"
          dir={values.notes ? 'auto' : undefined}
          rows={4}
          maxLength={contactNotesMax}
          value={values.notes}
          onChange={(e) => set({ notes: e.target.value })}
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={errors.notes ? `${id}-notes-error` : undefined}
        />
        <FieldError id={`${id}-notes-error`} message={errors.notes} />
      </div>
      <fieldset className="contact-visibility" data-field="visibility" aria-describedby={errors.visibility ? `${id}-visibility-error` : undefined}>
        <legend className="field-label">
          <Trans>Who can see it?</Trans>
        </legend>
        <label className="contact-visibility-option">
          <input type="radio" name="visibility" value="all" checked={values.visibility === 'all'} onChange={() => set({ visibility: 'all' })} />
          <span>
            <Trans>All members</Trans>
          </span>
        </label>
        <label className="contact-visibility-option">
          <input type="radio" name="visibility" value="staff" checked={values.visibility === 'staff'} onChange={() => set({ visibility: 'staff' })} />
          <span>
            <Trans>Staff only</Trans>
          </span>
        </label>
        <FieldError id={`${id}-visibility-error`} message={errors.visibility} />
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
