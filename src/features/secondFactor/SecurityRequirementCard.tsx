import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { securitySettingsInput, type SecuritySettingsView } from '../../../contract/secondFactor';
import { useOnlineSettings, type SettingsDoor } from '../../forms/useOnlineSettings';
import { fetchSecuritySettings, saveSecuritySettings } from '../../secondFactor/secondFactorApi';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { FormAlert } from '../../ui/FormAlert';
import { LoadingState } from '../../ui/ScreenStates';
import { showToast } from '../../ui/toastStore';

const door: SettingsDoor<SecuritySettingsView, { require_for_admins: boolean; require_for_staff: boolean }> = {
  fetch: fetchSecuritySettings,
  save: saveSecuritySettings,
};

/**
 * The school's requirement, for administrators: a second step for administrators, for staff.
 * Members who have none add one right after their password at their next sign-in.
 */
export function SecurityRequirementCard() {
  const { t } = useLingui();
  const id = useId();
  const { load, online, busy, formError, save, retry } = useOnlineSettings(door, securitySettingsInput);
  // What the administrator ticked, until saved; the stored values before that.
  const [draft, setDraft] = useState<{ require_for_admins: boolean; require_for_staff: boolean } | null>(null);
  const saved = load.status === 'ready' ? load.data : null;
  const admins = draft?.require_for_admins ?? saved?.require_for_admins ?? false;
  const staff = draft?.require_for_staff ?? saved?.require_for_staff ?? false;
  const setAdmins = (value: boolean) => setDraft({ require_for_admins: value, require_for_staff: staff });
  const setStaff = (value: boolean) => setDraft({ require_for_admins: admins, require_for_staff: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save({ require_for_admins: admins, require_for_staff: staff }).then((ok) => ok && showToast(t`Saved`));
  };
  return (
    <form className="card form" aria-labelledby={`${id}-title`} noValidate onSubmit={submit}>
      <h2 id={`${id}-title`} className="card-title">
        <Trans>The school’s sign-in security</Trans>
      </h2>
      <p className="two-step-lead">
        <Trans>Require a second step after the password. Whoever has none adds one right after their password at their next sign-in.</Trans>
      </p>
      <FormAlert message={formError ?? (load.status === 'failed' ? load.error : null)} />
      {load.status === 'loading' && online ? <LoadingState label={t`Loading…`} /> : null}
      {load.status === 'failed' ? (
        <Button variant="secondary" onClick={retry}>
          <Trans>Try again</Trans>
        </Button>
      ) : null}
      {saved ? (
        <>
          <Checkbox
            label={t`Administrators must use a second step`}
            checked={admins}
            onChange={(event) => setAdmins(event.target.checked)}
            disabled={!online}
          />
          <Checkbox label={t`Staff must use a second step`} checked={staff} onChange={(event) => setStaff(event.target.checked)} disabled={!online} />
          <div className="form-actions">
            <Button type="submit" busy={busy} disabled={!online}>
              <Trans>Save</Trans>
            </Button>
          </div>
          {online ? null : (
            <p className="two-step-lead" role="status">
              <Trans>Connect to the internet to change this.</Trans>
            </p>
          )}
        </>
      ) : null}
    </form>
  );
}
