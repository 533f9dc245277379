import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { uuidv7 } from '../../contract/ids';
import type { Database } from '../db/client';
import { pgArray } from '../db/pgArray';
import { colleges, mailOutbox, smtpSettings, users } from '../db/schema';
import { memberDelivery } from '../delivery/schema';
import { canWriteTo, mailLanguageOf } from '../delivery/members';
import { mailDateTime } from '../delivery/mailTexts';
import { sendCollegeRounds, takeMailSlots, type MailRound } from '../delivery/mailRate';
import type { Job, JobServices } from '../jobs';
import type { Mail } from '../mail/mailer';
import { digest, newSecret } from '../auth/tokens';
import { invitationMail } from './invitationMail';
import { invitationLifetimeMs, invitationLink, invitationMailJobName } from './invitationService';
import { invitations } from './schema';

/** Invitations rendered and recorded per transaction, whatever the rate. */
const mailsPerRound = 200;
/** Colleges looked at per run. */
const collegesPerRun = 50;
/** The links of a college that never said where it is reached (no request, no item yet). */
const fallbackSite = 'http://localhost:8080';

/**
 * Mails the invitations waiting for their mail (`mail_id` null), college by college, at the
 * college's mail rate shared with every other bulk mail (server/delivery/mailRate.ts), as the
 * email job does (server/delivery/emailJob.ts): each round locks the college's rate, takes at
 * most the invitations it allows (`FOR UPDATE SKIP LOCKED`), makes each one's secret, records
 * the mails in the outbox and sets the invitations' `mail_id` and expiry in the same
 * transaction (both or neither: a restart neither loses nor doubles a mail), and hands them
 * to SMTP after the commit. Without SMTP settings the mails are recorded `logged`, as every
 * mail of the college is, and go again once there are settings (`requeueRecorded`). A member
 * who meanwhile signed in, left or lost their address is not mailed: their invitation is dropped.
 */
export async function sendDueInvitations(
  db: Database,
  now: Date,
  services: Pick<JobServices, 'mailer'>,
  sending: Map<string, Promise<void>> = new Map(),
  settingsSeen: SettingsSeen = { key: null },
): Promise<number> {
  await requeueRecorded(db, now, settingsSeen);
  const waiting = await db
    .selectDistinct({ collegeId: invitations.collegeId })
    .from(invitations)
    .where(and(isNull(invitations.mailId), isNull(invitations.usedAt)))
    .limit(collegesPerRun);
  let handed = 0;
  for (const { collegeId } of waiting) handed += await sendCollegeRounds(db, collegeId, sending, (tx) => mailRound(tx, collegeId, now, services.mailer));
  return handed;
}

/**
 * Invitations whose mail was only recorded (`logged`: their college had no SMTP settings then)
 * wait for their mail again once the college has settings, so they leave at its rate with a new
 * link, valid 10 days from that mail (the recorded one never left the server, and stops working).
 * Only live ones: unused, unexpired. Other recorded mails (news, digests) are not sent later.
 */
async function requeueRecorded(db: Database, now: Date, seen: SettingsSeen): Promise<void> {
  // Only when the SMTP settings changed since the last look (a row of a few per college), not
  // every second over every live invitation: a mail is only recorded while there are none.
  const [settings] = await db.select({ count: sql<number>`count(*)::int`, last: sql<string | null>`max(${smtpSettings.updatedAt})::text` }).from(smtpSettings);
  const key = `${settings?.count ?? 0}:${settings?.last ?? ''}`;
  if (key === seen.key) return;
  await db
    .update(invitations)
    .set({ mailId: null })
    .where(
      and(
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, now),
        inArray(
          invitations.mailId,
          db
            .select({ id: mailOutbox.id })
            .from(mailOutbox)
            .innerJoin(smtpSettings, eq(smtpSettings.collegeId, mailOutbox.collegeId))
            .where(and(eq(mailOutbox.status, 'logged'), eq(mailOutbox.collegeId, invitations.collegeId))),
        ),
      ),
    );
  seen.key = key;
}

async function mailRound(tx: Database, collegeId: string, now: Date, mailer: JobServices['mailer']): Promise<MailRound> {
  const none = { count: 0, full: false, deliver: () => Promise.resolve() };
  const slots = await takeMailSlots(tx, collegeId, now, mailsPerRound);
  if (slots.budget <= 0) return none;
  const [college] = await tx
    .select({ name: colleges.name, language: colleges.language, timeZone: colleges.timeZone })
    .from(colleges)
    .where(eq(colleges.id, collegeId));
  if (!college) return none;
  const due = await tx
    .select({
      id: invitations.id,
      userId: users.id,
      name: users.name,
      email: users.email,
      status: users.status,
      removedAt: users.removedAt,
      signedInAt: users.signedInAt,
      language: memberDelivery.language,
      bouncedEmail: memberDelivery.bouncedEmail,
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .leftJoin(memberDelivery, eq(memberDelivery.userId, users.id))
    .where(and(eq(invitations.collegeId, collegeId), isNull(invitations.mailId), isNull(invitations.usedAt)))
    .orderBy(asc(invitations.createdAt), asc(invitations.id))
    .limit(slots.budget)
    .for('update', { of: invitations, skipLocked: true });
  if (due.length === 0) return none;

  const site = slots.site ?? fallbackSite;
  const expiresAt = new Date(now.getTime() + invitationLifetimeMs);
  const mails: Mail[] = [];
  const mailed: { id: string; hash: string; mailId: string }[] = [];
  const dropped: string[] = [];
  for (const member of due) {
    const usable = member.status === 'active' && !member.removedAt && !member.signedInAt && canWriteTo(member.email) && member.bouncedEmail !== member.email;
    if (!usable) {
      dropped.push(member.id);
      continue;
    }
    const secret = newSecret();
    const language = mailLanguageOf(member.language, college.language);
    const mailId = uuidv7(now.getTime());
    mails.push({
      ...invitationMail({
        to: member.email,
        userId: member.userId,
        firstName: member.name,
        collegeName: college.name,
        language,
        link: invitationLink(site, secret),
        until: mailDateTime(expiresAt, language, college.timeZone, { dateStyle: 'long' }),
      }),
      id: mailId,
    });
    mailed.push({ id: member.id, hash: digest(secret), mailId });
  }
  const { deliver } = await mailer.record(tx, collegeId, mails);
  if (mailed.length > 0)
    await tx.execute(sql`
      update ${invitations} as i set token_hash = t.hash, mail_id = t.mail_id, expires_at = ${expiresAt.toISOString()}::timestamptz
      from unnest(${pgArray(mailed.map((m) => m.id))}::uuid[], ${pgArray(mailed.map((m) => m.hash))}::text[], ${pgArray(mailed.map((m) => m.mailId))}::uuid[]) as t(id, hash, mail_id)
      where i.id = t.id`);
  if (dropped.length > 0) await tx.delete(invitations).where(inArray(invitations.id, dropped));
  await slots.spend(mails.length);
  return { count: mails.length, full: due.length >= slots.budget, deliver };
}

/** What `requeueRecorded` last saw of the SMTP settings (their count and newest change), per process. */
interface SettingsSeen {
  key: string | null;
}

/** Every second (as the email job), and woken by each invitation: waiting invitations leave at the college's rate. */
export function invitationMailJob(): Job {
  const sending = new Map<string, Promise<void>>();
  const settingsSeen: SettingsSeen = { key: null };
  return {
    name: invitationMailJobName,
    everyMs: 1_000,
    run: async (db, now, services) => void (await sendDueInvitations(db, now, services, sending, settingsSeen)),
  };
}
