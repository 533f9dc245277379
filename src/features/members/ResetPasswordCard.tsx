import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { ResetMemberPasswordResponse } from '../../../contract/members';
import { describeFailure } from '../../forms/describeFailure';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { LockIcon } from '../../ui/icons';
import { useOnline } from '../../ui/useOnline';

export interface ResetPasswordCardProps {
  email: string;
  lockedReason: string | null;
  reset: () => Promise<ResetMemberPasswordResponse>;
}

/**
 * Reset password (REST, online only): the server mails a reset link, or, for a college
 * without mail, answers a temporary password, shown here once with a copy button.
 */
export function ResetPasswordCard({ email, lockedReason, reset }: ResetPasswordCardProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ResetMemberPasswordResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  async function run() {
    setBusy(true);
    setFailure(null);
    try {
      setResult(await reset());
    } catch (error) {
      setFailure(describeFailure(error, i18n).form);
    } finally {
      setBusy(false);
    }
  }

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  const address = <bdi dir="ltr">{email}</bdi>;
  return (
    <section className="card member-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title with-icon">
        <LockIcon />
        <span>
          <Trans>Password</Trans>
        </span>
      </h2>
      {lockedReason ? <p className="muted">{lockedReason}</p> : null}
      {result?.mode === 'mail' ? (
        <p role="status" className="member-reset-result">
          <Trans>A reset link was sent to {address}.</Trans>
        </p>
      ) : null}
      {result?.mode === 'temporary' ? (
        <div role="status" className="member-reset-result">
          <p>
            <Trans>Temporary password (shown only this once; the member changes it after signing in):</Trans>
          </p>
          <div className="member-temporary">
            <code dir="ltr" className="member-temporary-password">
              {result.temporary_password}
            </code>
            <Button variant="secondary" onClick={() => void copy(result.temporary_password)}>
              {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
            </Button>
          </div>
        </div>
      ) : null}
      <FormAlert message={failure} />
      {!lockedReason && !result ? (
        <>
          {online ? null : <p className="muted">{t`Resetting a password needs a connection.`}</p>}
          <Button variant="secondary" busy={busy} disabled={!online} onClick={() => void run()}>
            <Trans>Reset password</Trans>
          </Button>
          <p className="field-hint">
            <Trans>Every device of the member is signed out.</Trans>
          </p>
        </>
      ) : null}
    </section>
  );
}
