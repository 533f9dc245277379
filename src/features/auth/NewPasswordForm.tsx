import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { FieldErrors } from '../../forms/fieldErrors';
import { type SubmitFailure } from '../../forms/describeFailure';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { PasswordField } from '../../ui/PasswordField';

export interface PasswordChoice {
  password: string;
  password_confirmation: string;
}

export type PasswordChoiceSubmit = (values: PasswordChoice) => Promise<SubmitFailure | null>;

export interface NewPasswordFormProps {
  /** The contract's check of what the page sends (with its token): the errors by field, or null. */
  check: (values: PasswordChoice) => FieldErrors | null;
  onSubmit: PasswordChoiceSubmit;
  submitLabel?: ReactNode;
}

/** What is wrong with the link rather than the typed fields (its token, its email): shown for the whole form. */
const linkError = ({ password: _password, password_confirmation: _confirmation, ...rest }: FieldErrors): string | null =>
  Object.values(rest).find((message) => message !== undefined) ?? null;

/** A password chosen twice, with the rules of the contract: a reset link's page, an invitation's. */
export function NewPasswordForm({ check, onSubmit, submitLabel = <Trans>Save new password</Trans> }: NewPasswordFormProps) {
  const { t } = useLingui();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = { password, password_confirmation: confirmation };
    const refused = check(values);
    if (refused) {
      setErrors(refused);
      setFormError(linkError(refused));
      return;
    }
    setBusy(true);
    setErrors({});
    setFormError(null);
    const failure = await onSubmit(values);
    if (failure) {
      setBusy(false);
      setErrors(failure.fields);
      setFormError(failure.form ?? linkError(failure.fields));
    }
  }

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <FormAlert message={formError} />
      <PasswordField
        label={t`New password`}
        name="password"
        autoComplete="new-password"
        hint={t`At least 8 characters.`}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        required
      />
      <PasswordField
        label={t`Confirm new password`}
        name="password_confirmation"
        autoComplete="new-password"
        value={confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
        error={errors.password_confirmation}
        required
      />
      <Button type="submit" block busy={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
