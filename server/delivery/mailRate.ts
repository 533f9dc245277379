import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { deliverySettings } from './schema';

/** The mails of a college handed over per round: at most a second's worth of its rate. */
const windowMs = 1000;

/** What a round of a college's mail may send now, and how it books what it sent. */
export interface MailSlots {
  /** How many mails may leave in this round (0: the rate is spent until a second from now). */
  budget: number;
  /** The last address an item of the college was written at (the links of mails with none of their own). */
  site: string | null;
  /** Moves the college's `next_mail_at` past `count` mails: call it, in the same transaction, with what was recorded. */
  spend: (count: number) => Promise<void>;
}

/**
 * The college's mail rate (`delivery_settings.mails_per_second`), shared by every kind of
 * bulk mail (a post's emails and digests, invitations) and every process: locks the college's
 * settings row in the caller's transaction until it commits, and answers how many mails may
 * leave until a second from now, at most `most`. The caller records that many mails or fewer
 * and books them with `spend`; the next round of any process waits for the lock, then for
 * the slots booked.
 */
export async function takeMailSlots(tx: Database, collegeId: string, now: Date, most: number): Promise<MailSlots> {
  await tx.insert(deliverySettings).values({ collegeId }).onConflictDoNothing();
  const [settings] = await tx.select().from(deliverySettings).where(eq(deliverySettings.collegeId, collegeId)).for('update');
  if (!settings) return { budget: 0, site: null, spend: () => Promise.resolve() };
  const start = Math.max(now.getTime(), settings.nextMailAt?.getTime() ?? 0);
  const budget = Math.max(0, Math.min(most, Math.floor(((now.getTime() + windowMs - start) * settings.mailsPerSecond) / 1000)));
  return {
    budget,
    site: settings.site,
    spend: async (count) => {
      await tx
        .update(deliverySettings)
        .set({ nextMailAt: new Date(start + Math.ceil((count * 1000) / settings.mailsPerSecond)) })
        .where(eq(deliverySettings.collegeId, collegeId));
    },
  };
}

/** One round of a college's mail, recorded in its transaction: how many, whether the rate had room for more, and the hand-over to SMTP after the commit. */
export interface MailRound {
  count: number;
  full: boolean;
  deliver: () => Promise<void>;
}

/**
 * Runs a college's rounds (`round`, each in its own transaction) until its second is spent or
 * nothing is due. The next round is claimed while the last one is on the wire, and handed over
 * when it is done: at most one round of a college is being sent (`sending`, kept by the job
 * between runs), so memory stays at two rounds whatever the school's size, and mails wait for a
 * slow SMTP server in the outbox, not in memory. Answers how many mails were handed over.
 */
export async function sendCollegeRounds(
  db: Database,
  collegeId: string,
  sending: Map<string, Promise<void>>,
  round: (tx: Database) => Promise<MailRound>,
): Promise<number> {
  let handed = 0;
  for (;;) {
    const { count, full, deliver } = await db.transaction((tx) => round(tx));
    if (count > 0) {
      await sending.get(collegeId);
      const sent: Promise<void> = deliver().finally(() => {
        if (sending.get(collegeId) === sent) sending.delete(collegeId);
      });
      sending.set(collegeId, sent);
    }
    handed += count;
    if (!full) return handed;
  }
}
