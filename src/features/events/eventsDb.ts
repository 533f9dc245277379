import type { EntityTable } from 'dexie';
import type { Event } from '../../../contract/events';
import type { DbWith, PatioDb } from '../../db/database';

/**
 * An event as stored locally: the server's row, plus what the calendar reads by:
 * `_months`, every month from its first day to the last day of its last occurrence
 * (`2026-11`; a multi-entry index, so a month's events are one index read), and `_last`,
 * that last day. Derived by `toLocalEvent` from the row alone, on pull and on local writes.
 */
export interface LocalEvent extends Event {
  _months: string[];
  _last: string;
}

/** That this member opened an event's details (eventViews.ts): its `events.view` is queued once. */
export interface ViewedEvent {
  event_id: string;
  viewedAt: string;
}

/** The events module's tables (module.ts declares their stores). */
export interface EventsTables {
  events: EntityTable<LocalEvent, 'id'>;
  viewedEvents: EntityTable<ViewedEvent, 'event_id'>;
}

export type EventsDb = DbWith<EventsTables>;

/** The database with the events tables typed; it has them whenever the events module is registered. */
export function eventsDb(db: PatioDb): EventsDb {
  if (!db.registry.modules.some((module) => module.name === 'events')) throw new Error('the events module is not registered');
  return db as EventsDb;
}
