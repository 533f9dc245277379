/**
 * Events as an iCalendar file (RFC 5545): the one writer behind a member's private calendar
 * feed (server/events/feedRoutes.ts) and a device's "Add to calendar" download of one event,
 * made from its local row. Browser-safe (no node: imports), and without zod: the screens load
 * it lazily.
 *
 * Timed events keep their wall times in their zone (`DTSTART;TZID=America/Santiago:…` with
 * the zone's VTIMEZONE), so a weekly 18:00 event stays at 18:00 across a daylight-saving
 * change in every calendar app, as in the app (./eventRecurrence.ts). All-day events are
 * dates, their `DTEND` the day after the last (exclusive, as RFC 5545 wants).
 */
import { TZDate } from '@date-fns/tz';
import ical, { type ICalEventData } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { rruleText } from './eventRecurrence';
import type { Event } from './events';
import { addDays, floating, instantOf, isDay, isTimeZone, isWall, wallIn, type TimeText } from './eventTime';

export interface CalendarOptions {
  /** What calendar apps call the calendar (`NAME`, `X-WR-CALNAME`): the college's name. */
  calendarName: string;
  /** The app's origin (`https://host`): each event links to its page there. */
  appUrl: string;
  /** How often a subscribed calendar should be read again (`REFRESH-INTERVAL`); feeds only. */
  refreshSeconds?: number;
}

/** `UID`: the same across edits, so a calendar app updates its copy instead of adding one. */
export const calendarUid = (eventId: string): string => `${eventId}@patio`;

/** The event's page in the app (`URL`). */
export const eventPageUrl = (appUrl: string, eventId: string): string => `${appUrl}/events?event=${encodeURIComponent(eventId)}`;

/**
 * The calendar file of `events`, in the order given. The caller chooses which go in (a feed:
 * the member's live `calendar_sync` events; a download: the one event). An event whose times
 * cannot be read is left out rather than failing the whole file.
 *
 * `DTSTAMP` is the event's last change (RFC 5545 §3.8.7.2, a calendar without `METHOD`), so
 * an unchanged calendar is the same text, byte for byte: the feed's ETag depends on it.
 */
export function calendarText(events: readonly Event[], options: CalendarOptions): string {
  const calendar = ical({
    name: textValue(options.calendarName),
    prodId: { company: 'Patio', product: 'Calendar', language: 'EN' },
    // No calendar zone (the stamps stay UTC); each zone an event names gets its VTIMEZONE.
    timezone: { name: null, generator: vtimezoneOf },
    ...(options.refreshSeconds ? { ttl: options.refreshSeconds } : {}),
  });
  const appUrl = originOf(options.appUrl);
  for (const event of events) {
    const data = eventData(event, appUrl);
    if (data) calendar.createEvent(data);
  }
  return calendar.toString();
}

function eventData(event: Event, appUrl: string | null): ICalEventData | null {
  const times = event.all_day ? allDayTimes(event) : timedTimes(event);
  if (!times) return null;
  const created = dateOf(event.created_at);
  const changed = dateOf(event.updated_at) ?? created ?? new Date(0);
  return {
    id: calendarUid(event.id),
    sequence: event.sequence,
    ...times,
    summary: event.name,
    ...(event.description ? { description: { plain: plainTextOf(event.description), html: event.description } } : {}),
    ...(event.location ? { location: event.location } : {}),
    ...(appUrl ? { url: eventPageUrl(appUrl, event.id) } : {}),
    stamp: changed,
    lastModified: changed,
    ...(created ? { created } : {}),
  };
}

type Times = Pick<ICalEventData, 'start' | 'end' | 'allDay' | 'timezone' | 'floating' | 'repeating'>;

/** Dates: `DTSTART;VALUE=DATE`, `DTEND` the day after the last, `EXDATE;VALUE=DATE`. */
function allDayTimes(event: Event): Times | null {
  if (!isDay(event.start) || !isDay(event.end)) return null;
  // A Date whose UTC parts are the day: with no zone, ical-generator writes those.
  const repeating = event.repeat
    ? lines(
        `RRULE:${rruleText(event.repeat, true, 'UTC')}`,
        event.exceptions.length > 0 ? `EXDATE;VALUE=DATE:${event.exceptions.map(compactDay).join(',')}` : null,
      )
    : null;
  return { allDay: true, start: floating(event.start), end: floating(addDays(event.end, 1)), ...(repeating ? { repeating } : {}) };
}

/**
 * Wall times in the event's zone, or floating wall times (read in the reader's own zone)
 * when no VTIMEZONE is known for it: never a guessed offset. `EXDATE` names each cancelled
 * day at the start's time, in the start's form, as RFC 5545 matches them.
 */
function timedTimes(event: Event): Times | null {
  if (!isWall(event.start) || !isWall(event.end)) return null;
  const zone = tzidOf(event.time_zone);
  if (!zone) {
    const repeating = event.repeat
      ? // Floating DTSTART, floating UNTIL: the zone-less rule's UNTIL read in UTC is that.
        lines(`RRULE:${rruleText(event.repeat, false, 'UTC').replace(/Z$/, '')}`, exdates(event, event.start, ''))
      : null;
    return { floating: true, start: floating(event.start), end: floating(event.end), ...(repeating ? { repeating } : {}) };
  }
  // The start as written: a time skipped by a change to summer time (00:30 of the first
  // Sunday of September in Santiago) is the instant after the gap, as in the app.
  const start = new TZDate(instantOf(event.start, zone).getTime(), zone);
  const end = new TZDate(instantOf(event.end, zone).getTime(), zone);
  const repeating = event.repeat ? lines(`RRULE:${rruleText(event.repeat, false, zone)}`, exdates(event, wallIn(start, zone), `;TZID=${zone}`)) : null;
  return { timezone: zone, start, end, ...(repeating ? { repeating } : {}) };
}

function exdates(event: Event, writtenStart: TimeText, parameters: string): string | null {
  if (event.exceptions.length === 0) return null;
  const time = writtenStart.slice(11).replace(':', '');
  return `EXDATE${parameters}:${event.exceptions.map((day) => `${compactDay(day)}T${time}00`).join(',')}`;
}

/** ical-generator writes a multi-line recurrence as given (RRULE, then EXDATE). */
const lines = (...values: (string | null)[]) => values.filter((line) => line !== null).join('\n');

const compactDay = (day: string) => day.replace(/-/g, '');

/** A zone name is written into a property parameter: only what IANA names are made of. */
const zoneName = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** The VTIMEZONE block of a zone (timezones-ical-library's current rules), or null. */
function vtimezoneOf(timeZone: string): string | null {
  // The library logs every name it does not know: ask it only about zones this runtime knows.
  if (!zoneName.test(timeZone) || !isTimeZone(timeZone)) return null;
  try {
    const block = tzlib_get_ical_block(timeZone);
    return Array.isArray(block) && block[0]?.startsWith('BEGIN:VTIMEZONE') ? block[0] : null;
  } catch {
    return null;
  }
}

/**
 * The TZID to write for a zone: the block's own, since the library answers an alias with its
 * canonical zone (`UTC` → `Etc/UTC`, `Europe/Kiev` → `Europe/Kyiv`) and a `TZID` must name a
 * VTIMEZONE of the file. Null when the library has none.
 */
function tzidOf(timeZone: string): string | null {
  const tzid = /^TZID:(.+)$/m.exec(vtimezoneOf(timeZone) ?? '')?.[1]?.trim();
  return tzid && zoneName.test(tzid) ? tzid : null;
}

function dateOf(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The origin of `appUrl`, or null when it is not an http(s) address (then no `URL`). */
function originOf(appUrl: string): string | null {
  try {
    const url = new URL(appUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** A TEXT value ical-generator writes without escaping (the calendar's name). */
const textValue = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, ' ');

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The text of a sanitised description (allow-list of contract/richText.ts) for
 * `DESCRIPTION`, which calendar apps show as plain text: paragraphs and line breaks kept,
 * list items as bullets, a link's address after its text. Without a DOM: the server has none.
 */
export function plainTextOf(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, text: string) => {
      const address = decodeEntities(href);
      return decodeEntities(text.replace(/<[^>]*>/g, '')).trim() === address ? text : `${text} (${href})`;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<\/(li|ul|ol)>/gi, '\n')
    .replace(/<\/(p|h2|h3|blockquote|pre)>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .split('\n')
    .map((line) =>
      decodeEntities(line)
        .replace(/[ \t]+/g, ' ')
        .trim(),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return entities[name.toLowerCase()] ?? whole;
  });
}
