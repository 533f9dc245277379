import { useLingui } from '@lingui/react/macro';
import { parseThemePreference, useTheme } from './theme';
import { themeChoices, themeIcons, themeNames } from './themeChoices';

/** The three themes as radio buttons, each named: the chosen one is checked and says so. */
export function ThemeChoice() {
  const { t, i18n } = useLingui();
  const { preference, setPreference } = useTheme();
  return (
    <fieldset className="theme-choice">
      <legend className="field-label">{t`Theme`}</legend>
      <div className="theme-choice-options">
        {themeChoices.map((choice) => {
          const Icon = themeIcons[choice];
          return (
            <label key={choice} className="theme-choice-option">
              <input
                type="radio"
                name="theme"
                value={choice}
                checked={preference === choice}
                onChange={(event) => setPreference(parseThemePreference(event.target.value))}
              />
              <Icon />
              <span>{i18n._(themeNames[choice])}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
