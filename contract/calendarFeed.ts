import { z } from './zod';

/**
 * A member's private calendar feed (`/api/v1/calendar/feed`): one address per member that a
 * calendar app subscribes to, listing the events they may see. The address is the secret:
 * whoever holds it reads that calendar, and nothing else.
 */
export const calendarFeed = z.object({
  /** `https://<host>/api/v1/calendar/<token>.ics` (the request's protocol: http in development). */
  https: z.string(),
  /** The same address as `webcal://`, which opens the device's calendar app to subscribe. */
  webcal: z.string(),
  created_at: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeed>;

/** `GET`, `POST /api/v1/calendar/feed`: the member's feed, or null when they have none. */
export const calendarFeedResponse = z.object({ feed: calendarFeed.nullable() });
export type CalendarFeedResponse = z.infer<typeof calendarFeedResponse>;

/** The path of a feed's file (`GET`, public: calendar apps cannot sign in). */
export const calendarFeedPath = (token: string): string => `/api/v1/calendar/${token}.ics`;
