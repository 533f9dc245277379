import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { forgotPasswordRequest } from '../../../contract/auth';
import { validateWith } from '../../forms/fieldErrors';
import { describeFailure } from '../../forms/describeFailure';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { MailIcon } from '../../ui/icons';
import { TextField } from '../../ui/TextField';
import { requestPasswordReset } from './authApi';

/**
 * Recover account: sends a reset link by email, then says so (whether or not it exists).
 * The caller remounts it (key) for each opening, so it starts fresh.
 */
export function ForgotPasswordDialog({ open, onOpenChange, initialEmail }: { open: boolean; onOpenChange: (open: boolean) => void; initialEmail: string }) {
  const { t, i18n } = useLingui();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentToAddress, setSentToAddress] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validateWith(forgotPasswordRequest, { email });
    if (!checked.ok) {
      setError(checked.errors.email);
      return;
    }
    setBusy(true);
    setError(undefined);
    setFormError(null);
    try {
      await requestPasswordReset(checked.data.email);
      setSentToAddress(checked.data.email);
    } catch (failure) {
      const described = describeFailure(failure, i18n);
      setError(described.fields.email);
      setFormError(described.form);
    } finally {
      setBusy(false);
    }
  }

  // An address stays in one piece (and in order) inside an Arabic sentence.
  const sentTo = <bdi dir="ltr">{sentToAddress}</bdi>;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t`Recover your account`}>
      {sentToAddress ? (
        <div className="dialog-body">
          <p className="with-icon">
            <MailIcon />
            <span>
              <Trans>If an account exists for {sentTo}, we have sent it a link to choose a new password. Check your inbox.</Trans>
            </span>
          </p>
          <div className="dialog-actions">
            <Button onClick={() => onOpenChange(false)}>
              <Trans>Done</Trans>
            </Button>
          </div>
        </div>
      ) : (
        <form className="form dialog-body" noValidate onSubmit={(event) => void submit(event)}>
          <p className="dialog-description">
            <Trans>Enter the email of your account and we will send you a link to choose a new password.</Trans>
          </p>
          <FormAlert message={formError} />
          <TextField
            label={t`Email`}
            name="email"
            type="email"
            autoComplete="email"
            valueDir="ltr"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={error}
            required
          />
          <div className="dialog-actions">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" busy={busy}>
              <Trans>Send link</Trans>
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
