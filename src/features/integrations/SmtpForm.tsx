import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { SmtpSecurity, SmtpSettingsView } from '../../../contract/integrations';
import type { FieldErrors } from '../../forms/fieldErrors';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormAlert } from '../../ui/FormAlert';
import { PasswordField } from '../../ui/PasswordField';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import type { TestOutcome } from './integrationsApi';

export interface SmtpFormValues {
  host: string;
  port: string;
  security: SmtpSecurity;
  username: string;
  password: string;
  /** Typing a new password (or the first one); else the stored one stays. */
  replacing: boolean;
  clearPassword: boolean;
  from_name: string;
  from_address: string;
  reply_to: string;
}

export const formOf = (saved: SmtpSettingsView | null): SmtpFormValues => ({
  host: saved?.host ?? '',
  port: String(saved?.port ?? 587),
  security: saved?.security ?? 'starttls',
  username: saved?.username ?? '',
  password: '',
  replacing: !saved?.password_set,
  clearPassword: false,
  from_name: saved?.from_name ?? '',
  from_address: saved?.from_address ?? '',
  reply_to: saved?.reply_to ?? '',
});

const defaultPorts: Record<SmtpSecurity, string> = { none: '25', starttls: '587', tls: '465' };

export interface SmtpFormProps {
  values: SmtpFormValues;
  saved: SmtpSettingsView | null;
  errors: FieldErrors;
  formError: string | null;
  online: boolean;
  busy: 'save' | 'test' | 'remove' | null;
  onChange: (patch: Partial<SmtpFormValues>) => void;
  onSave: () => void;
  onRemove: () => void;
  testTo: string;
  onTestTo: (to: string) => void;
  testError: string | undefined;
  outcome: TestOutcome | null;
  onTest: () => void;
}

/** The SMTP settings form and its test mail (a view: the screen holds the state). */
export function SmtpForm(props: SmtpFormProps) {
  const { values, saved, errors, formError, online, busy, onChange } = props;
  const { t } = useLingui();
  const id = useId();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const passwordStored = saved?.password_set === true && !values.clearPassword;
  return (
    <>
      <form
        className="card form smtp-form"
        noValidate
        aria-labelledby={`${id}-title`}
        onSubmit={(event) => {
          event.preventDefault();
          props.onSave();
        }}
      >
        <h2 id={`${id}-title`}>
          <Trans>Email server (SMTP)</Trans>
        </h2>
        <p className="smtp-form-intro">
          {saved ? (
            <Trans>Every email of the school (password recovery, emergency alerts, approvals) goes out through this server.</Trans>
          ) : (
            <Trans>No SMTP server is set: emails are only recorded in the mail log below.</Trans>
          )}
        </p>
        <div className="smtp-form-row">
          <TextField
            label={t`SMTP server`}
            name="host"
            valueDir="ltr"
            autoComplete="off"
            spellCheck={false}
            value={values.host}
            onChange={(e) => onChange({ host: e.target.value })}
            error={errors.host}
            required
          />
          <TextField
            className="smtp-port"
            label={t`Port`}
            name="port"
            inputMode="numeric"
            valueDir="ltr"
            value={values.port}
            onChange={(e) => onChange({ port: e.target.value })}
            error={errors.port}
            required
          />
        </div>
        <Select
          label={t`Security`}
          name="security"
          value={values.security}
          onChange={(e) => {
            const security = e.target.value as SmtpSecurity;
            // Follow the usual port of the new security unless the admin typed another.
            const port = values.port === defaultPorts[values.security] ? defaultPorts[security] : values.port;
            onChange({ security, port });
          }}
          options={[
            { value: 'none', label: t`None (plain connection)` },
            { value: 'starttls', label: t`STARTTLS` },
            { value: 'tls', label: t`TLS (SSL)` },
          ]}
        />
        <TextField
          label={t`User name`}
          name="username"
          valueDir="ltr"
          autoComplete="off"
          value={values.username}
          onChange={(e) => onChange({ username: e.target.value })}
          error={errors.username}
        />
        {passwordStored && !values.replacing ? (
          <div className="field smtp-password-set">
            <span className="field-label">
              <Trans>Password</Trans>
            </span>
            <p className="smtp-password-state">
              <span>
                <Trans>A password is set</Trans>
              </span>
              <Button variant="secondary" onClick={() => onChange({ replacing: true, password: '' })}>
                <Trans>Replace</Trans>
              </Button>
              <Button variant="ghost" onClick={() => onChange({ clearPassword: true, replacing: false, password: '' })}>
                <Trans>Remove</Trans>
              </Button>
            </p>
          </div>
        ) : (
          <div className="smtp-password-edit">
            <PasswordField
              label={t`Password`}
              name="password"
              autoComplete="new-password"
              value={values.password}
              onChange={(e) => onChange({ password: e.target.value, replacing: true })}
              error={errors.password}
            />
            {saved?.password_set ? (
              <button type="button" className="link-button" onClick={() => onChange({ replacing: false, clearPassword: false, password: '' })}>
                <Trans>Keep the saved password</Trans>
              </button>
            ) : null}
          </div>
        )}
        <TextField
          label={t`Sender name`}
          name="from_name"
          valueDir="auto"
          value={values.from_name}
          onChange={(e) => onChange({ from_name: e.target.value })}
          error={errors.from_name}
        />
        <TextField
          label={t`Sender address`}
          name="from_address"
          type="email"
          valueDir="ltr"
          value={values.from_address}
          onChange={(e) => onChange({ from_address: e.target.value })}
          error={errors.from_address}
          required
        />
        <TextField
          label={t`Reply-to address`}
          name="reply_to"
          type="email"
          valueDir="ltr"
          value={values.reply_to}
          onChange={(e) => onChange({ reply_to: e.target.value })}
          error={errors.reply_to}
          hint={t`Optional: where answers to the school's emails go.`}
        />
        <FormAlert message={formError} />
        <div className="form-actions">
          {saved ? (
            <Button variant="ghost" disabled={!online || busy !== null} busy={busy === 'remove'} onClick={() => setConfirmRemove(true)}>
              <Trans>Stop using SMTP</Trans>
            </Button>
          ) : null}
          <Button type="submit" disabled={!online || busy !== null} busy={busy === 'save'}>
            <Trans>Save</Trans>
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title={t`Stop using this SMTP server?`}
        description={t`The settings and the password are deleted. Emails will only be recorded in the mail log until new settings are saved.`}
        confirmLabel={t`Stop using SMTP`}
        onConfirm={props.onRemove}
      />
      <form
        className="card form smtp-test"
        noValidate
        aria-labelledby={`${id}-test-title`}
        onSubmit={(event) => {
          event.preventDefault();
          props.onTest();
        }}
      >
        <h2 id={`${id}-test-title`}>
          <Trans>Send a test email</Trans>
        </h2>
        <p className="smtp-form-intro">
          <Trans>Sends a real message with the saved settings and shows the server's answer.</Trans>
        </p>
        <div className="smtp-test-row">
          <TextField
            label={t`Send to`}
            name="to"
            type="email"
            valueDir="ltr"
            value={props.testTo}
            onChange={(e) => props.onTestTo(e.target.value)}
            error={props.testError}
          />
          <Button type="submit" variant="secondary" disabled={!online || !saved || busy !== null} busy={busy === 'test'}>
            <Trans>Send a test email</Trans>
          </Button>
        </div>
        {props.outcome ? (
          <div className={`smtp-outcome ${props.outcome.ok ? 'smtp-outcome-ok' : 'smtp-outcome-failed'}`} role="status" data-testid="smtp-outcome">
            <p className="smtp-outcome-title">
              {props.outcome.ok ? (
                <Trans>The test email was sent. The server answered:</Trans>
              ) : (
                <Trans>The test email could not be sent. The server said:</Trans>
              )}
            </p>
            <pre dir="ltr">{props.outcome.ok ? props.outcome.response : props.outcome.smtpError}</pre>
          </div>
        ) : null}
      </form>
    </>
  );
}
