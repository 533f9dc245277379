import { eventCategories, type EventCategory } from '../../../contract/events';
import { isDay, type DayText } from '../../../contract/eventTime';

/**
 * The calendar's state in its address (`/events?view=month&month=2026-11&cat=exam`), so a
 * reload or a shared link shows the same: the view, the month of the grid, the filters and
 * the event whose details are open (`event=<id>`, with `day=` for one date of a repeating one).
 */
export type CalendarView = 'agenda' | 'month';

export type AudienceLevel = 'course' | 'grade' | 'section';
export const audienceLevels: readonly AudienceLevel[] = ['course', 'grade', 'section'];

export interface CalendarParams {
  view: CalendarView;
  /** `YYYY-MM`, or null for the current month. */
  month: string | null;
  eventId: string | null;
  day: DayText | null;
  categories: EventCategory[];
  /** One course, grade or section (staff and administrators), or null for everyone. */
  audience: { level: AudienceLevel; id: string } | null;
}

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
export const isMonth = (value: string): boolean => monthPattern.test(value);

export function readCalendarParams(params: URLSearchParams): CalendarParams {
  const month = params.get('month');
  const day = params.get('day');
  const categories = (params.get('cat') ?? '').split(',').filter((value): value is EventCategory => (eventCategories as readonly string[]).includes(value));
  const level = audienceLevels.find((candidate) => params.get(candidate));
  return {
    view: params.get('view') === 'month' ? 'month' : 'agenda',
    month: month && isMonth(month) ? month : null,
    eventId: params.get('event') || null,
    day: day && isDay(day) ? day : null,
    categories: [...new Set(categories)],
    audience: level ? { level, id: params.get(level)! } : null,
  };
}

/** The address's query with some parameters changed (null removes one), as `?…` (or '' when empty). */
export function withParams(params: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(name);
    else next.set(name, value);
  }
  const query = next.toString();
  return query ? `?${query}` : '';
}

/** The changes that choose one audience (or none): the other levels are removed. */
export function audienceChanges(audience: CalendarParams['audience']): Record<string, string | null> {
  return Object.fromEntries(audienceLevels.map((level) => [level, audience?.level === level ? audience.id : null]));
}

/** The link that opens an occurrence's details over the calendar, keeping the rest of the state. */
export function detailsQuery(params: URLSearchParams, eventId: string, day: DayText | null): string {
  return withParams(params, { event: eventId, day });
}
