/**
 * Times of day as people type them and as their language writes them. Values are `HH:mm`
 * (a wall-clock time in the college's zone, contract/eventTime.ts); the text shown is the
 * locale's (`18:00` in Spanish, `6:00 PM` in English, `下午6:00` in Chinese), and what is
 * typed may be either, or shorter: `6pm`, `18.30`, `18h30`, `1830`.
 */

const two = (n: number) => String(n).padStart(2, '0');

/** A time of day as minutes after midnight, or null when `value` is not `HH:mm`. */
export function minutesOf(value: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [h, min] = [Number(m[1]), Number(m[2])];
  return h < 24 && min < 60 ? h * 60 + min : null;
}

export const timeOfMinutes = (minutes: number): string => `${two(Math.floor(minutes / 60) % 24)}:${two(minutes % 60)}`;

const formats = new Map<string, Intl.DateTimeFormat>();

function timeFormat(locale: string): Intl.DateTimeFormat {
  let format = formats.get(locale);
  if (!format) {
    // The locale's own hour cycle (24-hour in Spanish, 12-hour in English); UTC, so the
    // wall time is written as it is whatever the device's zone.
    format = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    formats.set(locale, format);
  }
  return format;
}

/** `HH:mm` as the locale writes it; '' for anything else. */
export function formatTime(value: string, locale: string): string {
  const minutes = minutesOf(value);
  if (minutes === null) return '';
  return timeFormat(locale).format(new Date(Date.UTC(2000, 0, 1, Math.floor(minutes / 60), minutes % 60)));
}

/** Arabic-Indic and Persian digits as ASCII ones (a time shown in Arabic, then edited). */
function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) & 0xf));
}

/** What a text looks like once spaces, dots and case no longer matter ("p. m." → "pm"). */
const squeeze = (text: string) =>
  asciiDigits(text)
    .toLowerCase()
    .replace(/[\s.\u00a0\u202f\u200e\u200f\u061c]/g, '');

const periodWords = new Map<string, { am: string[]; pm: string[] }>();

/** The words for morning and afternoon: English ones and the locale's ("a. m.", "ص", "上午"). */
function periodsOf(locale: string): { am: string[]; pm: string[] } {
  let words = periodWords.get(locale);
  if (!words) {
    const format = new Intl.DateTimeFormat(locale, { hour: 'numeric', hourCycle: 'h12', timeZone: 'UTC' });
    const period = (hour: number) => squeeze(format.formatToParts(new Date(Date.UTC(2000, 0, 1, hour))).find((part) => part.type === 'dayPeriod')?.value ?? '');
    const am = [...new Set(['am', 'a', period(9)].filter(Boolean))];
    const pm = [...new Set(['pm', 'p', period(21)].filter(Boolean))];
    // Longest first: "am" before "a".
    words = { am: am.sort((a, b) => b.length - a.length), pm: pm.sort((a, b) => b.length - a.length) };
    periodWords.set(locale, words);
  }
  return words;
}

/**
 * A typed time as `HH:mm`, or null when it is not one. Accepts `18:00`, `18.30`, `18h30`,
 * `1830`, `18`, and 12-hour times with a period before or after (`6pm`, `6:30 p. m.`,
 * `12:00 am` → `00:00`, `下午6:30`), in ASCII or Arabic digits.
 */
export function parseTime(input: string, locale: string): string | null {
  const text = asciiDigits(input)
    .toLowerCase()
    .replace(/[\s\u00a0\u202f\u200e\u200f\u061c]/g, '');
  if (!text) return null;
  const digits = /\d[\d:.,h]*/.exec(text);
  if (!digits) return null;
  // What is around the digits can only be a period word ("pm", "a. m.", "下午").
  const around = squeeze(text.slice(0, digits.index) + text.slice(digits.index + digits[0].length));
  const { am, pm } = periodsOf(locale);
  const period = around === '' ? null : am.includes(around) ? 'am' : pm.includes(around) ? 'pm' : undefined;
  if (period === undefined) return null;

  const clock = digits[0].replace(/[.:,h]+$/, '');
  let hours: number;
  let minutes: number;
  const split = /^(\d{1,2})[:.,h](\d{2})$/.exec(clock);
  if (split) [hours, minutes] = [Number(split[1]), Number(split[2])];
  else if (/^\d{1,2}$/.test(clock)) [hours, minutes] = [Number(clock), 0];
  else if (/^\d{3,4}$/.test(clock)) [hours, minutes] = [Number(clock.slice(0, -2)), Number(clock.slice(-2))];
  else return null;
  if (minutes > 59) return null;
  if (period) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (period === 'pm' ? 12 : 0);
  } else if (hours > 23) return null;
  return `${two(hours)}:${two(minutes)}`;
}

/** Every half hour of a day, `00:00` … `23:30`: the times offered to choose from. */
export const halfHours: readonly string[] = Array.from({ length: 48 }, (_, i) => timeOfMinutes(i * 30));
