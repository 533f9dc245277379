import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { isTimeZone } from '../../contract/eventTime';
import type { PushPayload } from '../../contract/push';
import { colleges } from '../db/colleges';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { wakeJob, type Job } from '../jobs';
import { pushTimes } from '../push/quietHours';
import type { PushMessage } from '../push/sender';
import type { Write } from '../sync/writeInCollege';
import { conversations, messengerMessages, messengerPushes } from './schema';

/**
 * Web Push for messages, for members whose app is closed (the service worker shows it; an
 * open app is poked through the sync stream instead). One row per member and conversation
 * waits in `messenger_pushes`: due at once, or at the end of the member's quiet hours
 * (server/push/quietHours.ts); messages arriving before it leaves join it, so a night of a
 * busy group is one notification in the morning. Muted conversations queue nothing.
 */

export const messengerPushJobName = 'messenger: push';
const leaseMs = 2 * 60_000;
const batchSize = 200;
const bodyMax = 300;

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** Queues a push for each recipient of a new message, in the message's write. */
export async function queuePushes(
  write: Write,
  message: { conversationId: string; messageId: string; now: Date; recipients: readonly string[] },
): Promise<void> {
  if (message.recipients.length === 0) return;
  const [college] = await write.tx.select({ timeZone: colleges.timeZone }).from(colleges).where(eq(colleges.id, write.collegeId));
  const zone = college && isTimeZone(college.timeZone) ? college.timeZone : 'UTC';
  const due = await pushTimes(write.tx, write.collegeId, message.recipients, message.now, zone);
  await write.tx
    .insert(messengerPushes)
    .values(
      message.recipients.map((userId) => ({
        id: `${message.conversationId}:${userId}`,
        collegeId: write.collegeId,
        userId,
        conversationId: message.conversationId,
        messageId: message.messageId,
        count: 1,
        dueAt: due.get(userId) ?? message.now,
      })),
    )
    .onConflictDoUpdate({
      target: messengerPushes.id,
      // A push already owed keeps its time (the end of the quiet hours) and says one more message.
      set: { messageId: sql`excluded.message_id`, count: sql`${messengerPushes.count} + 1`, takenUntil: null },
    });
  await wakeJob(write.tx, messengerPushJobName);
}

interface Taken {
  id: string;
  collegeId: string;
  userId: string;
  conversationId: string;
  messageId: string;
  count: number;
}

async function take(db: Database, now: Date): Promise<Taken[]> {
  return db.transaction(async (tx) => {
    const p = messengerPushes;
    const rows = await tx
      .select({ id: p.id, collegeId: p.collegeId, userId: p.userId, conversationId: p.conversationId, messageId: p.messageId, count: p.count })
      .from(p)
      .where(and(lte(p.dueAt, now), or(isNull(p.takenUntil), lte(p.takenUntil, now))))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    if (rows.length > 0) {
      await tx
        .update(p)
        .set({ takenUntil: new Date(now.getTime() + leaseMs) })
        .where(
          inArray(
            p.id,
            rows.map((row) => row.id),
          ),
        );
    }
    return rows;
  });
}

/** What the notification says: the group's name or the author's, and the newest message. */
async function payloadsFor(db: Database, taken: readonly Taken[]): Promise<Map<string, PushPayload | null>> {
  const messageIds = [...new Set(taken.map((row) => row.messageId))];
  const rows = await db
    .select({
      id: messengerMessages.id,
      text: messengerMessages.text,
      retractedAt: messengerMessages.retractedAt,
      deletedAt: messengerMessages.deletedAt,
      createdAt: messengerMessages.createdAt,
      conversationId: messengerMessages.conversationId,
      kind: conversations.kind,
      groupName: conversations.name,
      authorName: users.name,
      authorLastname: users.firstLastname,
    })
    .from(messengerMessages)
    .innerJoin(conversations, eq(conversations.id, messengerMessages.conversationId))
    .innerJoin(users, eq(users.id, messengerMessages.authorId))
    .where(inArray(messengerMessages.id, messageIds));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const payloads = new Map<string, PushPayload | null>();
  for (const row of taken) {
    const message = byId.get(row.messageId);
    if (!message || message.retractedAt || message.deletedAt) {
      payloads.set(row.id, null);
      continue;
    }
    const author = [message.authorName, message.authorLastname].filter(Boolean).join(' ');
    const title = message.kind === 'group' ? message.groupName : author;
    const more = row.count > 1 ? ` (+${row.count - 1})` : '';
    payloads.set(row.id, {
      title: clip(title + more, 200),
      body: clip(message.kind === 'group' ? `${author}: ${message.text}` : message.text, bodyMax),
      url: `/messenger/${message.conversationId}`,
      tag: `messenger-${message.conversationId}`,
      requireInteraction: false,
      emergency: false,
      timestamp: message.createdAt.toISOString(),
    });
  }
  return payloads;
}

/**
 * Sends what is due. A row is deleted once sent unless a newer message joined it meanwhile
 * (it goes again with that one); a process that dies mid-send leaves it for the lease.
 */
export async function sendDueMessengerPushes(db: Database, now: Date, send: (collegeId: string, messages: PushMessage[]) => Promise<unknown>): Promise<number> {
  let sent = 0;
  for (;;) {
    const taken = await take(db, now);
    if (taken.length === 0) return sent;
    const payloads = await payloadsFor(db, taken);
    const byCollege = new Map<string, PushMessage[]>();
    for (const row of taken) {
      const payload = payloads.get(row.id);
      if (!payload) continue;
      const list = byCollege.get(row.collegeId) ?? [];
      list.push({ userId: row.userId, payload, urgency: 'normal', ttlSeconds: 24 * 3600 });
      byCollege.set(row.collegeId, list);
    }
    for (const [collegeId, list] of byCollege) await send(collegeId, list);
    for (const row of taken) {
      await db
        .delete(messengerPushes)
        .where(and(eq(messengerPushes.id, row.id), eq(messengerPushes.messageId, row.messageId), eq(messengerPushes.count, row.count)));
    }
    sent += [...byCollege.values()].reduce((n, list) => n + list.length, 0);
    if (taken.length < batchSize) return sent;
  }
}

export const messengerPushJob: Job = {
  name: messengerPushJobName,
  everyMs: 5_000,
  run: async (db, now, services) => {
    await sendDueMessengerPushes(db, now, (collegeId, list) => services.push.send(collegeId, list));
  },
};
