import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { signupRequest } from '../../../contract/auth';
import { useSubmission } from '../../forms/useSubmission';
import { validateWith } from '../../forms/fieldErrors';
import { type SubmitFailure } from '../../forms/describeFailure';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { FormAlert } from '../../ui/FormAlert';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';

export interface SignupValues {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
  promotions: boolean;
}

export type SignupSubmit = (values: SignupValues) => Promise<SubmitFailure | null>;

const empty: SignupValues = { name: '', email: '', password: '', password_confirmation: '', promotions: false };

/** Every sign-up message of the original app comes from the contract schema the server also runs. */
export function SignupForm({ onSubmit }: { onSubmit: SignupSubmit }) {
  const { t } = useLingui();
  const [values, setValues] = useState<SignupValues>(empty);
  const { errors, formError, busy, reject, send } = useSubmission();
  const field = <K extends keyof SignupValues>(key: K, value: SignupValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validateWith(signupRequest, values);
    if (!checked.ok) {
      reject(checked.errors);
      return;
    }
    await send(() => onSubmit(checked.data));
  }

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <FormAlert message={formError} />
      <TextField
        label={t`Name`}
        name="name"
        autoComplete="name"
        valueDir="auto"
        value={values.name}
        onChange={(e) => field('name', e.target.value)}
        error={errors.name}
        required
      />
      <TextField
        label={t`Email`}
        name="email"
        type="email"
        autoComplete="email"
        valueDir="ltr"
        hint={t`You will use it to sign in.`}
        value={values.email}
        onChange={(e) => field('email', e.target.value)}
        error={errors.email}
        required
      />
      <PasswordField
        label={t`Password`}
        name="password"
        autoComplete="new-password"
        hint={t`At least 8 characters.`}
        value={values.password}
        onChange={(e) => field('password', e.target.value)}
        error={errors.password}
        required
      />
      <PasswordField
        label={t`Confirm password`}
        name="password_confirmation"
        autoComplete="new-password"
        value={values.password_confirmation}
        onChange={(e) => field('password_confirmation', e.target.value)}
        error={errors.password_confirmation}
        required
      />
      <Checkbox
        label={t`Send me news and promotional offers`}
        name="promotions"
        checked={values.promotions}
        onChange={(e) => field('promotions', e.target.checked)}
      />
      <Button type="submit" block busy={busy}>
        <Trans>Create account</Trans>
      </Button>
      <p className="form-footnote">
        <Trans>
          Already have an account? <Link to="/auth/login">Sign in</Link>
        </Trans>
      </p>
    </form>
  );
}
