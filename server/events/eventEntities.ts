import type { Event } from '../../contract/events';
import { canSee } from '../audience/visibility';
import { defineEntity } from '../sync/entity';
import type { Viewer } from '../sync/viewer';
import { events } from './schema';

export type EventRow = typeof events.$inferSelect;

/** The audience rule of posts (server/posts/postEntities.ts), for events. */
export function canSeeEvent(event: Pick<EventRow, 'collegeId' | 'audienceKeys' | 'deletedAt'>, viewer: Viewer): boolean {
  return event.collegeId === viewer.collegeId && canSee(event, viewer.keySet);
}

export function eventToWire(row: EventRow): Event {
  return {
    id: row.id,
    college_id: row.collegeId,
    name: row.name,
    description: row.description,
    location: row.location,
    category: row.category,
    all_day: row.allDay,
    start: row.start,
    end: row.end,
    time_zone: row.timeZone,
    repeat: row.repeatFreq
      ? {
          freq: row.repeatFreq,
          ...(row.repeatUntil !== null ? { until: row.repeatUntil } : {}),
          ...(row.repeatCount !== null ? { count: row.repeatCount } : {}),
        }
      : null,
    exceptions: row.exceptions,
    calendar_sync: row.calendarSync,
    course_ids: row.courseIds,
    grade_ids: row.gradeIds,
    section_ids: row.sectionIds,
    scope: row.scope,
    sequence: row.sequence,
    author_id: row.authorId ?? '',
    author_name: row.authorName,
    attachments: row.attachments,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Events reach a new device with its initial sync, after the newest posts (no head of their own). */
export const eventEntity = defineEntity({
  name: 'events',
  table: events,
  toWire: eventToWire,
});
