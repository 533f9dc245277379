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
