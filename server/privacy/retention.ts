import { isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Job } from '../jobs';
import { writeInCollege } from '../sync/writeInCollege';
import { restamp } from './restamp';
import { privacySettings } from './schema';

/**
 * Message retention (docs/features/privacy.md, "Message retention"): in a college that keeps
 * messages N months, a message sent more than N calendar months ago is deleted (a tombstone:
 * the devices of the conversation's members drop it), and a conversation whose messages are
 * all gone and which has had nothing new for N months (created, renamed or joined before the
 * cut-off) is deleted with its member rows. Recent conversations stay, even empty.
 */

/** How many rows one write changes at most: a long backlog is worked through in several writes. */
const batchSize = 500;

/** `now` minus `months` calendar months, in UTC (the 31st of a shorter month becomes its last day). */
export function cutoffOf(now: Date, months: number): Date {
  const target = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1, now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds(), now.getUTCMilliseconds()),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(now.getUTCDate(), lastDay));
  return target;
}

/** One college's due deletions, a batch per write. Answers how many messages and conversations went. */
export async function applyRetention(db: Database, collegeId: string, months: number, at: Date): Promise<{ messages: number; conversations: number }> {
  const cutoff = sql`${cutoffOf(at, months).toISOString()}::timestamptz`;
  const now = sql`${at.toISOString()}::timestamptz`;
  let messages = 0;
  for (;;) {
    const ids = await writeInCollege(db, collegeId, (write) =>
      restamp(
        write,
        'messages',
        sql`deleted_at is null and created_at < ${cutoff} and id in (select id from messages where college_id = ${collegeId} and deleted_at is null and created_at < ${cutoff} order by created_at limit ${batchSize})`,
        sql`deleted_at = ${now}, text = ''`,
      ),
    );
    messages += ids.length;
    if (ids.length < batchSize) break;
  }
  let conversations = 0;
  for (;;) {
    const ids = await writeInCollege(db, collegeId, async (write) => {
      const gone = await restamp(
        write,
        'conversations',
        sql`id in (select c.id from conversations c where c.college_id = ${collegeId} and c.deleted_at is null and c.updated_at < ${cutoff} and c.created_at < ${cutoff}
              and not exists (select 1 from messages m where m.conversation_id = c.id and m.deleted_at is null)
              order by c.updated_at limit ${batchSize})`,
        sql`deleted_at = ${now}, updated_at = ${now}`,
      );
      if (gone.length > 0) {
        await restamp(
          write,
          'conversation_members',
          sql`deleted_at is null and conversation_id::text = any(${sql`${`{${gone.join(',')}}`}::text[]`})`,
          sql`deleted_at = ${now}`,
        );
      }
      return gone;
    });
    conversations += ids.length;
    if (ids.length < batchSize) break;
  }
  return { messages, conversations };
}

/** Every college with a retention period, once an hour (and at each start). */
export async function runRetention(db: Database, now: Date): Promise<void> {
  const colleges = await db
    .select({ collegeId: privacySettings.collegeId, months: privacySettings.messageRetentionMonths })
    .from(privacySettings)
    .where(isNotNull(privacySettings.messageRetentionMonths));
  for (const { collegeId, months } of colleges) {
    if (months !== null) await applyRetention(db, collegeId, months, now);
  }
}

export const retentionJob: Job = { name: 'privacy.retention', everyMs: 60 * 60 * 1000, run: (db, now) => runRetention(db, now) };
