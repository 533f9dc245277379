import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { MailLanguage } from '../../contract/delivery';
import { isDay, instantOf } from '../../contract/eventTime';
import { messages } from '../../contract/messages';
import { looksLikeUuid } from '../audience/references';
import { canSee } from '../audience/visibility';
import type { Deliverable, DeliverableItem } from '../delivery/deliverable';
import { mailDateTime, mailTextsFor } from '../delivery/mailTexts';
import { addressedMembers } from '../delivery/members';
import { markDeliveryRead, scheduleDelivery } from '../delivery/schedule';
import { notFound } from '../http/errors';
import { htmlToText } from '../richText/sanitizeContent';
import type { MutationActor } from '../sync/mutation';
import type { Write } from '../sync/writeInCollege';
import { events } from './schema';

type EventRow = typeof events.$inferSelect;

/** "When" and "Where" of an event in the reader's language, in the event's own zone. */
function detailsOf(row: EventRow) {
  return (language: MailLanguage): string[] => {
    const texts = mailTextsFor(language);
    const zone = row.timeZone;
    const lines: string[] = [];
    if (row.allDay || isDay(row.start)) {
      const first = mailDateTime(instantOf(row.start.slice(0, 10), zone), language, zone, { dateStyle: 'full' });
      const last =
        row.end.slice(0, 10) !== row.start.slice(0, 10) ? mailDateTime(instantOf(row.end.slice(0, 10), zone), language, zone, { dateStyle: 'full' }) : null;
      lines.push(`${texts.when}: ${last ? `${first} – ${last}` : first}`);
    } else {
      const start = instantOf(row.start, zone);
      const end = instantOf(row.end, zone);
      const sameDay = row.start.slice(0, 10) === row.end.slice(0, 10);
      const endText = mailDateTime(end, language, zone, sameDay ? { timeStyle: 'short' } : { dateStyle: 'full', timeStyle: 'short' });
      lines.push(`${texts.when}: ${mailDateTime(start, language, zone)} – ${endText}`);
    }
    if (row.location.trim()) lines.push(`${texts.where}: ${row.location.trim()}`);
    return lines;
  };
}

function itemOf(row: EventRow): DeliverableItem {
  return {
    id: row.id,
    collegeId: row.collegeId,
    authorId: row.authorId,
    authorName: row.authorName,
    title: row.name,
    html: row.description.trim() ? row.description : null,
    text: htmlToText(row.description),
    details: detailsOf(row),
    path: `/events?event=${row.id}`,
    attachments: row.attachments.map((a) => ({ id: a.id, name: a.name, size: a.size })),
    audienceKeys: row.audienceKeys,
    scope: row.scope,
    deleted: row.deletedAt !== null,
    emergency: false,
    publishedAt: row.createdAt,
  };
}

/** Events reach members by email and push too (server/delivery); seen in the app is `events.view`. */
export const eventDeliverable: Deliverable = {
  kind: 'event',
  pushed: true,
  async load(db, collegeId, ids) {
    if (ids.length === 0) return [];
    const rows = await db
      .select()
      .from(events)
      .where(and(eq(events.collegeId, collegeId), inArray(events.id, [...ids])));
    return rows.map(itemOf);
  },
  recipients: (db, item) => addressedMembers(db, item.collegeId, item),
  // The event's delivery row is its only read receipt: the core marks it.
  markRead: () => Promise.resolve(),
};

export async function deliverEvent(write: Write, row: Pick<EventRow, 'id'>, actor: MutationActor, now: Date): Promise<void> {
  await scheduleDelivery(write.tx, { kind: 'event', itemId: row.id, collegeId: write.collegeId, at: now, site: actor.origin?.site });
}

/** `events.view`: the member opened the event; a repeat, or an event they were not sent, changes nothing. */
export async function viewEvent(write: Write, actor: MutationActor, args: { event_id: string }): Promise<void> {
  const id = args.event_id.toLowerCase();
  const [row] = looksLikeUuid(id)
    ? await write.tx
        .select({ audienceKeys: events.audienceKeys, deletedAt: events.deletedAt })
        .from(events)
        .where(and(eq(events.id, id), eq(events.collegeId, write.collegeId), isNull(events.deletedAt)))
    : [];
  if (!row || !canSee(row, actor.viewer.keySet)) throw notFound(messages.eventNotFound);
  await markDeliveryRead(write.tx, 'event', id, actor.user.id, new Date());
}
