import { z } from '../../../contract/zod';
import { requestJson, requestVoid } from '../../api/client';

/**
 * The member's calendar feed (an iCalendar address their calendar app subscribes to). The
 * shapes are the server's (`/api/v1/calendar/feed`); defined here until the contract has them.
 */
export const calendarFeed = z.object({
  https: z.string(),
  webcal: z.string(),
  created_at: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeed>;

export const calendarFeedReply = z.object({ feed: calendarFeed.nullable() });

const path = 'api/v1/calendar/feed';
const parseReply = (data: unknown) => calendarFeedReply.parse(data).feed;

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
