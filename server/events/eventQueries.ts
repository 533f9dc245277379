import { and, asc, eq, gte, lte } from 'drizzle-orm';
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
