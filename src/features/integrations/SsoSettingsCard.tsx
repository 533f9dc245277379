import { useLingui } from '@lingui/react/macro';
import { ssoSettingsInput } from '../../../contract/sso';
import { useOnlineSettings } from '../../forms/useOnlineSettings';
import { showToast } from '../../ui/toastStore';
import { ssoSettingsDoor } from './integrationsApi';
import { redirectUriOf } from './ssoSettingsDraft';
import { SsoSettingsView } from './SsoSettingsView';

/** The college's single sign-on settings on the integrations screen, read and saved online (docs/features/sso.md). */
export function SsoSettingsCard() {
  const { t } = useLingui();
  const { retry, save, remove, ...state } = useOnlineSettings(ssoSettingsDoor, ssoSettingsInput);
  const copy = (text: string) => {
    const copied = navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard'));
    copied.then(
      () => showToast(t`Link copied`),
      () => showToast(t`The link could not be copied. Select it and copy it yourself.`, 'error'),
    );
  };
  return (
    <SsoSettingsView
      {...state}
      redirectUri={redirectUriOf(window.location.origin)}
      onRetry={retry}
      onSave={(input) => void save(input).then((ok) => ok && showToast(t`Single sign-on settings saved`))}
      onRemove={() => void remove().then((ok) => ok && showToast(t`Single sign-on stopped: members sign in with their password`))}
      onCopy={copy}
    />
  );
}
