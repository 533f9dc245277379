import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { LoginResponse } from '../../contract/auth';
import type { EnrolledSignIn, SecondStepRequired, TotpBeginResponse } from '../../contract/secondFactor';
import { describeFailure, type SubmitFailure } from '../forms/describeFailure';
import { useSubmission } from '../forms/useSubmission';
import { session } from '../session/session';
import { Button } from '../ui/Button';
import { FormAlert } from '../ui/FormAlert';
import { CloudOffIcon } from '../ui/icons';
import { TextField } from '../ui/TextField';
import { useOnline } from '../ui/useOnline';
import { ceremonyCancelled, createPasskey, passkeysAvailable, signWithPasskey } from './passkeyCeremony';
import { RecoveryCodes } from './RecoveryCodes';
import * as api from './secondFactorApi';
import { TotpSetup } from './TotpSetup';
import './secondFactor.css';

export interface SecondStepProps {
  challenge: SecondStepRequired;
  /** Back to the password (another account, or the ticket expired). */
  onBack: () => void;
}

/**
 * The sign-in's second step, after a right password (docs/features/second-factor.md): the
 * member's passkey, their app's 6-digit code or a recovery code; or, when the school requires
 * a second step the member does not have yet, adding one now (then its recovery codes).
 * Online only: the server checks every answer.
 */
export function SecondStep({ challenge, onBack }: SecondStepProps) {
  const online = useOnline();
  return (
    <div className="form second-step">
      {online ? null : (
        <p className="two-step-offline with-icon" role="status">
          <CloudOffIcon width={18} height={18} />
          <span>
            <Trans>You are offline. Connect to the internet to finish signing in.</Trans>
          </span>
        </p>
      )}
      {challenge.enrolment_required ? <EnrolNow ticket={challenge.ticket} online={online} /> : <Verify challenge={challenge} online={online} />}
      <Button variant="ghost" onClick={onBack}>
        <Trans>Back to sign in</Trans>
      </Button>
    </div>
  );
}

const signIn = (reply: LoginResponse) => session.signIn(reply.token, reply.user);

function Verify({ challenge, online }: { challenge: SecondStepRequired; online: boolean }) {
  const { t, i18n } = useLingui();
  const { methods, ticket } = challenge;
  const [typing, setTyping] = useState<'totp' | 'recovery'>(methods.includes('totp') ? 'totp' : 'recovery');
  const [code, setCode] = useState('');
  const { errors, formError, busy, send } = useSubmission();
  const failure = (error: unknown): SubmitFailure => {
    const described = describeFailure(error, i18n);
    // A refused credential is about the whole step, not a field on the screen.
    const { credential, ticket: expired, ...fields } = described.fields;
    return { fields, form: described.form ?? credential ?? expired ?? null };
  };
  const withPasskey = () =>
    void send(
      async () => {
        try {
          const credential = await signWithPasskey(await api.passkeyStepOptions(ticket));
          signIn(await api.verifyPasskey(ticket, credential));
          return null;
        } catch (error) {
          if (ceremonyCancelled(error)) return { fields: {}, form: t`The passkey was not used. Try again, or use another way.` };
          return failure(error);
        }
      },
      { leaving: true },
    );
  const withCode = (event: FormEvent) => {
    event.preventDefault();
    void send(
      async () => {
        try {
          signIn(await (typing === 'totp' ? api.verifyTotp(ticket, code) : api.verifyRecoveryCode(ticket, code)));
          return null;
        } catch (error) {
          return failure(error);
        }
      },
      { leaving: true },
    );
  };
  const canType = methods.includes('totp') || methods.includes('recovery');
  return (
    <>
      <p className="second-step-lead">
        <Trans>Your password is right. Now confirm it is you.</Trans>
      </p>
      <FormAlert message={formError} />
      {methods.includes('webauthn') ? (
        <Button block onClick={withPasskey} busy={busy} disabled={!online || !passkeysAvailable()}>
          <Trans>Use your passkey</Trans>
        </Button>
      ) : null}
      {methods.includes('webauthn') && canType ? (
        <p className="second-step-or">
          <Trans>or</Trans>
        </p>
      ) : null}
      {canType ? (
        <form className="form" noValidate onSubmit={withCode}>
          <TextField
            key={typing}
            label={typing === 'totp' ? t`6-digit code from your authenticator app` : t`Recovery code`}
            name={typing === 'totp' ? 'totp_code' : 'recovery_code'}
            inputMode={typing === 'totp' ? 'numeric' : 'text'}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            valueDir="ltr"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={errors.code}
            required
          />
          <Button type="submit" block variant={methods.includes('webauthn') ? 'secondary' : 'primary'} busy={busy} disabled={!online}>
            <Trans>Confirm</Trans>
          </Button>
          {typing === 'totp' && methods.includes('recovery') ? (
            <button type="button" className="link-button" onClick={() => (setTyping('recovery'), setCode(''))}>
              <Trans>Use a recovery code instead</Trans>
            </button>
          ) : null}
          {typing === 'recovery' && methods.includes('totp') ? (
            <button type="button" className="link-button" onClick={() => (setTyping('totp'), setCode(''))}>
              <Trans>Use your authenticator app instead</Trans>
            </button>
          ) : null}
        </form>
      ) : null}
    </>
  );
}

/** The school requires a second step and the member has none: they add one now, within the ticket. */
function EnrolNow({ ticket, online }: { ticket: string; online: boolean }) {
  const { t, i18n } = useLingui();
  const [setup, setSetup] = useState<TotpBeginResponse | null>(null);
  const [done, setDone] = useState<EnrolledSignIn | null>(null);
  const { formError, busy, send } = useSubmission();
  if (done) return <RecoveryCodes codes={done.recovery_codes} onDone={() => signIn(done)} doneLabel={t`I have saved them, continue`} />;
  if (setup)
    return (
      <TotpSetup
        setup={setup}
        disabled={!online}
        onCancel={() => setSetup(null)}
        onConfirm={async (code) => {
          try {
            setDone(await api.ticketTotpConfirm(ticket, setup.id, code));
            return null;
          } catch (error) {
            return describeFailure(error, i18n);
          }
        }}
      />
    );
  const addPasskey = () =>
    void send(async () => {
      try {
        const credential = await createPasskey(await api.ticketPasskeyOptions(ticket));
        setDone(await api.ticketPasskeyRegister(ticket, t`Passkey`, credential));
        return null;
      } catch (error) {
        if (ceremonyCancelled(error)) return { fields: {}, form: t`No passkey was made. Try again, or use an authenticator app.` };
        return describeFailure(error, i18n);
      }
    });
  const addApp = () =>
    void send(async () => {
      try {
        setSetup(await api.ticketTotpBegin(ticket));
        return null;
      } catch (error) {
        return describeFailure(error, i18n);
      }
    });
  return (
    <>
      <p className="second-step-lead">
        <Trans>Your school requires a second step when you sign in. Add one now: a passkey on this device, or an authenticator app on your phone.</Trans>
      </p>
      <FormAlert message={formError} />
      <Button block onClick={addPasskey} busy={busy} disabled={!online || !passkeysAvailable()}>
        <Trans>Add a passkey</Trans>
      </Button>
      <Button block variant="secondary" onClick={addApp} disabled={!online || busy}>
        <Trans>Use an authenticator app</Trans>
      </Button>
    </>
  );
}
