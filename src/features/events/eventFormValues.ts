import type { AudienceScope } from '../../../contract/audienceScopes';
import { audienceScopes } from '../../../contract/audienceScopes';
import { eventCategories, type EventCategory } from '../../../contract/events';
import { addDays, daysBetween, floating, isDay, isWall, wallIn, wallOfFloating } from '../../../contract/eventTime';
import { audienceToSend, type AudienceChoice } from '../../audience/audienceChoice';
import type { EventFormInput } from './validateEvent';

/**
 * What the event form holds while someone types. Start and end are kept as a day and a
 * time each (the times stay while "All day" hides them, so switching back restores them),
 * and both ends of a repetition are kept while one is chosen.
 */
export interface EventFormValues extends AudienceChoice {
  name: string;
  /** The editor's HTML; sanitised when the form is sent. */
  description: string;
  location: string;
  category: EventCategory | '';
  all_day: boolean;
  startDay: string;
  /** `HH:mm`, or '' when what was typed is not a time. */
  startTime: string;
  /** For an all-day event its last day (inclusive). */
  endDay: string;
  endTime: string;
  repeat: 'none' | 'weekly' | 'monthly';
  repeatEnd: 'until' | 'count';
  until: string;
  /** As typed; the schema says what is wrong with it. */
  count: string;
  /** Cancelled dates of a repeating event: kept as they are (the details screen edits them). */
  exceptions: string[];
  calendar_sync: boolean;
}

const hour = 3_600_000;

/** The wall time `span` milliseconds after `wall` (floating: every day has 24 hours). */
const after = (wall: string, span: number) => wallOfFloating(new Date(floating(wall).getTime() + span));

/** How far ahead a repetition ends by default: about three months. */
const defaultRepeatDays = 91;

/** Where a day the calendar asked for starts. */
const morning = '09:00';

/**
 * A new event: at the next full hour in the college's zone, for one hour (as calendar apps
 * do), or at 09:00 on `day` when the calendar asked for another day.
 */
export function emptyEventValues(now: Date, timeZone: string, day?: string | null): EventFormValues {
  const wall = wallIn(now, timeZone);
  const nextHour = after(`${wall.slice(0, 13)}:00`, hour);
  const start = day && isDay(day) && day !== wall.slice(0, 10) ? `${day}T${morning}` : nextHour;
  const end = after(start, hour);
  return {
    name: '',
    description: '',
    location: '',
    category: '',
    all_day: false,
    startDay: start.slice(0, 10),
    startTime: start.slice(11),
    endDay: end.slice(0, 10),
    endTime: end.slice(11),
    repeat: 'none',
    repeatEnd: 'until',
    until: addDays(start.slice(0, 10), defaultRepeatDays),
    count: '10',
    exceptions: [],
    calendar_sync: true,
    course_ids: [],
    grade_ids: [],
    section_ids: [],
    scope: 'everyone',
  };
}

/** The start and end as the contract writes them (`YYYY-MM-DD` or `YYYY-MM-DDTHH:mm`). */
export const startOf = (v: EventFormValues) => (v.all_day ? v.startDay : `${v.startDay}T${v.startTime}`);
export const endOf = (v: EventFormValues) => (v.all_day ? v.endDay : `${v.endDay}T${v.endTime}`);

/**
 * A new start, with the end moved to keep the event's length (a common calendar
 * behaviour): a one-hour meeting moved to 15:00 ends at 16:00.
 */
export function withStart(values: EventFormValues, patch: Pick<Partial<EventFormValues>, 'startDay' | 'startTime'>): EventFormValues {
  const next = { ...values, ...patch };
  const [start, end, moved] = [startOf(values), endOf(values), startOf(next)];
  if (values.all_day) {
    if (isDay(start) && isDay(end) && isDay(moved)) next.endDay = addDays(moved, daysBetween(start, end));
  } else if (isWall(start) && isWall(end) && isWall(moved)) {
    const span = floating(end).getTime() - floating(start).getTime();
    const newEnd = after(moved, span > 0 ? span : hour);
    [next.endDay, next.endTime] = [newEnd.slice(0, 10), newEnd.slice(11)];
  }
  return next;
}

/**
 * "All day" on or off. On: the days stay (an event ending at midnight ends the day before).
 * Off: the times it had come back, or 09:00–10:00 when it never had any.
 */
export function withAllDay(values: EventFormValues, allDay: boolean): EventFormValues {
  if (allDay === values.all_day) return values;
  if (allDay) {
    const endsAtMidnight = values.endTime === '00:00' && values.endDay > values.startDay;
    return { ...values, all_day: true, endDay: endsAtMidnight ? addDays(values.endDay, -1) : values.endDay };
  }
  const next = { ...values, all_day: false, startTime: values.startTime || morning, endTime: values.endTime || after(`2000-01-01T${morning}`, hour).slice(11) };
  const [start, end] = [startOf(next), endOf(next)];
  if (isWall(start) && isWall(end) && end <= start) {
    const newEnd = after(start, hour);
    [next.endDay, next.endTime] = [newEnd.slice(0, 10), newEnd.slice(11)];
  }
  return next;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const strings = (value: unknown): string[] | undefined => (Array.isArray(value) ? value.filter(isString) : undefined);

/** A contract time split into the form's day and time (`2026-09-18T18:00` → both; a day → no time). */
function split(value: unknown): [string, string] | null {
  if (!isString(value)) return null;
  if (isWall(value)) return [value.slice(0, 10), value.slice(11)];
  if (isDay(value)) return [value, ''];
  return null;
}

/**
 * Form values from an event or from a refused mutation's args (which may be invalid; that
 * is why they were refused): each field is taken when it has the right type.
 */
export function valuesFrom(source: unknown, fallback: EventFormValues): EventFormValues {
  if (typeof source !== 'object' || source === null) return fallback;
  const s = source as Record<string, unknown>;
  const allDay = typeof s.all_day === 'boolean' ? s.all_day : fallback.all_day;
  const [startDay, startTime] = split(s.start) ?? [fallback.startDay, fallback.startTime];
  const [endDay, endTime] = split(s.end) ?? [fallback.endDay, fallback.endTime];
  const repeat = typeof s.repeat === 'object' && s.repeat !== null ? (s.repeat as Record<string, unknown>) : null;
  const freq = repeat?.freq === 'weekly' || repeat?.freq === 'monthly' ? repeat.freq : null;
  return {
    name: isString(s.name) ? s.name : fallback.name,
    description: isString(s.description) ? s.description : fallback.description,
    location: isString(s.location) ? s.location : fallback.location,
    category: eventCategories.find((category) => category === s.category) ?? fallback.category,
    all_day: allDay,
    startDay,
    // An all-day event has no times: the new-event ones wait for "All day" to be switched off.
    startTime: startTime || (allDay ? '' : fallback.startTime),
    endDay,
    endTime: endTime || (allDay ? '' : fallback.endTime),
    repeat: 'repeat' in s ? (freq ?? 'none') : fallback.repeat,
    repeatEnd: typeof repeat?.count === 'number' ? 'count' : repeat && isString(repeat.until) ? 'until' : fallback.repeatEnd,
    until: repeat && isString(repeat.until) ? repeat.until : startDay ? addDays(startDay, defaultRepeatDays) : fallback.until,
    count: typeof repeat?.count === 'number' ? String(repeat.count) : fallback.count,
    exceptions: strings(s.exceptions) ?? fallback.exceptions,
    calendar_sync: typeof s.calendar_sync === 'boolean' ? s.calendar_sync : fallback.calendar_sync,
    course_ids: strings(s.course_ids) ?? fallback.course_ids,
    grade_ids: strings(s.grade_ids) ?? fallback.grade_ids,
    section_ids: strings(s.section_ids) ?? fallback.section_ids,
    scope: audienceScopes.find((scope): scope is AudienceScope => scope === s.scope) ?? fallback.scope,
  };
}

/** A typed number of times, or 0 (which the schema refuses with its message) when it is not one. */
const countOf = (text: string) => (/^\s*\d{1,4}\s*$/.test(text) ? Number(text) : 0);

/**
 * The input of `eventFields` validation (the same schema the server applies). The whole
 * school and staff-only audiences name no sections (the form keeps them, should the person
 * switch back); the description is passed in sanitised.
 */
export function toFieldsInput(values: EventFormValues, description: string): EventFormInput {
  const { course_ids, grade_ids, section_ids, scope } = audienceToSend(values);
  return {
    name: values.name,
    description,
    location: values.location,
    // Not chosen yet: the schema's own message asks for it.
    category: values.category as EventCategory,
    all_day: values.all_day,
    start: startOf(values),
    end: endOf(values),
    repeat:
      values.repeat === 'none' ? null : { freq: values.repeat, ...(values.repeatEnd === 'until' ? { until: values.until } : { count: countOf(values.count) }) },
    exceptions: values.exceptions,
    calendar_sync: values.calendar_sync,
    course_ids,
    grade_ids,
    section_ids,
    scope,
  };
}
