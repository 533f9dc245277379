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

/** The stored events that touch the days `from`…`to`: one read of the months index. */
export function eventsTouching(db: EventsDb, from: DayText, to: DayText): Promise<LocalEvent[]> {
  return db.events.where('_months').anyOf(monthsTouched(from, to)).distinct().toArray();
}

/**
 * The occurrences of `events` in `from`…`to`, by start (all-day ones first on their day),
 * then name.
 */
export function occurrencesIn(events: readonly LocalEvent[], from: DayText, to: DayText, filter: EventFilter = {}): EventOccurrence[] {
  const list: EventOccurrence[] = [];
  for (const event of events) {
    if (event._last < from || event.start.slice(0, 10) > to || !matchesFilter(event, filter)) continue;
    for (const occurrence of occurrencesBetween(event, from, to)) list.push({ ...occurrence, event, key: `${event.id}:${occurrence.day}` });
  }
  return list.sort(
    (a, b) =>
      a.firstDay.localeCompare(b.firstDay) ||
      Number(b.event.all_day) - Number(a.event.all_day) ||
      a.start.localeCompare(b.start) ||
      a.event.name.localeCompare(b.event.name),
  );
}

/** Live: the occurrences in `from`…`to` (undefined while the first read runs). */
export function useOccurrences(from: DayText, to: DayText, filter: EventFilter = {}): EventOccurrence[] | undefined {
  const db = useEventsDb();
  const key = JSON.stringify(filter);
  return useLiveQuery(async () => occurrencesIn(await eventsTouching(db, from, to), from, to, filter), [db, from, to, key]);
}

/** Live: one stored event (null when it is not, or no longer, on this device; undefined while reading). */
export function useEvent(id: string | null): LocalEvent | null | undefined {
  const db = useEventsDb();
  return useLiveQuery(async () => (id ? ((await db.events.get(id)) ?? null) : null), [db, id]);
}
