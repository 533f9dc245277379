import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { describeFailure } from '../../forms/describeFailure';
import { PushCard } from '../../push/PushCard';
import { renewPushSubscription } from '../../push/pushSubscription';
import { session, useSession } from '../../session/session';
import { usePageMeta } from '../../tenant/usePageMeta';
import { showToast } from '../../ui/toastStore';
import { PasswordForm, type PasswordSubmit } from './PasswordForm';
import { PreferencesCard } from './PreferencesCard';
import { ProfileForm, type ProfileSubmit } from './ProfileForm';
import { updatePassword, updateProfile } from './profileApi';

/** The profile; `sections` are the features' parts (src/modules/uiModule.ts `profile`). */
export function ProfileScreen({ sections }: { sections?: ReactNode }) {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  usePageMeta(t`Profile`);
  if (!user) return null;

  const saveProfile: ProfileSubmit = async (fields, avatar) => {
    try {
      session.setUser(await updateProfile(fields, avatar));
      showToast(t`Profile updated successfully`);
      return null;
    } catch (error) {
      return describeFailure(error, i18n);
    }
  };

  const savePassword: PasswordSubmit = async (values) => {
    try {
      await updatePassword(values);
      showToast(t`Password changed successfully`);
      // The change forgot the member's browsers (the others are signed out): this one registers again.
      renewPushSubscription().catch((error: unknown) => console.error('could not register the push subscription', error));
      return null;
    } catch (error) {
      return describeFailure(error, i18n);
    }
  };

  return (
    <div className="page">
      <header className="page-header">
        <h1>
          <Trans>Profile</Trans>
        </h1>
        <p className="page-lead">
          <Trans>Your personal data and your password.</Trans>
        </p>
      </header>
      <div className="profile-grid">
        <ProfileForm key={user.id} user={user} onSubmit={saveProfile} />
        <div className="profile-side">
          <PasswordForm onSubmit={savePassword} />
          <PreferencesCard />
          <PushCard />
          {sections}
        </div>
      </div>
    </div>
  );
}
