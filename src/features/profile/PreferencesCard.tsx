import { Trans } from '@lingui/react/macro';
import { LanguageSelect } from '../../i18n/LanguageSelect';
import { ThemeChoice } from '../../theme/ThemeChoice';

/** Language and theme, also in the app bar's menu on every screen. */
export function PreferencesCard() {
  return (
    <section className="card form preferences-card" aria-labelledby="preferences-title">
      <h2 id="preferences-title" className="card-title">
        <Trans>Preferences</Trans>
      </h2>
      <LanguageSelect />
      <ThemeChoice />
    </section>
  );
}
