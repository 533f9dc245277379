import { useLiveQuery } from 'dexie-react-hooks';
import { occurrencesBetween, type Occurrence } from '../../../contract/eventRecurrence';
import type { EventCategory } from '../../../contract/events';
import { monthsTouched, type DayText } from '../../../contract/eventTime';
import type { EventsDb, LocalEvent } from './eventsDb';
import { useEventsDb } from './useEventsDb';

/** One occurrence of an event, with its event: what the calendar screens draw. */
export interface EventOccurrence extends Occurrence {
  event: LocalEvent;
  /** Unique within a range: the event's id and the day it starts. */
  key: string;
}

/** What the calendar shows: kinds of event, and the sections they are for (empty: all). */
export interface EventFilter {
  categories?: readonly EventCategory[];
  /** Only events for one of these sections, or for the whole college or staff. */
  sectionIds?: readonly string[];
}

export function matchesFilter(event: LocalEvent, filter: EventFilter): boolean {
  if (filter.categories && filter.categories.length > 0 && !filter.categories.includes(event.category)) return false;
  if (filter.sectionIds && filter.sectionIds.length > 0) {
    if (event.scope === 'college' || event.scope === 'staff') return true;
    if (!event.section_ids.some((id) => filter.sectionIds!.includes(id))) return false;
  }
  return true;
}

/**
 * The stored events that touch the days `from`…`to`: the months index, read one month at a
 * time (each a single getAll; `anyOf().distinct()` walks a cursor, a round trip per row,
 * several times slower for a month grid of a busy college). An event of several months is
 * under each: kept once.
 */
export async function eventsTouching(db: EventsDb, from: DayText, to: DayText): Promise<LocalEvent[]> {
  const months = await Promise.all(monthsTouched(from, to).map((month) => db.events.where('_months').equals(month).toArray()));
  const byId = new Map<string, LocalEvent>();
  for (const rows of months) for (const row of rows) byId.set(row.id, row);
  return [...byId.values()];
}

/**
 * Every occurrence of a repeating event (at most 500), kept by what decides them: the rows
 * a month grid reads are read again on the next month, and expanding a rule (rrule) is the
 * costly part of drawing a month. Bounded: cleared when it grows past a few thousand.
 */
const expansions = new Map<string, Occurrence[]>();
const mostExpansions = 5000;

function occurrencesOf(event: LocalEvent, from: DayText, to: DayText): Occurrence[] {
  if (!event.repeat) {
    // A single event is its one occurrence, as written (what occurrencesBetween makes of it, without parsing dates).
    const [firstDay, lastDay] = [event.start.slice(0, 10), event.end.slice(0, 10)];
    return lastDay < from || firstDay > to ? [] : [{ start: event.start, end: event.end, day: firstDay, firstDay, lastDay }];
  }
  const key = JSON.stringify([event.id, event.start, event.end, event.all_day, event.repeat, event.exceptions]);
  let all = expansions.get(key);
  if (!all) {
    if (expansions.size >= mostExpansions) expansions.clear();
    all = occurrencesBetween(event, event.start.slice(0, 10), event._last);
    expansions.set(key, all);
  }
  return all.filter((occurrence) => occurrence.lastDay >= from && occurrence.firstDay <= to);
}

/**
 * The occurrences of `events` in `from`…`to`, by start (all-day ones first on their day),
 * then name.
 */
export function occurrencesIn(events: readonly LocalEvent[], from: DayText, to: DayText, filter: EventFilter = {}): EventOccurrence[] {
  const list: EventOccurrence[] = [];
  for (const event of events) {
    if (event._last < from || event.start.slice(0, 10) > to || !matchesFilter(event, filter)) continue;
    for (const occurrence of occurrencesOf(event, from, to)) list.push({ ...occurrence, event, key: `${event.id}:${occurrence.day}` });
  }
  return list.sort(
    (a, b) =>
      a.firstDay.localeCompare(b.firstDay) ||
      Number(b.event.all_day) - Number(a.event.all_day) ||
      a.start.localeCompare(b.start) ||
      a.event.name.localeCompare(b.event.name),
  );
}

/**
 * The last answers of recent reads, by database, range and filter (a few): a calendar that
 * mounts again (back to it from another screen) draws at once from the last answer, while
 * its live query reads afresh (a first read of a busy month is the costly part: rows from
 * IndexedDB, rules expanded).
 */
const recentAnswers = new Map<string, EventOccurrence[]>();
const mostAnswers = 8;

const answerKey = (db: EventsDb, from: DayText, to: DayText, filterKey: string) => `${db.name}\u0000${from}\u0000${to}\u0000${filterKey}`;

async function readOccurrences(db: EventsDb, from: DayText, to: DayText, filter: EventFilter, filterKey: string): Promise<EventOccurrence[]> {
  const list = occurrencesIn(await eventsTouching(db, from, to), from, to, filter);
  const key = answerKey(db, from, to, filterKey);
  recentAnswers.delete(key);
  recentAnswers.set(key, list);
  if (recentAnswers.size > mostAnswers) recentAnswers.delete(recentAnswers.keys().next().value!);
  return list;
}

/**
 * Live: the occurrences in `from`…`to`. Undefined while the first read runs, unless an
 * answer for the same range is kept (recentAnswers): then that, until the read answers.
 * Not `enabled`: no read, undefined (a view not built yet).
 */
export function useOccurrences(from: DayText, to: DayText, filter: EventFilter = {}, enabled = true): EventOccurrence[] | undefined {
  const db = useEventsDb();
  const key = JSON.stringify(filter);
  return useLiveQuery(
    () => (enabled ? readOccurrences(db, from, to, filter, key) : undefined),
    [db, from, to, key, enabled],
    enabled ? recentAnswers.get(answerKey(db, from, to, key)) : undefined,
  );
}

/** Live: one stored event (null when it is not, or no longer, on this device; undefined while reading). */
export function useEvent(id: string | null): LocalEvent | null | undefined {
  const db = useEventsDb();
  return useLiveQuery(async () => (id ? ((await db.events.get(id)) ?? null) : null), [db, id]);
}
