import { addDays, instantOf, wallIn } from '../../contract/eventTime';
import { and, eq, inArray } from 'drizzle-orm';
import { defaultNotificationPreferences, type NotificationPreferences } from '../../contract/notifications';
import type { Database } from '../db/client';
import { notificationPreferences } from './schema';

const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * When a notification may be pushed to a member: `now`, unless `now` is inside their quiet
 * hours (wall-clock times in the college's zone, `start` included, `end` excluded, across
 * midnight when `start` is later than `end`), then the end of those hours. A member without
 * preferences has the default 21:00–07:00. Emergency alerts do not ask.
 *
 * The end is a wall time of the college's day, read as events' times are on a daylight-saving
 * change (contract/eventTime.ts `instantOf`): an end the change skips (00:30 when the clocks
 * jump from 00:00 to 01:00) moves forward by the jump, to 01:30.
 */
export function pushDueAt(now: Date, timeZone: string, preferences: NotificationPreferences = defaultNotificationPreferences): Date {
  if (!preferences.quiet_hours) return now;
  const start = minutesOf(preferences.quiet_start);
  const end = minutesOf(preferences.quiet_end);
  if (start === end) return now;
  const wall = wallIn(now, timeZone);
  const minute = minutesOf(wall.slice(11, 16));
  const wraps = start > end;
  const quiet = wraps ? minute >= start || minute < end : minute >= start && minute < end;
  if (!quiet) return now;
  // Past midnight's side of a night that wraps, or a window within the day: it ends today;
  // the evening's side of a wrapping night ends tomorrow.
  const today = wall.slice(0, 10);
  const day = wraps && minute >= start ? addDays(today, 1) : today;
  const due = instantOf(`${day}T${preferences.quiet_end}`, timeZone);
  return due > now ? due : now;
}

/** When each member may be pushed to now: their quiet hours (or the default) in the college's zone. */
export async function pushTimes(db: Database, collegeId: string, userIds: readonly string[], now: Date, timeZone: string): Promise<Map<string, Date>> {
  const stored = new Map<string, NotificationPreferences>();
  for (let i = 0; i < userIds.length; i += 5000) {
    const rows = await db
      .select()
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.collegeId, collegeId), inArray(notificationPreferences.userId, userIds.slice(i, i + 5000))));
    for (const row of rows) stored.set(row.userId, { quiet_hours: row.quietHours, quiet_start: row.quietStart, quiet_end: row.quietEnd });
  }
  // Most members share a few settings (the default above all): one computation per setting.
  const bySetting = new Map<string, Date>();
  const times = new Map<string, Date>();
  for (const userId of userIds) {
    const preferences = stored.get(userId);
    const key = preferences ? `${preferences.quiet_hours}|${preferences.quiet_start}|${preferences.quiet_end}` : 'default';
    let due = bySetting.get(key);
    if (!due) bySetting.set(key, (due = pushDueAt(now, timeZone, preferences)));
    times.set(userId, due);
  }
  return times;
}
