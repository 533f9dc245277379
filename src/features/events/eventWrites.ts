import type { User } from '../../../contract/auth';
import type { CreateEventArgs, Event, EventFields, UpdateEventArgs } from '../../../contract/events';
import { uuidv7 } from '../../../contract/ids';
import { discard, resend } from '../../sync/hooks';
import { mutate } from '../../sync/mutate';
import type { EventsDb, LocalEvent } from './eventsDb';
import { toLocalEvent } from './localEvent';

/**
 * Every local change to events: one `mutate` each, so the optimistic row and its outbox
 * entry are written in one Dexie transaction (src/sync/mutate.ts), as for posts.
 */

export interface Organizer {
  user: Pick<User, 'id' | 'name' | 'first_lastname' | 'college_id'>;
  /** The college's time zone (contract/college.ts `time_zone`): the server writes the same. */
  timeZone: string;
}

/** A queued change: the event it is about and its outbox entry (to follow with toastOutcome). */
export interface QueuedEventChange {
  id: string;
  seq: number;
}

const authorName = (user: Organizer['user']) => [user.name, user.first_lastname].filter(Boolean).join(' ');

/** What an edit changes in the local row; the server's answer replaces it when it arrives. */
function edited(current: Event, fields: EventFields, now: Date): LocalEvent {
  return toLocalEvent({
    ...current,
    ...fields,
    exceptions: [...new Set(fields.exceptions)].sort(),
    sequence: current.sequence + 1,
    updated_at: now.toISOString(),
  });
}

export async function createEvent(db: EventsDb, fields: EventFields, { user, timeZone }: Organizer, now = new Date()): Promise<QueuedEventChange> {
  const id = uuidv7(now.getTime());
  const args: CreateEventArgs = { id, ...fields };
  const stamp = now.toISOString();
  const row = toLocalEvent({
    ...fields,
    exceptions: [...new Set(fields.exceptions)].sort(),
    id,
    college_id: user.college_id,
    time_zone: timeZone,
    sequence: 0,
    author_id: user.id,
    author_name: authorName(user),
    created_at: stamp,
    updated_at: stamp,
  });
  const seq = await mutate(db, { name: 'events.create', args, entity: 'events', entityId: id }, async () => {
    await db.events.put(row);
  });
  return { id, seq };
}

async function applyEdit(db: EventsDb, id: string, fields: EventFields, now: Date): Promise<void> {
  const current = await db.events.get(id);
  if (current) await db.events.put(edited(current, fields, now));
}

export async function updateEvent(db: EventsDb, id: string, fields: EventFields, now = new Date()): Promise<number> {
  const args: UpdateEventArgs = { id, ...fields };
  return mutate(db, { name: 'events.update', args, entity: 'events', entityId: id }, () => applyEdit(db, id, fields, now));
}

/** The fields of a stored event, as its form and `events.update` take them. */
export function fieldsOf(event: Event): EventFields {
  return {
    name: event.name,
    description: event.description,
    location: event.location,
    category: event.category,
    all_day: event.all_day,
    start: event.start,
    end: event.end,
    repeat: event.repeat,
    exceptions: event.exceptions,
    calendar_sync: event.calendar_sync,
    course_ids: event.course_ids,
    grade_ids: event.grade_ids,
    section_ids: event.section_ids,
    scope: event.scope,
  };
}

/**
 * Cancels one date of a repeating event (RFC 5545 `EXDATE`): an edit that adds the day to
 * its exceptions, queued like any other.
 */
export async function cancelOccurrence(db: EventsDb, id: string, day: string, now = new Date()): Promise<number | null> {
  const current = await db.events.get(id);
  if (!current) return null;
  return updateEvent(db, id, { ...fieldsOf(current), exceptions: [...current.exceptions, day] }, now);
}

/**
 * Sends a refused create/update again with the person's corrections: the outbox entry
 * keeps its place (with a new mutation id) and the local event shows the corrected fields.
 */
export async function resendEvent(db: EventsDb, seq: number, id: string, fields: EventFields, now = new Date()): Promise<void> {
  await resend(db, seq, { id, ...fields }, () => applyEdit(db, id, fields, now));
}

export async function deleteEvent(db: EventsDb, id: string): Promise<number> {
  return mutate(db, { name: 'events.delete', args: { id }, entity: 'events', entityId: id }, async () => {
    await db.events.delete(id);
  });
}

/**
 * An edit the server refused because the event no longer exists (404): what the person
 * wrote is queued as a new event (a new id) and the refused edit is dropped, in one
 * transaction.
 */
export async function keepEditAsNewEvent(db: EventsDb, seq: number, organizer: Organizer, now = new Date()): Promise<QueuedEventChange | null> {
  return db.transaction('rw', db.tables, async () => {
    const entry = await db.outbox.get(seq);
    if (!entry || entry.name !== 'events.update' || entry.status !== 'attention') return null;
    const { id: _gone, ...fields } = entry.args as UpdateEventArgs;
    await discard(db, seq);
    return createEvent(db, fields, organizer, now);
  });
}
