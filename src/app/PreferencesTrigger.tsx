import { useLingui } from '@lingui/react/macro';
import { autonymOf, matchLocale, sourceLocale, supportedLocales, type AppLocale } from '../i18n/locales';
import { useTheme, type ThemePreference } from '../theme/theme';
import { themeIcons, themeNames } from '../theme/themeChoices';
import { GlobeIcon } from '../ui/icons';

export interface PreferencesSummary {
  locale: AppLocale;
  language: string;
  preference: ThemePreference;
  /** The trigger's name: which language and which theme are on. */
  label: string;
}

export function usePreferencesSummary(): PreferencesSummary {
  const { t, i18n } = useLingui();
  const { preference } = useTheme();
  const locale = matchLocale(i18n.locale, supportedLocales) ?? sourceLocale;
  const language = autonymOf(locale);
  const theme = i18n._(themeNames[preference]);
  return { locale, language, preference, label: t`Language: ${language}. Theme: ${theme}` };
}

/** What the language-and-theme button shows: a globe, the language (wide screens) and the theme. */
export function PreferencesTriggerFace({ language, preference }: Pick<PreferencesSummary, 'language' | 'preference'>) {
  const ThemeIcon = themeIcons[preference];
  return (
    <>
      <GlobeIcon />
      <span className="prefs-trigger-language">{language}</span>
      <ThemeIcon />
    </>
  );
}
