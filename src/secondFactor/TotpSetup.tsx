import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { TotpBeginResponse } from '../../contract/secondFactor';
import type { SubmitFailure } from '../forms/describeFailure';
import { useSubmission } from '../forms/useSubmission';
import { Button } from '../ui/Button';
import { FormAlert } from '../ui/FormAlert';
import { TextField } from '../ui/TextField';
import { TotpQr } from './TotpQr';

export interface TotpSetupProps {
  setup: TotpBeginResponse;
  onConfirm: (code: string) => Promise<SubmitFailure | null>;
  onCancel: () => void;
  disabled?: boolean;
}

/** Adding an authenticator app: scan the QR code (or type the key), then its first code confirms it. */
export function TotpSetup({ setup, onConfirm, onCancel, disabled = false }: TotpSetupProps) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const { errors, formError, busy, send } = useSubmission();
  const key = (
    <bdi dir="ltr" className="totp-secret">
      {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
    </bdi>
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(() => onConfirm(code));
  };
  return (
    <form className="form totp-setup" noValidate onSubmit={submit}>
      <p>
        <Trans>Scan this code with your authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password).</Trans>
      </p>
      <TotpQr uri={setup.uri} />
      <p className="totp-key">
        <Trans>Can’t scan it? Type this key in the app instead: {key}</Trans>
      </p>
      <FormAlert message={formError} />
      <TextField
        label={t`The 6-digit code the app shows`}
        name="totp_code"
        inputMode="numeric"
        autoComplete="one-time-code"
        valueDir="ltr"
        maxLength={8}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={errors.code}
        required
      />
      <div className="form-actions">
        <Button type="submit" busy={busy} disabled={disabled}>
          <Trans>Confirm</Trans>
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
