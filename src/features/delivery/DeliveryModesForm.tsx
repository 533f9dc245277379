import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { deliveryModes, type DeliveryMode, type DeliveryPreferencesInput } from '../../../contract/delivery';
import type { FieldErrors } from '../../forms/fieldErrors';
import { Button } from '../../ui/Button';
import { FieldError } from '../../ui/FieldError';
import { FormAlert } from '../../ui/FormAlert';
import { Select } from '../../ui/Select';

const modeNames = {
  app: msg`In the app only`,
  immediate: msg`By email as they are published`,
  digest: msg`One email a day`,
} as const satisfies Record<DeliveryMode, unknown>;

const kinds = [
  { field: 'posts', label: msg`News` },
  { field: 'events', label: msg`Events` },
  { field: 'notifications', label: msg`Notifications` },
] as const satisfies readonly { field: keyof DeliveryPreferencesInput; label: unknown }[];

/** The modes of a saved answer: what the form starts from (and is keyed by). */
export const modesOf = ({ posts, events, notifications }: DeliveryPreferencesInput): DeliveryPreferencesInput => ({ posts, events, notifications });

export interface DeliveryModesFormProps {
  saved: DeliveryPreferencesInput;
  online: boolean;
  busy: boolean;
  errors: FieldErrors;
  formError: string | null;
  onSave: (input: DeliveryPreferencesInput) => void;
  /** Under the selects, above the button (what "one email a day" means). */
  footnote?: ReactNode;
}

/** One select per kind of item (news, events, notifications), each with the three modes. */
export function DeliveryModesForm({ saved, online, busy, errors, formError, onSave, footnote }: DeliveryModesFormProps) {
  const { i18n } = useLingui();
  const id = useId();
  const [values, setValues] = useState(() => modesOf(saved));
  const options = deliveryModes.map((mode) => ({ value: mode, label: i18n._(modeNames[mode]) }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSave(values);
  };
  return (
    <form noValidate onSubmit={submit} className="reach-form">
      <FormAlert message={formError} />
      <div className="reach-modes">
        {kinds.map(({ field, label }) => (
          <div key={field} className="reach-mode">
            <Select
              label={i18n._(label)}
              name={field}
              value={values[field]}
              options={options}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
              onChange={(event) => {
                const mode = deliveryModes.find((one) => one === event.target.value);
                if (mode) setValues((current) => ({ ...current, [field]: mode }));
              }}
            />
            <FieldError id={`${id}-${field}-error`} message={errors[field]} />
          </div>
        ))}
      </div>
      {footnote}
      <div className="form-actions">
        <Button type="submit" busy={busy} disabled={!online}>
          <Trans>Save</Trans>
        </Button>
      </div>
    </form>
  );
}
