import { floating, type DayText, type TimeText } from '../../../contract/eventTime';

/**
 * Event dates and times in the page's language, through Intl. Wall times are formatted as
 * "floating" instants read in UTC (contract/eventTime.ts): 18:00 stays 18:00 whatever the
 * device's zone and across a daylight-saving change. Formatters are made once per locale and
 * kind and kept: making one costs far more than using it (src/i18n/formatDate.ts), and a
 * month grid formats hundreds of times.
 */

const presets = {
  /** "Thursday, 26 November 2026" */
  dayLong: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
  /** "Thursday, 26 November" */
  dayLongThisYear: { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' },
  /** "26 Nov 2026" */
  dayShort: { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' },
  /** "Thu 26 Nov" */
  dayCompact: { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' },
  /** "Tue" */
  weekdayShort: { weekday: 'short', timeZone: 'UTC' },
  /** "8 Dec" */
  dayMonthShort: { day: 'numeric', month: 'short', timeZone: 'UTC' },
  /** "26" */
  dayNumber: { day: 'numeric', timeZone: 'UTC' },
  /** "November 2026" */
  monthYear: { month: 'long', year: 'numeric', timeZone: 'UTC' },
  /** "18:00" (or "6:00 PM") */
  time: { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' },
  /** "Thu 26 Nov, 18:00" */
  dayTime: { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

type Preset = keyof typeof presets;

const formats = new Map<string, Intl.DateTimeFormat>();

function cached(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = formats.get(key);
  if (!format) formats.set(key, (format = make()));
  return format;
}

function formatOf(locale: string, preset: Preset): Intl.DateTimeFormat {
  return cached(`${locale}\u0000${preset}`, () => new Intl.DateTimeFormat(locale, presets[preset]));
}

/** "sábado, 21 de noviembre" starts a heading: its first letter in capitals. */
function capitalised(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

export function formatDay(
  day: DayText,
  locale: string,
  preset: 'dayLong' | 'dayLongThisYear' | 'dayShort' | 'dayCompact' | 'dayNumber' | 'weekdayShort' | 'dayMonthShort' = 'dayLong',
): string {
  const text = formatOf(locale, preset).format(floating(day));
  return preset === 'dayLong' || preset === 'dayLongThisYear' ? capitalised(text, locale) : text;
}

/** "Noviembre de 2026": the heading of a month's grid. */
export function formatMonth(month: string, locale: string): string {
  return capitalised(formatOf(locale, 'monthYear').format(floating(`${month}-01`)), locale);
}

/** A wall time's hour: "18:00". */
export function formatTime(wall: TimeText, locale: string): string {
  return formatOf(locale, 'time').format(floating(wall));
}

/** Monday…Sunday, long ("lunes"), short ("lun") or narrow ("L"), in the page's language (as in the original app). */
export function weekdayNames(locale: string, width: 'long' | 'short' | 'narrow'): string[] {
  const format = cached(`${locale}\u0000weekday-${width}`, () => new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }));
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i))));
}

/** "16 – 20 Nov 2026": the days of an all-day event of several days. */
export function formatDayRange(first: DayText, last: DayText, locale: string): string {
  return formatOf(locale, 'dayShort').formatRange(floating(first), floating(last));
}

/**
 * A timed occurrence's span: "18:00 – 19:30" on one day, "Thu 26 Nov, 18:00 – Fri 27 Nov,
 * 09:00" across days.
 */
export function formatWallRange(start: TimeText, end: TimeText, locale: string): string {
  const sameDay = start.slice(0, 10) === end.slice(0, 10);
  return formatOf(locale, sameDay ? 'time' : 'dayTime').formatRange(floating(start), floating(end));
}

/** The device's own zone (the one its clock shows). */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Instants in a named zone, with the zone's short name: "26 Nov 2026, 22:00 – 23:30 GMT+1". */
export function formatInstantRange(start: Date, end: Date, timeZone: string, locale: string): string {
  const format = cached(
    `${locale}\u0000zoned\u0000${timeZone}`,
    () =>
      new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone }),
  );
  return format.formatRange(start, end);
}

/** A zone's name as people say it ("Chile Time", "hora de Chile"), else its IANA name. */
export function zoneName(timeZone: string, locale: string, at: Date): string {
  try {
    const format = cached(`${locale}\u0000zone\u0000${timeZone}`, () => new Intl.DateTimeFormat(locale, { timeZoneName: 'longGeneric', timeZone }));
    return format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}
