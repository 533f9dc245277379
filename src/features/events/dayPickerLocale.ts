import { useEffect, useState } from 'react';
import type { DayPickerLocale, Numerals } from 'react-day-picker';

/**
 * The calendar's language for the page's: DayPicker's locales (date-fns's, with its own
 * labels translated: "Ir al mes siguiente"), each its own chunk, loaded when a date field
 * first opens in that language, so the bundle never carries the six of them.
 */
const loaders: Record<string, () => Promise<DayPickerLocale>> = {
  en: () => import('react-day-picker/locale/en-US').then((m) => m.enUS),
  es: () => import('react-day-picker/locale/es').then((m) => m.es),
  fr: () => import('react-day-picker/locale/fr').then((m) => m.fr),
  zh: () => import('react-day-picker/locale/zh-CN').then((m) => m.zhCN),
  ar: () => import('react-day-picker/locale/ar').then((m) => m.ar),
  de: () => import('react-day-picker/locale/de').then((m) => m.de),
};

const loaded = new Map<string, DayPickerLocale>();

/** The language part of a locale (`es-MX` → `es`), falling back to English. */
const languageOf = (locale: string) => {
  const language = locale.split('-')[0]?.toLowerCase() ?? 'en';
  return language in loaders ? language : 'en';
};

export function loadDayPickerLocale(locale: string): Promise<DayPickerLocale> {
  const language = languageOf(locale);
  const ready = loaded.get(language);
  if (ready) return Promise.resolve(ready);
  return loaders[language]!().then((value) => {
    loaded.set(language, value);
    return value;
  });
}

/** The DayPicker locale of `locale`; undefined until its chunk has loaded. */
export function useDayPickerLocale(locale: string): DayPickerLocale | undefined {
  const [state, setState] = useState(() => ({ language: languageOf(locale), value: loaded.get(languageOf(locale)) }));
  const language = languageOf(locale);
  useEffect(() => {
    let live = true;
    loadDayPickerLocale(language)
      .then((value) => live && setState({ language, value }))
      .catch((error: unknown) => console.error('calendar locale', error));
    return () => {
      live = false;
    };
  }, [language]);
  return state.language === language ? state.value : loaded.get(language);
}

const pickerNumerals: readonly Numerals[] = ['latn', 'arab', 'arabext', 'deva', 'beng', 'thai'];

/** The digits the locale writes (Arabic-Indic in Arabic where Intl says so), as the field shows them. */
export function numeralsOf(locale: string): Numerals {
  const system = new Intl.NumberFormat(locale).resolvedOptions().numberingSystem;
  return pickerNumerals.find((n) => n === system) ?? 'latn';
}
