/**
 * Occurrences of an event: the one expansion of `repeat` the calendar screens, the REST
 * list and the tests share. RFC 5545 semantics by the `rrule` package, run on "floating"
 * wall times (./eventTime.ts): a weekly event at 18:00 stays at 18:00 on both sides of a
 * daylight-saving change, and a monthly event on the 31st skips the months without one.
 * Without zod: the screens load it.
 */
import * as rrulePackage from 'rrule';
import type { EventRepeat } from './events';
import { addDays, dayOfFloating, daysBetween, floating, instantOf, wallOfFloating, type DayText, type TimeText } from './eventTime';

// rrule ships CommonJS to Node (its exports under `default`) and an ES module to bundlers
// (named exports); read without naming `default`, which bundlers warn cannot exist.
const { RRule } = (Reflect.get(rrulePackage, 'default') as typeof rrulePackage | undefined) ?? rrulePackage;

/** What the expansion needs of an event (a stored row or a form's values). */
export interface Recurring {
  all_day: boolean;
  start: TimeText;
  end: TimeText;
  repeat: EventRepeat | null;
  /** Start days of occurrences that were cancelled (RFC 5545 `EXDATE`). */
  exceptions: readonly DayText[];
}

export interface Occurrence {
  /** Its start and end as the event writes them (days when all-day; the end inclusive). */
  start: TimeText;
  end: TimeText;
  /** The day it starts: the key of an exception, and of a deep link to it. */
  day: DayText;
  /** Its days, first to last: where it shows in a month grid. */
  firstDay: DayText;
  lastDay: DayText;
}

/** The longest an event may last (`end - start`), so a month's events are found by the months they touch. */
export const longestEventDays = 366;
/** A repetition ends: after at most this many times, or on a date at most this far after the start. */
export const mostOccurrences = 500;
export const longestRepeatDays = 2 * 366;

const rruleFrequency = (freq: EventRepeat['freq']) => (freq === 'weekly' ? RRule.WEEKLY : RRule.MONTHLY);

/** `FREQ=WEEKLY;UNTIL=…` as the rrule package reads it, on floating times. */
function ruleOf(event: Recurring, repeat: EventRepeat) {
  return new RRule({
    freq: rruleFrequency(repeat.freq),
    dtstart: floating(event.start),
    ...(repeat.count !== undefined ? { count: repeat.count } : {}),
    // Until the end of that day: an occurrence on the day itself is in.
    ...(repeat.until !== undefined ? { until: new Date(floating(repeat.until).getTime() + 86_399_000) } : {}),
  });
}

/** Every start of a repetition (floating times; at most `mostOccurrences`: every repetition ends). */
function startsOf(event: Recurring, repeat: EventRepeat): readonly Date[] {
  return ruleOf(event, repeat).all((_, i) => i < mostOccurrences);
}

/** The last day an occurrence covers (the months index of the local database). */
export function lastDayOf(event: Recurring): DayText {
  const length = daysBetween(event.start.slice(0, 10), event.end.slice(0, 10));
  if (!event.repeat) return event.end.slice(0, 10);
  const last = startsOf(event, event.repeat).at(-1);
  return addDays(last ? dayOfFloating(last) : event.start.slice(0, 10), length);
}

/**
 * The occurrences that touch the days `from`…`to` (inclusive), in order, without the
 * cancelled ones. A single event is its one occurrence.
 */
export function occurrencesBetween(event: Recurring, from: DayText, to: DayText): Occurrence[] {
  const startDay = event.start.slice(0, 10);
  const length = daysBetween(startDay, event.end.slice(0, 10));
  const span = floating(event.end).getTime() - floating(event.start).getTime();
  const starts = event.repeat ? startsOf(event, event.repeat) : [floating(event.start)];
  const skipped = new Set(event.exceptions);
  const occurrences: Occurrence[] = [];
  // Starts outside the days (by time, before any date text is made).
  const earliest = floating(from).getTime() - length * 86_400_000;
  const latest = floating(to).getTime() + 86_399_000;
  for (const begin of starts) {
    if (begin.getTime() < earliest || begin.getTime() > latest) continue;
    const day = dayOfFloating(begin);
    if (skipped.has(day)) continue;
    const lastDay = addDays(day, length);
    if (lastDay < from || day > to) continue;
    const end = new Date(begin.getTime() + span);
    occurrences.push({
      start: event.all_day ? day : wallOfFloating(begin),
      end: event.all_day ? lastDay : wallOfFloating(end),
      day,
      firstDay: day,
      lastDay,
    });
  }
  return occurrences;
}

/**
 * The RFC 5545 `RRULE` value of a repetition (`FREQ=WEEKLY;COUNT=10`), for calendar files.
 * `UNTIL` is a date for an all-day event and, for a timed one (whose `DTSTART` names its
 * zone), the UTC instant that ends that day there (RFC 5545 §3.3.10).
 */
export function rruleText(repeat: EventRepeat, allDay: boolean, timeZone: string): string {
  const parts = [`FREQ=${repeat.freq === 'weekly' ? 'WEEKLY' : 'MONTHLY'}`];
  if (repeat.count !== undefined) parts.push(`COUNT=${repeat.count}`);
  if (repeat.until !== undefined) {
    const until = allDay
      ? repeat.until.replace(/-/g, '')
      : instantOf(`${repeat.until}T23:59`, timeZone)
          .toISOString()
          .replace(/[-:]/g, '')
          .replace(/\.\d{3}/, '');
    parts.push(`UNTIL=${until}`);
  }
  return parts.join(';');
}
