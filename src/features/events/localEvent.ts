import { lastDayOf } from '../../../contract/eventRecurrence';
import type { Event } from '../../../contract/events';
import { monthsTouched } from '../../../contract/eventTime';
import type { LocalEvent } from './eventsDb';

/** The row as stored locally: the server's, with the days the calendar reads it by (eventsDb.ts). */
export function toLocalEvent(event: Event): LocalEvent {
  const last = lastDayOf(event);
  return { ...event, _months: monthsTouched(event.start.slice(0, 10), last), _last: last };
}
