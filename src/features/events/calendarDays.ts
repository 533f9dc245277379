import { addDays, daysBetween, isoWeekday, type DayText } from '../../../contract/eventTime';
import type { EventOccurrence } from './eventQueries';

/** Day arithmetic of the calendar screens: month grids, agenda days. Pure, on `YYYY-MM-DD` texts. */

const two = (n: number) => String(n).padStart(2, '0');

/** The month `count` months after `month` (`YYYY-MM`; negative goes back). */
export function shiftMonth(month: string, count: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + count;
  return `${Math.floor(index / 12)}-${two((index % 12) + 1)}`;
}

export const firstOfMonth = (month: string): DayText => `${month}-01`;
export const lastOfMonth = (month: string): DayText => addDays(firstOfMonth(shiftMonth(month, 1)), -1);

/**
 * The days a month's grid shows: whole weeks from Monday to Sunday (as in the original app), from the week
 * of its first day to the week of its last: 35 or 42 days (28 for a February that starts on
 * a Monday in a common year).
 */
export function monthGridDays(month: string): DayText[] {
  const first = firstOfMonth(month);
  const last = lastOfMonth(month);
  const start = addDays(first, 1 - isoWeekday(first));
  const end = addDays(last, 7 - isoWeekday(last));
  const count = daysBetween(start, end) + 1;
  return Array.from({ length: count }, (_, i) => addDays(start, i));
}

/**
 * The occurrences on each of `days` (consecutive), aligned with them: an event of several
 * days is on each of its days. One pass over the list; the index of a day is arithmetic.
 */
export function occurrencesByDay(list: readonly EventOccurrence[], days: readonly DayText[]): EventOccurrence[][] {
  const slots: EventOccurrence[][] = days.map(() => []);
  const [first, last] = [days[0], days.at(-1)];
  if (first === undefined || last === undefined) return slots;
  const index = new Map(days.map((day, i) => [day, i]));
  for (const occurrence of list) {
    // Texts compare as dates: most of a wider read is outside the grid, and skipped without parsing.
    if (occurrence.lastDay < first || occurrence.firstDay > last) continue;
    const from = index.get(occurrence.firstDay) ?? 0;
    const to = index.get(occurrence.lastDay) ?? days.length - 1;
    for (let i = from; i <= to; i++) slots[i]!.push(occurrence);
  }
  return slots;
}

export interface AgendaDay {
  day: DayText;
  occurrences: EventOccurrence[];
}

/**
 * The agenda's days: each occurrence under the day it starts, or under `from` when it began
 * earlier and is still going on (a week of science seen on its Wednesday). Days without
 * events are left out. The list is in order (eventQueries.ts), so the days are too.
 */
export function agendaDays(list: readonly EventOccurrence[], from: DayText): AgendaDay[] {
  const days: AgendaDay[] = [];
  for (const occurrence of list) {
    const day = occurrence.firstDay < from ? from : occurrence.firstDay;
    const last = days.at(-1);
    if (last?.day === day) last.occurrences.push(occurrence);
    else days.push({ day, occurrences: [occurrence] });
  }
  return days;
}

/**
 * The days a month view reads: its grid's and the grids of the months either side, so the
 * previous or next month paints at once from what is already read (MonthView.tsx).
 */
export function monthWindow(month: string): [DayText, DayText] {
  return [monthGridDays(shiftMonth(month, -1))[0]!, monthGridDays(shiftMonth(month, 1)).at(-1)!];
}
