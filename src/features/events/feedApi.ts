import { calendarFeedResponse, type CalendarFeed } from '../../../contract/calendarFeed';
import { requestJson, requestVoid } from '../../api/client';

export type { CalendarFeed };

/** The member's calendar feed (an iCalendar address their calendar app subscribes to): `/api/v1/calendar/feed`. */
const path = 'api/v1/calendar/feed';
const parseReply = (data: unknown) => calendarFeedResponse.parse(data).feed;

/** The member's feed, or null when they have none. */
export function fetchCalendarFeed(signal?: AbortSignal): Promise<CalendarFeed | null> {
  return requestJson('get', path, parseReply, undefined, signal);
}

/** Makes the member's feed, or a new address for it (the old one stops working). */
export function createCalendarFeed(): Promise<CalendarFeed | null> {
  return requestJson('post', path, parseReply);
}

/** Turns the feed off: its address stops working. */
export function deleteCalendarFeed(): Promise<void> {
  return requestVoid('delete', path);
}
