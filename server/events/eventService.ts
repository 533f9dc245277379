import { and, eq, isNull } from 'drizzle-orm';
import { keysOfAudience } from '../../contract/audience';
import { lastDayOf } from '../../contract/eventRecurrence';
import type { CreateEventArgs, EventFields, UpdateEventArgs } from '../../contract/events';
import { isTimeZone } from '../../contract/eventTime';
import { messages } from '../../contract/messages';
import { can } from '../../contract/permissions';
import { checkedAudience, looksLikeUuid } from '../audience/references';
import { nextAudience } from '../audience/visibility';
import { colleges } from '../db/colleges';
import { removeOwnerAttachments } from '../attachments/attachmentService';
import { forbidden, HttpError, notFound, ValidationFailed } from '../http/errors';
import { sanitizeContent } from '../richText/sanitizeContent';
import type { MutationActor } from '../sync/mutation';
import type { Write } from '../sync/writeInCollege';
import type { EventRow } from './eventEntities';
import { events } from './schema';
import { deliverEvent } from './eventDelivery';

/**
 * Writing events: the one implementation behind the push mutations (events.*) and the
 * REST endpoints, as for posts (server/posts/postService.ts). Every change bumps the
 * event's `sequence`, so calendar apps subscribed to a feed take the new version.
 */

function assertCanPublish(actor: MutationActor): void {
  if (!can(actor.user.role, 'content.publish')) throw forbidden();
}

/** Sanitises the description and checks the audience against the college (422). */
async function checkedFields(write: Write, fields: EventFields) {
  const errors: Record<string, string[]> = {};
  const audience = await checkedAudience(write.tx, write.collegeId, fields, errors);
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  const description = sanitizeContent(fields.description);
  const days = { start: fields.start, end: fields.end, all_day: fields.all_day, repeat: fields.repeat, exceptions: fields.exceptions };
  return {
    name: fields.name,
    // An editor's empty paragraph is no description.
    description: description.replace(/<[^>]*>/g, '').trim() === '' ? '' : description,
    location: fields.location,
    category: fields.category,
    allDay: fields.all_day,
    start: fields.start,
    end: fields.end,
    repeatFreq: fields.repeat?.freq ?? null,
    repeatUntil: fields.repeat?.until ?? null,
    repeatCount: fields.repeat?.count ?? null,
    // Kept sorted and once each, so an unchanged list compares equal.
    exceptions: [...new Set(fields.exceptions)].sort(),
    calendarSync: fields.calendar_sync,
    firstDay: fields.start.slice(0, 10),
    lastDay: lastDayOf(days),
    ...audience,
  };
}

const authorName = (actor: MutationActor) => [actor.user.name, actor.user.firstLastname].filter(Boolean).join(' ');

async function collegeTimeZone(write: Write): Promise<string> {
  const [college] = await write.tx.select({ timeZone: colleges.timeZone }).from(colleges).where(eq(colleges.id, write.collegeId));
  const zone = college?.timeZone ?? 'UTC';
  return isTimeZone(zone) ? zone : 'UTC';
}

export async function createEvent(write: Write, actor: MutationActor, args: CreateEventArgs): Promise<EventRow> {
  assertCanPublish(actor);
  const fields = await checkedFields(write, args);
  const keys = nextAudience(keysOfAudience({ scope: fields.scope, section_ids: fields.sectionIds }));
  const now = new Date();
  const [row] = await write.tx
    .insert(events)
    .values({
      id: args.id.toLowerCase(),
      collegeId: write.collegeId,
      ...fields,
      timeZone: await collegeTimeZone(write),
      sequence: 0,
      authorId: actor.user.id,
      authorName: authorName(actor),
      createdAt: now,
      updatedAt: now,
      ...keys,
      seq: write.stamp(keys.seenKeys),
    })
    .onConflictDoNothing()
    .returning();
  // The id is taken (by this college or another): never overwrite someone else's row.
  if (!row) throw new HttpError(409, messages.conflict);
  await deliverEvent(write, row, actor, now);
  return row;
}

/** The live event of the college, locked for the rest of the write; 404 otherwise. */
async function liveEvent(write: Write, id: string): Promise<EventRow> {
  const [row] = looksLikeUuid(id)
    ? await write.tx
        .select()
        .from(events)
        .where(and(eq(events.id, id.toLowerCase()), eq(events.collegeId, write.collegeId), isNull(events.deletedAt)))
        .for('update')
    : [];
  if (!row) throw notFound(messages.eventNotFound);
  return row;
}

export async function updateEvent(write: Write, actor: MutationActor, args: UpdateEventArgs): Promise<EventRow> {
  assertCanPublish(actor);
  const current = await liveEvent(write, args.id);
  const fields = await checkedFields(write, args);
  const keys = nextAudience(keysOfAudience({ scope: fields.scope, section_ids: fields.sectionIds }), current);
  const [row] = await write.tx
    .update(events)
    .set({ ...fields, sequence: current.sequence + 1, updatedAt: new Date(), ...keys, seq: write.stamp(keys.seenKeys) })
    .where(eq(events.id, current.id))
    .returning();
  // Members the edit adds to its audience get it too; what its emails say is read when they leave.
  await deliverEvent(write, row!, actor, new Date());
  return row!;
}

/**
 * Deleting keeps a tombstone (deleted_at): devices learn of it, and feeds drop the event; its
 * attachments' files are removed once the delete commits.
 */
export async function deleteEvent(write: Write, actor: MutationActor, args: { id: string }): Promise<void> {
  assertCanPublish(actor);
  const current = await liveEvent(write, args.id);
  const now = new Date();
  await write.tx
    .update(events)
    .set({ deletedAt: now, updatedAt: now, sequence: current.sequence + 1, seq: write.stamp(current.seenKeys) })
    .where(eq(events.id, current.id));
  await removeOwnerAttachments(write, 'event', current.id);
}
