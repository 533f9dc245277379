import { textDirection } from '../../contract/direction';

/** The interface languages; en is the source and every other catalog is complete (scripts/checkCatalogs). */
export const supportedLocales = ['en', 'es', 'es-MX', 'fr', 'zh-CN', 'ar', 'de'] as const;
export type AppLocale = (typeof supportedLocales)[number];
export const sourceLocale: AppLocale = 'en';
export const localeStorageKey = 'locale';

/** The supported locale a tag stands for: exact (any case, `_` or `-`), else its language. */
export function matchLocale<T extends string>(tag: string | null | undefined, supported: readonly T[]): T | null {
  if (!tag) return null;
  const wanted = tag.trim().replace(/_/g, '-').toLowerCase();
  if (!wanted) return null;
  const exact = supported.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split('-')[0];
  return supported.find((l) => l.toLowerCase() === language) ?? null;
}

/**
 * The locale to start in: the stored choice when it is supported, else the college's
 * language, else en. An unsupported stored value is ignored rather than trusted.
 */
export function chooseLocale<T extends string>(
  stored: string | null | undefined,
  collegeLanguage: string | null | undefined,
  supported: readonly T[],
  fallback: T = supported[0]!,
): T {
  return matchLocale(stored, supported) ?? matchLocale(collegeLanguage, supported) ?? fallback;
}

/** Text direction of a locale: rtl for the languages written right to left, incl. regions. */
export function directionOf(locale: string): 'rtl' | 'ltr' {
  return textDirection(locale);
}

/** A language's name in that language ("Français", "العربية"), for the language selector. */
export function autonymOf(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale);
    if (!name) return locale;
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    return locale;
  }
}
