import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { colleges } from '../db/colleges';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { Job, JobServices } from '../jobs';
import type { Mail } from '../mail/mailer';
import { sentAtText, textsFor } from './notificationTexts';
import { pgArray } from '../db/pgArray';
import { notificationReceipts, notifications } from './schema';

/** Receipts emailed per transaction. */
const defaultBatchSize = 200;

export interface CascadeOutcome {
  emailed: number;
  /** Members without an email address to write to, or no longer active: not emailed, not tried again. */
  skipped: number;
}

const canWriteTo = (email: string) => /^[^\s@]+@[^\s@]+$/.test(email);

/**
 * The emergency cascade: a receipt of an emergency alert not acknowledged by `email_due_at`
 * is emailed to its member. Each transaction takes due receipts with `FOR UPDATE SKIP
 * LOCKED`, records their mails in the mail outbox (server/mail/mailer.ts `record`) and marks
 * them emailed: both or neither, so a restart neither loses nor doubles a mail, and processes
 * running side by side each take different receipts. The mails leave for the college's SMTP
 * server after the commit (with no SMTP settings they stay in the outbox, as every mail does).
 * `email_due_at` is cleared once handled, so the index holds only what is still to do.
 */
export async function emailDue(
  db: Database,
  now: Date,
  services: Pick<JobServices, 'mailer' | 'log'>,
  { batchSize = defaultBatchSize } = {},
): Promise<CascadeOutcome> {
  const outcome: CascadeOutcome = { emailed: 0, skipped: 0 };
  for (;;) {
    const { taken, deliver } = await db.transaction(async (tx) => {
      const r = notificationReceipts;
      const rows = await tx
        .select({
          id: r.id,
          collegeId: r.collegeId,
          email: users.email,
          status: users.status,
          title: notifications.title,
          content: notifications.content,
          authorName: notifications.authorName,
          createdAt: notifications.createdAt,
          collegeName: colleges.name,
          language: colleges.language,
          timeZone: colleges.timeZone,
        })
        .from(r)
        .innerJoin(users, eq(users.id, r.userId))
        .innerJoin(notifications, eq(notifications.id, r.notificationId))
        .innerJoin(colleges, eq(colleges.id, r.collegeId))
        .where(and(lte(r.emailDueAt, now), isNull(r.acknowledgedAt), isNull(r.emailedAt), isNull(r.deletedAt)))
        .orderBy(asc(r.emailDueAt))
        .limit(batchSize)
        .for('update', { of: r, skipLocked: true });
      const sendable = rows.filter((row) => row.status === 'active' && canWriteTo(row.email));
      const skipped = rows.filter((row) => !sendable.includes(row));
      const deliveries: (() => Promise<void>)[] = [];
      const byCollege = new Map<string, Mail[]>();
      for (const row of sendable) {
        const mail = textsFor(row.language).emergencyMail({
          collegeName: row.collegeName,
          title: row.title,
          content: row.content,
          authorName: row.authorName,
          sentAt: sentAtText(row.createdAt, row.timeZone, row.language),
        });
        byCollege.set(row.collegeId, [...(byCollege.get(row.collegeId) ?? []), { to: row.email, ...mail }]);
      }
      for (const [collegeId, mails] of byCollege) deliveries.push((await services.mailer.record(tx, collegeId, mails)).deliver);
      if (sendable.length > 0) {
        await tx.execute(sql`
          update ${r} set emailed_at = ${now.toISOString()}::timestamptz, email_due_at = null
          where id = any(${pgArray(sendable.map((row) => row.id))}::uuid[])`);
      }
      if (skipped.length > 0) {
        await tx.execute(sql`update ${r} set email_due_at = null where id = any(${pgArray(skipped.map((row) => row.id))}::uuid[])`);
      }
      outcome.emailed += sendable.length;
      outcome.skipped += skipped.length;
      return { taken: rows.length, deliver: () => void Promise.all(deliveries.map((go) => go())) };
    });
    deliver();
    if (taken < batchSize) break;
  }
  if (outcome.skipped > 0) services.log.info({ skipped: outcome.skipped }, 'emergency cascade: members without an email address were not emailed');
  return outcome;
}

/** Every 10 s: an alert's wait is minutes (the college's setting, 10 by default). */
export const emailCascadeJob: Job = {
  name: 'notifications: emergency email cascade',
  everyMs: 10_000,
  run: async (db, now, services) => void (await emailDue(db, now, services)),
};
