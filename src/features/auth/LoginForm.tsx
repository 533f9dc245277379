import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSubmission } from '../../forms/useSubmission';
import { validateWith } from '../../forms/fieldErrors';
import { type SubmitFailure } from '../../forms/describeFailure';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { credentialsOf, looksLikeRut } from './identifier';

export type LoginSubmit = (credentials: { email: string } | { rut: string }, password: string) => Promise<SubmitFailure | null>;

export interface LoginFormProps {
  onSubmit: LoginSubmit;
  onForgot: (identifier: string) => void;
  allowSignup: boolean;
  /** Another way to sign in (the school's single sign-on), under the password's button. */
  alternative?: ReactNode;
}

/** Email or RUT in one field (detected by shape), validated with the server's schema. */
export function LoginForm({ onSubmit, onForgot, allowSignup, alternative }: LoginFormProps) {
  const { t } = useLingui();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const { errors, formError, busy, reject, send } = useSubmission();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const credentials = credentialsOf(identifier);
    // The contract's schemas (zod) load at the first submit, not with the screen. Should
    // they fail to arrive, the server's own check answers instead.
    const checked = await import('../../../contract/auth').then(
      ({ loginRequest }) => validateWith(loginRequest, { ...credentials, password }),
      () => ({ ok: true as const }),
    );
    if (!checked.ok) {
      const { email, rut, ...rest } = checked.errors;
      reject({ ...rest, identifier: rut ?? email });
      return;
    }
    // Signed in, the guard takes the user away from this screen.
    await send(() => onSubmit(credentials, password), { leaving: true });
  }

  const isRut = looksLikeRut(identifier);
  // Examples below the field rather than a placeholder: they stay while typing and are
  // never cut off. Each keeps its order inside an Arabic sentence (not "5-12.345.678").
  const emailExample = <bdi dir="ltr">name@example.com</bdi>;
  const rutExample = <bdi dir="ltr">12.345.678-5</bdi>;
  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <FormAlert message={formError} />
      <TextField
        label={t`Email or RUT`}
        name="identifier"
        autoComplete="username"
        inputMode={isRut ? 'text' : 'email'}
        autoCapitalize="none"
        spellCheck={false}
        valueDir="ltr"
        hint={
          <Trans>
            For example {emailExample} or {rutExample}
          </Trans>
        }
        value={identifier}
        onChange={(event) => setIdentifier(event.target.value)}
        error={errors.identifier}
        required
      />
      <PasswordField
        label={t`Password`}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        required
      />
      <div className="form-row-end">
        <button type="button" className="link-button" onClick={() => onForgot(identifier)}>
          <Trans>Forgot your password?</Trans>
        </button>
      </div>
      <Button type="submit" block busy={busy}>
        <Trans>Sign in</Trans>
      </Button>
      {alternative}
      {allowSignup ? (
        <p className="form-footnote">
          <Trans>
            New here? <Link to="/auth/signup-no">Create an account</Link>
          </Trans>
        </p>
      ) : null}
    </form>
  );
}
