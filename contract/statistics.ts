import { z } from './zod';
import { isDay } from './eventTime';
import { roles } from './permissions';

/**
 * The statistics screen (docs/features/statistics.md): most read posts, most downloaded documents, entries to
 * the app by hour of the day and over time ("ingresos": entries, not money), and active members by
 * role. Figures are computed by the server in SQL; the screen is online-only.
 *
 * Who sees what: administrators see the college's figures; staff see only the reads of
 * their own posts (`/statistics/posts`), and get 403 on the other endpoints.
 */

/** The longest period a query may ask for, in days (two years and a leap day). */
export const statisticsMaxDays = 731;
export const statisticsMaxLimit = 50;

const day = z.string().max(10).refine(isDay, { error: 'Expected a date as YYYY-MM-DD.' });

const dayNumber = (value: string): number => Date.UTC(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10))) / 86_400_000;

const ordered = (p: { from: string; to: string }) => dayNumber(p.to) >= dayNumber(p.from);
const short = (p: { from: string; to: string }) => dayNumber(p.to) - dayNumber(p.from) < statisticsMaxDays;
const periodShape = { from: day, to: day };

/** Days `from`–`to` (inclusive) in the college's time zone, at most two years. */
export const statisticsPeriod = z
  .object(periodShape)
  .refine(ordered, { error: '`to` must not be before `from`.', path: ['to'] })
  .refine(short, { error: 'The period is at most two years.', path: ['to'] });
export type StatisticsPeriod = z.infer<typeof statisticsPeriod>;

/** A top list's period and length. */
export const statisticsTopQuery = z
  .object({ ...periodShape, limit: z.coerce.number().int().min(1).max(statisticsMaxLimit).default(10) })
  .refine(ordered, { error: '`to` must not be before `from`.', path: ['to'] })
  .refine(short, { error: 'The period is at most two years.', path: ['to'] });
export type StatisticsTopQuery = z.infer<typeof statisticsTopQuery>;

export const statisticsBuckets = ['day', 'week', 'month'] as const;
export type StatisticsBucket = (typeof statisticsBuckets)[number];
export const statisticsTimelineQuery = z
  .object({ ...periodShape, bucket: z.enum(statisticsBuckets).default('day') })
  .refine(ordered, { error: '`to` must not be before `from`.', path: ['to'] })
  .refine(short, { error: 'The period is at most two years.', path: ['to'] });
export type StatisticsTimelineQuery = z.infer<typeof statisticsTimelineQuery>;

/** A post and its reads: members who first opened it in the period, and all its reads. */
export const topPost = z.object({
  id: z.string(),
  title: z.string(),
  author_name: z.string(),
  published_at: z.string(),
  views: z.number(),
  total_views: z.number(),
});
export type TopPost = z.infer<typeof topPost>;
export const topPostsResponse = z.object({ data: z.array(topPost) });

/** A document and its downloads: members who first downloaded it in the period, and all of them. */
export const topDocument = z.object({
  id: z.string(),
  title: z.string(),
  downloads: z.number(),
  total_downloads: z.number(),
});
export type TopDocument = z.infer<typeof topDocument>;
export const topDocumentsResponse = z.object({ data: z.array(topDocument) });

/** 24 rows, hour 0–23 in the college's time zone. */
export const entryHoursResponse = z.object({
  time_zone: z.string(),
  data: z.array(z.object({ hour: z.number(), entries: z.number() })),
});
export type EntryHoursResponse = z.infer<typeof entryHoursResponse>;

/** One row per bucket of the period, empty ones included; `start` is the bucket's first day (weeks start on Monday). */
export const entryTimelineRow = z.object({
  start: z.string(),
  entries: z.number(),
  members: z.number(),
  new_members: z.number(),
});
export type EntryTimelineRow = z.infer<typeof entryTimelineRow>;
export const entryTimelineResponse = z.object({
  time_zone: z.string(),
  bucket: z.enum(statisticsBuckets),
  data: z.array(entryTimelineRow),
});
export type EntryTimelineResponse = z.infer<typeof entryTimelineResponse>;

/** Per role: active accounts, and those of them that entered the app in the period. */
export const membersByRoleRow = z.object({ role: z.enum(roles), members: z.number(), active: z.number() });
export type MembersByRoleRow = z.infer<typeof membersByRoleRow>;
export const membersByRoleResponse = z.object({ data: z.array(membersByRoleRow) });
