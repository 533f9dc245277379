import { Trans } from '@lingui/react/macro';
import { LanguageSelect } from '../../i18n/LanguageSelect';
import { ThemeToggle } from '../../theme/ThemeToggle';

/** Language and theme: on phones the app bar has no room for the language picker. */
export function PreferencesCard() {
  return (
    <section className="card form preferences-card" aria-labelledby="preferences-title">
      <h2 id="preferences-title" className="card-title">
        <Trans>Preferences</Trans>
      </h2>
      <LanguageSelect />
      <div className="preferences-theme">
        <span>
          <Trans>Theme</Trans>
        </span>
        <ThemeToggle />
      </div>
    </section>
  );
}
