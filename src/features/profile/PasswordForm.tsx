import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { passwordUpdateRequest } from '../../../contract/auth';
import { useSubmission } from '../../forms/useSubmission';
import { validateWith } from '../../forms/fieldErrors';
import { type SubmitFailure } from '../../forms/describeFailure';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { PasswordField } from '../../ui/PasswordField';

interface Values {
  current_password: string;
  password: string;
  password_confirmation: string;
}

export type PasswordSubmit = (values: Values) => Promise<SubmitFailure | null>;

const empty: Values = { current_password: '', password: '', password_confirmation: '' };

export function PasswordForm({ onSubmit }: { onSubmit: PasswordSubmit }) {
  const { t } = useLingui();
  const [values, setValues] = useState<Values>(empty);
  const { errors, formError, busy, reject, send } = useSubmission();
  const change = (key: keyof Values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validateWith(passwordUpdateRequest, values);
    if (!checked.ok) {
      reject(checked.errors);
      return;
    }
    if (await send(() => onSubmit(checked.data))) setValues(empty);
  }

  return (
    <form className="card form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="password-title">
      <h2 id="password-title" className="card-title">
        <Trans>Change password</Trans>
      </h2>
      <FormAlert message={formError} />
      <PasswordField
        label={t`Current password`}
        name="current_password"
        autoComplete="current-password"
        value={values.current_password}
        onChange={change('current_password')}
        error={errors.current_password}
        required
      />
      <PasswordField
        label={t`New password`}
        name="password"
        autoComplete="new-password"
        hint={t`At least 8 characters.`}
        value={values.password}
        onChange={change('password')}
        error={errors.password}
        required
      />
      <PasswordField
        label={t`Confirm new password`}
        name="password_confirmation"
        autoComplete="new-password"
        value={values.password_confirmation}
        onChange={change('password_confirmation')}
        error={errors.password_confirmation}
        required
      />
      <div className="form-actions">
        <Button type="submit" busy={busy}>
          <Trans>Change password</Trans>
        </Button>
      </div>
    </form>
  );
}
