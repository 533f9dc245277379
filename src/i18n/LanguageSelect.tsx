import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { Select } from '../ui/Select';
import { chooseAndActivateLocale } from './activateLocale';
import { autonymOf, matchLocale, sourceLocale, supportedLocales } from './locales';

/** Every language shown by its own name, so anyone can find theirs. */
export function LanguageSelect() {
  const { t, i18n } = useLingui();
  const options = useMemo(() => supportedLocales.map((locale) => ({ value: locale, label: autonymOf(locale), lang: locale })), []);
  const current = matchLocale(i18n.locale, supportedLocales) ?? sourceLocale;
  return (
    <Select
      label={t`Language`}
      options={options}
      value={current}
      onChange={(event) => {
        const next = matchLocale(event.target.value, supportedLocales);
        if (next) void chooseAndActivateLocale(next);
      }}
    />
  );
}
