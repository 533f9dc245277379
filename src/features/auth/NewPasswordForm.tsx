import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { resetPasswordRequest } from '../../../contract/auth';
import { validateWith, type FieldErrors } from '../../forms/fieldErrors';
import { type SubmitFailure } from '../../forms/describeFailure';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { PasswordField } from '../../ui/PasswordField';

export type ResetSubmit = (values: { password: string; password_confirmation: string }) => Promise<SubmitFailure | null>;

export function ResetPasswordForm({ email, token, onSubmit }: { email: string; token: string; onSubmit: ResetSubmit }) {
  const { t } = useLingui();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validateWith(resetPasswordRequest, { token, email, password, password_confirmation: confirmation });
    if (!checked.ok) {
      setErrors(checked.errors);
      setFormError(checked.errors.token ?? checked.errors.email ?? null);
      return;
    }
    setBusy(true);
    setErrors({});
    setFormError(null);
    const failure = await onSubmit({ password, password_confirmation: confirmation });
    if (failure) {
      setBusy(false);
      setErrors(failure.fields);
      setFormError(failure.form ?? failure.fields.token ?? failure.fields.email ?? null);
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
        <Trans>Save new password</Trans>
      </Button>
    </form>
  );
}
