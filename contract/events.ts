import { z } from './zod';
import { attachmentList } from './attachments';
import { audienceFields, audienceScopes, requireSections } from './audience';
import { longestEventDays, longestRepeatDays, mostOccurrences } from './eventRecurrence';
import { daysBetween, floating, isDay, isWall } from './eventTime';
import { messages } from './messages';
import { text } from './text';

/**
 * Events of the school calendar (the original app's name, description, location, start and end, the
 * "calendar sync" option), synced like posts. Times are wall-clock times in the event's
 * zone (./eventTime.ts); a repetition is weekly or monthly and ends on a date or after a
 * number of times (./eventRecurrence.ts). One schema for the form, the push mutations and
 * REST alike.
 */

/**
 * What kind of event it is: colours the calendar and filters it. The original app did not
 * show event categories; a school's calendar has these (docs/decisions.md).
 */
export const eventCategories = ['activity', 'meeting', 'exam', 'holiday', 'sports', 'culture'] as const;
export type EventCategory = (typeof eventCategories)[number];

export const eventRepeat = z.object({
  freq: z.enum(['weekly', 'monthly']),
  /** The last day an occurrence may start (inclusive). */
  until: z.string().max(10).optional(),
  count: z.number().int().optional(),
});
export type EventRepeat = z.infer<typeof eventRepeat>;

/** An event as synced to devices and answered by `GET /api/v1/events/{id}`. */
export const event = z.object({
  id: z.string(),
  college_id: z.string(),
  name: z.string(),
  /** Sanitised HTML (the posts' allow-list), possibly empty. */
  description: z.string(),
  location: z.string(),
  category: z.enum(eventCategories),
  all_day: z.boolean(),
  /** `YYYY-MM-DD` when all-day, else `YYYY-MM-DDTHH:mm` in `time_zone`. */
  start: z.string(),
  /** Like `start`; an all-day event's last day (inclusive). */
  end: z.string(),
  /** IANA zone of the wall times: the college's when the event was created. */
  time_zone: z.string(),
  repeat: eventRepeat.nullable(),
  /** Start days of cancelled occurrences. */
  exceptions: z.array(z.string()),
  /** Listed in calendar feeds (the original app's "sync with a calendar" option). */
  calendar_sync: z.boolean(),
  course_ids: z.array(z.string()),
  grade_ids: z.array(z.string()),
  section_ids: z.array(z.string()),
  scope: z.enum(audienceScopes),
  /** RFC 5545 `SEQUENCE`: bumped by every change, so calendar apps take the new version. */
  sequence: z.number().int(),
  author_id: z.string(),
  author_name: z.string(),
  /** Its files, listed under the description (contract/attachments.ts). */
  attachments: attachmentList,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Event = z.infer<typeof event>;

type TimeFields = Pick<Event, 'all_day' | 'start' | 'end' | 'repeat' | 'exceptions'>;

/**
 * The checks across fields: start and end in the form `all_day` says, the end not before
 * the start, at most a year long, and a repetition that ends (on a day after the start
 * within two years, or after 2 to 500 times). Every message at once, on its field.
 */
export function checkEventTimes(value: TimeFields, ctx: z.RefinementCtx): void {
  const valid = value.all_day ? isDay : isWall;
  const startOk = valid(value.start);
  const endOk = valid(value.end);
  if (!startOk) ctx.addIssue({ code: 'custom', path: ['start'], message: messages.eventStartInvalid });
  if (!endOk) ctx.addIssue({ code: 'custom', path: ['end'], message: messages.eventEndInvalid });
  if (startOk && endOk) {
    const order = floating(value.end).getTime() - floating(value.start).getTime();
    if (value.all_day ? order < 0 : order <= 0) ctx.addIssue({ code: 'custom', path: ['end'], message: messages.eventEndBeforeStart });
    else if (daysBetween(value.start.slice(0, 10), value.end.slice(0, 10)) > longestEventDays)
      ctx.addIssue({ code: 'custom', path: ['end'], message: messages.eventTooLong });
  }
  const repeat = value.repeat;
  if (repeat) {
    if ((repeat.until === undefined) === (repeat.count === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['repeat'], message: messages.eventRepeatEnd });
    } else if (repeat.count !== undefined && (repeat.count < 2 || repeat.count > mostOccurrences)) {
      ctx.addIssue({ code: 'custom', path: ['repeat', 'count'], message: messages.eventRepeatCount });
    } else if (repeat.until !== undefined) {
      const days = startOk && isDay(repeat.until) ? daysBetween(value.start.slice(0, 10), repeat.until) : -1;
      if (days < 0 || days > longestRepeatDays) ctx.addIssue({ code: 'custom', path: ['repeat', 'until'], message: messages.eventRepeatUntil });
    }
  }
  value.exceptions.forEach((day, i) => {
    if (!isDay(day)) ctx.addIssue({ code: 'custom', path: ['exceptions', i], message: messages.dateInvalid });
  });
}

const eventFieldsShape = z.object({
  name: text({ max: 200, trim: true, error: messages.eventNameRequired }).min(1, { error: messages.eventNameRequired }),
  description: text({ max: 100_000 }).default(''),
  location: text({ max: 300, trim: true }).default(''),
  category: z.enum(eventCategories, { error: messages.eventCategoryInvalid }),
  all_day: z.boolean({ error: messages.required }),
  start: z.string({ error: messages.eventStartInvalid }).max(16, { error: messages.eventStartInvalid }),
  end: z.string({ error: messages.eventEndInvalid }).max(16, { error: messages.eventEndInvalid }),
  repeat: eventRepeat.nullable().default(null),
  exceptions: z.array(z.string().max(10)).max(mostOccurrences).default([]),
  calendar_sync: z.boolean().default(true),
  ...audienceFields.shape,
});

const refined = <T extends z.ZodType<z.infer<typeof eventFieldsShape>>>(schema: T) =>
  schema.superRefine((value, ctx) => {
    requireSections(value, ctx);
    checkEventTimes(value, ctx);
  });

/** The fields a person writes; shared by create and update. */
export const eventFields = refined(eventFieldsShape);
export type EventFields = z.infer<typeof eventFields>;
export type EventFieldsInput = z.input<typeof eventFields>;

/** Mutation `events.create`: the id is a UUIDv7 made by the device. */
export const createEventArgs = refined(eventFieldsShape.extend({ id: z.uuid() }));
export type CreateEventArgs = z.infer<typeof createEventArgs>;

/** Mutation `events.update` and `PUT /api/v1/events/{id}`. */
export const updateEventArgs = refined(eventFieldsShape.extend({ id: z.uuid() }));
export type UpdateEventArgs = z.infer<typeof updateEventArgs>;

/** Mutation `events.delete` and `DELETE /api/v1/events/{id}`. */
export const deleteEventArgs = z.object({ id: z.uuid() });

/**
 * `events.view`: the member opened the event's details (a background mutation, like a post's
 * view): counted as seen in the event's delivery report, once.
 */
export const viewEventArgs = z.object({ event_id: z.uuid() });

export const eventMutations = {
  'events.create': createEventArgs,
  'events.update': updateEventArgs,
  'events.delete': deleteEventArgs,
  'events.view': viewEventArgs,
} as const;
export type EventMutationName = keyof typeof eventMutations;

/** `POST /api/v1/events`: like `events.create`; without an id the server makes one. */
export const restCreateEventBody = refined(eventFieldsShape.extend({ id: z.uuid().optional() }));

const day = z.string().refine(isDay, { error: messages.dateInvalid });

/**
 * `GET /api/v1/events`: the visible events that touch the days `from`…`to` (at most 400
 * days; by default the next 90), by start.
 */
export const eventListQuery = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((q) => !q.from || !q.to || (q.from <= q.to && daysBetween(q.from, q.to) <= 400), {
    error: messages.eventRangeInvalid,
    path: ['to'],
  });
export type EventListQuery = z.infer<typeof eventListQuery>;

export const eventListResponse = z.object({ data: z.array(event) });
export type EventListResponse = z.infer<typeof eventListResponse>;
