/** Dates and weekdays through Intl, in the active locale. */
export function formatLongDate(date: Date, locale: string): string {
  const text = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(date);
  // "sábado, 21 de noviembre" starts a line here: capitalise its first letter only.
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** Monday…Sunday in the given locale (weekdays are localised, as in the original app). */
export function weekdayNames(locale: string, width: 'long' | 'short' = 'long'): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i))));
}

/**
 * Short-date formatters by locale and whether the time is shown. Making an
 * Intl.DateTimeFormat costs far more than using one (it loads the locale's data): a list of
 * cards made one per card on every render, the largest share of News's rendering.
 */
const shortFormats = new Map<string, Intl.DateTimeFormat>();

function shortFormat(locale: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}\u0000${withTime}`;
  let format = shortFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...(withTime ? { hour: 'numeric', minute: '2-digit' } : {}),
    });
    shortFormats.set(key, format);
  }
  return format;
}

/** A post's or a change's date: "21 nov 2026" (with the time when asked). */
export function formatShortDate(date: Date | string, locale: string, withTime = false): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) return '';
  return shortFormat(locale, withTime).format(value);
}
