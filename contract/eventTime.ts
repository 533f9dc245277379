/**
 * Event times without zod (the calendar screens read these; the schemas are in ./events.ts).
 *
 * An event's times are wall-clock times in the college's time zone, as people say them
 * ("Tuesday at 18:00"), with the zone beside them: a weekly event stays at 18:00 across a
 * daylight-saving change, as RFC 5545 wants of `DTSTART;TZID=…` with an `RRULE`. An
 * all-day event has dates only (`2026-09-18`), its end being its last day (inclusive).
 * Instants are made from these only where one is needed: the device's own zone, the REST
 * list's ordering, the calendar feed's `DTSTAMP`.
 */
import { TZDate } from '@date-fns/tz';

/** `YYYY-MM-DD`. */
export type DayText = string;
/** `YYYY-MM-DDTHH:mm`: a wall-clock time in the event's zone. */
export type WallText = string;
/** A `DayText` (all-day events) or a `WallText`. */
export type TimeText = string;

export const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
export const wallPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The date's parts when it is a real day of the calendar (no 30 February). */
export function dayParts(day: string): [number, number, number] | null {
  const m = dayPattern.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1900 || y > 2999 || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return [y, mo, d];
}

export const isDay = (value: string): boolean => dayParts(value) !== null;

export function isWall(value: string): boolean {
  const m = wallPattern.exec(value);
  return m !== null && dayParts(value.slice(0, 10)) !== null && Number(m[4]) < 24 && Number(m[5]) < 60;
}

/**
 * A wall time (or a day, at its midnight) as a "floating" instant: its parts read as UTC.
 * Recurrence and calendar arithmetic happen here, where every day has 24 hours.
 */
export function floating(value: TimeText): Date {
  const [y, mo, d] = dayParts(value.slice(0, 10)) ?? [1970, 1, 1];
  const hh = value.length > 10 ? Number(value.slice(11, 13)) : 0;
  const mm = value.length > 10 ? Number(value.slice(14, 16)) : 0;
  return new Date(Date.UTC(y, mo - 1, d, hh, mm));
}

const two = (n: number) => String(n).padStart(2, '0');

export function dayOfFloating(date: Date): DayText {
  return `${date.getUTCFullYear()}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}`;
}

export function wallOfFloating(date: Date): WallText {
  return `${dayOfFloating(date)}T${two(date.getUTCHours())}:${two(date.getUTCMinutes())}`;
}

export function addDays(day: DayText, days: number): DayText {
  return dayOfFloating(new Date(floating(day).getTime() + days * 86_400_000));
}

/** The whole days from `a` to `b` (negative when `b` is earlier). */
export function daysBetween(a: DayText, b: DayText): number {
  return Math.round((floating(b).getTime() - floating(a).getTime()) / 86_400_000);
}

/**
 * The instant a wall time (or a day's midnight) of `timeZone` names. A time skipped by a
 * daylight-saving change (00:00–00:59 of the first Sunday of September in Santiago) is read
 * as the instant after the gap, as calendar apps do.
 */
export function instantOf(value: TimeText, timeZone: string): Date {
  const f = floating(value);
  try {
    return new Date(new TZDate(f.getUTCFullYear(), f.getUTCMonth(), f.getUTCDate(), f.getUTCHours(), f.getUTCMinutes(), timeZone).getTime());
  } catch {
    // An unknown zone (a device without its data): UTC rather than nothing.
    return f;
  }
}

/** The wall time of `instant` in `timeZone` (`YYYY-MM-DDTHH:mm`). */
export function wallIn(instant: Date, timeZone: string): WallText {
  try {
    const z = new TZDate(instant.getTime(), timeZone);
    return `${z.getFullYear()}-${two(z.getMonth() + 1)}-${two(z.getDate())}T${two(z.getHours())}:${two(z.getMinutes())}`;
  } catch {
    return wallOfFloating(instant);
  }
}

/** The day `instant` falls on in `timeZone`. */
export const dayIn = (instant: Date, timeZone: string): DayText => wallIn(instant, timeZone).slice(0, 10);

/** Whether `timeZone` is one this runtime knows (the IANA database). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** ISO weekday, Monday 1 … Sunday 7 (weeks start on Monday, as in the original app). */
export function isoWeekday(day: DayText): number {
  const w = floating(day).getUTCDay();
  return w === 0 ? 7 : w;
}

/** `YYYY-MM` of a day. */
export const monthOf = (day: DayText): string => day.slice(0, 7);

/** The months a span of days touches, in order (`['2026-11', '2026-12']`). */
export function monthsTouched(first: DayText, last: DayText): string[] {
  const months: string[] = [];
  let [y, m] = [Number(first.slice(0, 4)), Number(first.slice(5, 7))];
  const [ly, lm] = [Number(last.slice(0, 4)), Number(last.slice(5, 7))];
  while (y < ly || (y === ly && m <= lm)) {
    months.push(`${y}-${two(m)}`);
    if (++m > 12) [y, m] = [y + 1, 1];
  }
  return months;
}
