import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import type { SsoSettingsInput, SsoSettingsView as Saved } from '../../../contract/sso';
import type { OnlineSettingsState } from '../../forms/useOnlineSettings';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormAlert } from '../../ui/FormAlert';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { domainsError, draftOf, inputOf, type SsoDraft } from './ssoSettingsDraft';
import { OfflineNote, OnlineBody } from '../../online/OnlineBody';

export interface SsoSettingsViewProps extends Omit<OnlineSettingsState<Saved | null, SsoSettingsInput>, 'retry' | 'save' | 'remove'> {
  /** `<origin>/api/v1/sso/callback`, to register at the provider. */
  redirectUri: string;
  onRetry: () => void;
  onSave: (input: SsoSettingsInput) => void;
  onRemove: () => void;
  onCopy: (text: string) => void;
}

type FormProps = Omit<SsoSettingsViewProps, 'load' | 'onRetry' | 'redirectUri' | 'onCopy'> & { saved: Saved | null };

/** The secret is write-only: once saved, only that one is set (like the SMTP password). */
function SecretField({
  draft,
  saved,
  error,
  onChange,
}: {
  draft: SsoDraft;
  saved: Saved | null;
  error?: string;
  onChange: (patch: Partial<SsoDraft>) => void;
}) {
  const { t } = useLingui();
  if (saved?.client_secret_set && !draft.clearSecret && !draft.replacing) {
    return (
      <div className="field smtp-password-set">
        <span className="field-label">
          <Trans>Client secret</Trans>
        </span>
        <p className="smtp-password-state">
          <span>
            <Trans>A client secret is set</Trans>
          </span>
          <Button variant="secondary" onClick={() => onChange({ replacing: true, client_secret: '' })}>
            <Trans>Replace the secret</Trans>
          </Button>
          <Button variant="ghost" onClick={() => onChange({ clearSecret: true, replacing: false, client_secret: '' })}>
            <Trans>Remove the secret</Trans>
          </Button>
        </p>
      </div>
    );
  }
  return (
    <div className="smtp-password-edit">
      <PasswordField
        label={t`Client secret`}
        name="client_secret"
        autoComplete="new-password"
        value={draft.client_secret}
        onChange={(e) => onChange({ client_secret: e.target.value, replacing: true })}
        error={error}
        hint={t`Kept sealed on the server; it is never shown again.`}
      />
      {saved?.client_secret_set ? (
        <button type="button" className="link-button" onClick={() => onChange({ replacing: false, clearSecret: false, client_secret: '' })}>
          <Trans>Keep the saved secret</Trans>
        </button>
      ) : null}
    </div>
  );
}

function SsoSettingsForm({ saved, online, busy, removing, errors, formError, onSave, onRemove }: FormProps) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(() => draftOf(saved));
  const [confirmRemove, setConfirmRemove] = useState(false);
  const change = (patch: Partial<SsoDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSave(inputOf(draft));
  };
  return (
    <form noValidate onSubmit={submit} className="sso-settings-form">
      <TextField
        label={t`Name on the button`}
        name="display_name"
        valueDir="auto"
        value={draft.display_name}
        onChange={(e) => change({ display_name: e.target.value })}
        hint={t`The sign-in page shows “Sign in with” and this name, like Google Workspace.`}
        error={errors.display_name}
        required
      />
      <TextField
        label={t`Issuer URL`}
        name="issuer"
        type="url"
        valueDir="ltr"
        autoComplete="off"
        spellCheck={false}
        value={draft.issuer}
        onChange={(e) => change({ issuer: e.target.value })}
        hint={t`From the provider, like https://accounts.google.com.`}
        error={errors.issuer}
        required
      />
      <TextField
        label={t`Client ID`}
        name="client_id"
        valueDir="ltr"
        autoComplete="off"
        spellCheck={false}
        value={draft.client_id}
        onChange={(e) => change({ client_id: e.target.value })}
        error={errors.client_id}
        required
      />
      <SecretField draft={draft} saved={saved} error={errors.client_secret} onChange={change} />
      <TextField
        label={t`Allowed email domains`}
        name="allowed_domains"
        valueDir="ltr"
        autoComplete="off"
        spellCheck={false}
        value={draft.domains}
        onChange={(e) => change({ domains: e.target.value })}
        hint={t`Separated by commas, like school.example. Empty: any address the provider has verified.`}
        error={domainsError(errors)}
      />
      <Checkbox label={t`Offer it on the sign-in page`} name="enabled" checked={draft.enabled} onChange={(e) => change({ enabled: e.target.checked })} />
      <FormAlert message={formError} />
      <div className="form-actions">
        {saved ? (
          <Button variant="ghost" disabled={!online || busy} busy={removing} onClick={() => setConfirmRemove(true)}>
            <Trans>Stop single sign-on</Trans>
          </Button>
        ) : null}
        <Button type="submit" disabled={!online || busy} busy={busy && !removing}>
          <Trans>Save</Trans>
        </Button>
      </div>
      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title={t`Stop single sign-on?`}
        description={t`The settings and the client secret are deleted. Members sign in with their password until new settings are saved.`}
        confirmLabel={t`Stop single sign-on`}
        onConfirm={onRemove}
      />
    </form>
  );
}

/** "Single sign-on" on the integrations screen: the college's OpenID Connect provider, online only. Only renders. */
export function SsoSettingsView({ load, online, redirectUri, onRetry, onCopy, ...form }: SsoSettingsViewProps) {
  const { t } = useLingui();
  const id = useId();
  // Keyed by what is saved: a save's answer starts the form again from the server's values.
  const body = (
    <OnlineBody load={load} online={online} loadingLabel={t`Loading the single sign-on settings…`} onRetry={onRetry}>
      {(data) => <SsoSettingsForm key={data?.updated_at ?? 'none'} saved={data} online={online} {...form} />}
    </OnlineBody>
  );
  return (
    <section className="card sso-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Single sign-on</Trans>
      </h2>
      <p className="smtp-form-intro">
        <Trans>
          Members sign in with the school’s own accounts (OpenID Connect: Google Workspace, Microsoft Entra ID and others). Only members already in Patio whose
          verified email matches can sign in; no account is created.
        </Trans>
      </p>
      <div className="sso-redirect-row">
        <TextField
          label={t`Redirect URI to register at the provider`}
          name="redirect_uri"
          valueDir="ltr"
          readOnly
          value={redirectUri}
          onFocus={(e) => e.target.select()}
        />
        <Button variant="secondary" onClick={() => onCopy(redirectUri)}>
          <Trans>Copy</Trans>
        </Button>
      </div>
      {online ? null : (
        <OfflineNote>
          <Trans>Connect to the internet to change these settings.</Trans>
        </OfflineNote>
      )}
      {body}
    </section>
  );
}
