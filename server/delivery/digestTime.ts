import { addDays, dayIn, instantOf } from '../../contract/eventTime';
import { digestHour } from '../../contract/delivery';

const wallHour = `${String(digestHour).padStart(2, '0')}:00`;

/** The instant of a day's digest: 18:00 on that day in the college's zone (a clock change that day moves the instant, not the hour). */
export function digestInstant(day: string, timeZone: string): Date {
  return instantOf(`${day}T${wallHour}`, timeZone);
}

/** The first digest after `after`: today's 18:00 in the zone, or tomorrow's once it has passed. */
export function nextDigest(after: Date, timeZone: string): { day: string; at: Date } {
  const today = dayIn(after, timeZone);
  const at = digestInstant(today, timeZone);
  if (at.getTime() > after.getTime()) return { day: today, at };
  const tomorrow = addDays(today, 1);
  return { day: tomorrow, at: digestInstant(tomorrow, timeZone) };
}

/** The day whose digest leaves at `at` (the college's day at that instant). */
export const digestDayOf = (at: Date, timeZone: string): string => dayIn(at, timeZone);
