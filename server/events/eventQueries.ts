import { and, asc, desc, eq, gte, lte } from 'drizzle-orm';
import type { EventListQuery } from '../../contract/events';
import { addDays, dayIn } from '../../contract/eventTime';
import { looksLikeUuid } from '../audience/references';
import { visibleTo } from '../audience/visibility';
import type { Database } from '../db/client';
import type { Viewer } from '../sync/viewer';
import { canSeeEvent, type EventRow } from './eventEntities';
import { events } from './schema';

/** How many events one list answers at most (a school's 400 days hold far fewer). */
export const eventListLimit = 2000;

/** The visible events that touch the days `from`…`to` (default: today and the next 90 days), by first day. */
export async function listEvents(db: Database, viewer: Viewer, timeZone: string, query: EventListQuery): Promise<EventRow[]> {
  const from = query.from ?? dayIn(new Date(), timeZone);
  const to = query.to ?? addDays(from, 90);
  return db
    .select()
    .from(events)
    .where(and(eq(events.collegeId, viewer.collegeId), visibleTo(events, viewer.keys), lte(events.firstDay, to), gte(events.lastDay, from)))
    .orderBy(asc(events.firstDay), asc(events.start), asc(events.id))
    .limit(eventListLimit);
}

/**
 * At most this many events in a calendar feed, the latest-ending kept: a school's year holds
 * a few hundred, so years of history fit. No window by date: a past event stays in the
 * subscribed calendars, as in the app.
 */
export const feedEventLimit = 5000;

/**
 * The events of a member's calendar feed: what they may see now (the sync's audience rule),
 * live, with "sync with a calendar" on. An event that leaves the feed (deleted, addressed
 * elsewhere, switched off) leaves the subscribed calendar. In a fixed order, so an unchanged
 * calendar is the same file (its ETag).
 */
export async function feedEvents(db: Database, viewer: Viewer): Promise<EventRow[]> {
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.collegeId, viewer.collegeId), visibleTo(events, viewer.keys), eq(events.calendarSync, true)))
    .orderBy(desc(events.lastDay), desc(events.id))
    .limit(feedEventLimit);
  return rows.reverse();
}

/** The event when the viewer may see it, else null (answered as 404). */
export async function findVisibleEvent(db: Database, viewer: Viewer, id: string): Promise<EventRow | null> {
  if (!looksLikeUuid(id)) return null;
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id.toLowerCase()), eq(events.collegeId, viewer.collegeId)))
    .limit(1);
  return row && canSeeEvent(row, viewer) ? row : null;
}
