import { Trans, useLingui } from '@lingui/react/macro';
import { can } from '../../../contract/permissions';
import type { PrivacySettingsFields } from '../../../contract/privacy';
import { saveOnDevice } from '../../forms/localSave';
import { useSession } from '../../session/session';
import { usePageMeta } from '../../tenant/usePageMeta';
import { BackTo, LoadingState } from '../../ui/ScreenStates';
import { showToast } from '../../ui/toastStore';
import { PrivacySettingsView } from './PrivacySettingsView';
import { setPrivacySettings } from './privacyWrites';
import { usePrivacyDb, usePrivacySettings } from './usePrivacy';

/**
 * `/admin/privacy` (`privacy.manage`): the college's erasure policy and message retention,
 * read from the device (synced to every member) and saved through the outbox.
 */
export function PrivacySettingsScreen() {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const db = usePrivacyDb();
  const settings = usePrivacySettings();
  usePageMeta(t`Privacy`);
  if (!can(user?.role, 'privacy.manage')) {
    return (
      <BackTo to="/" linkLabel={<Trans>Back to home</Trans>}>
        <Trans>Only administrators can change the school’s privacy settings.</Trans>
      </BackTo>
    );
  }
  if (!settings || !user) return <LoadingState label={t`Loading…`} />;
  const save = async (next: PrivacySettingsFields) => {
    if (await saveOnDevice(() => setPrivacySettings(db, user.college_id, next), i18n))
      showToast(t`Saved. The server applies the new settings once this device syncs.`);
  };
  return (
    <div className="page privacy-page">
      <header className="page-header">
        <h1>
          <Trans>Privacy</Trans>
        </h1>
      </header>
      <p className="privacy-lead">
        <Trans>
          Members can download a copy of their data from their profile; administrators can prepare one for a member, or erase a member, from the member’s
          screen.
        </Trans>
      </p>
      {/* New settings from the server (another administrator) start the form again from them. */}
      <PrivacySettingsView key={JSON.stringify(settings)} settings={settings} onSave={save} />
    </div>
  );
}
