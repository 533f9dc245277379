import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { fieldOfKind, type DeliveryKind } from '../../contract/delivery';
import { uuidv7 } from '../../contract/ids';
import type { Database } from '../db/client';
import { pgArray } from '../db/pgArray';
import type { Job, JobServices } from '../jobs';
import type { Mail } from '../mail/mailer';
import type { SecretKey } from '../mail/secretKey';
import type { Deliverable, DeliverableItem } from './deliverable';
import { digestDayOf, nextDigest } from './digestTime';
import { linkLifetimeMs, signLink, type LinkKind } from './links';
import { addressRefusal, deliveryCollege, memberFacts, modeFor, type MemberFacts } from './members';
import { renderDigestMail, renderItemMail, type DigestEntry, type MailReason } from './render';
import { emailJobName } from './schedule';
import { sendCollegeRounds, takeMailSlots, type MailRound } from './mailRate';
import { deliveryDigests, deliveryItems, itemDeliveries } from './schema';

/** Colleges looked at per run. */
const collegesPerRun = 50;
/** Mails rendered and recorded per transaction, whatever the rate: memory stays flat for a school of thousands. */
export const mailsPerRound = 200;

type Row = typeof itemDeliveries.$inferSelect;

/** A mail ready to record: what it carries, and the deliveries it settles. */
interface Outgoing {
  mail: Mail;
  rows: Row[];
  digest?: { userId: string; day: string };
}

/** The site of a college's links: the item's, else the college's last one, else the loopback default. */
const fallbackSite = 'http://localhost:8080';

/**
 * Hands the due emails of items to the mail door (server/mail/mailer.ts), college by college,
 * at the college's rate (`delivery_settings.mails_per_second`) across every process: each
 * round locks the college's settings row, takes at most the mails the rate allows until a
 * second from now, moves the college's `next_mail_at` past them, records the mails and marks
 * their deliveries in the same transaction (both or neither: a restart neither loses nor
 * doubles one), and hands them to SMTP after the commit (a crash mid-send is retried by the
 * mail door's lease). Emergencies go first, then emails of single items, then digests, one
 * per member and day (`delivery_digests`). What a mail says is read now: an edit is in it; an
 * item deleted or no longer addressed to the member is skipped.
 */
export async function sendDueEmails(
  db: Database,
  now: Date,
  deliverables: ReadonlyMap<DeliveryKind, Deliverable>,
  services: Pick<JobServices, 'mailer' | 'log'>,
  sending: Map<string, Promise<void>> = new Map(),
): Promise<number> {
  const colleges = await db
    .selectDistinct({ collegeId: itemDeliveries.collegeId })
    .from(itemDeliveries)
    .where(and(isNotNull(itemDeliveries.emailDueAt), lte(itemDeliveries.emailDueAt, now)))
    .limit(collegesPerRun);
  let handed = 0;
  for (const { collegeId } of colleges) {
    handed += await sendCollegeRounds(db, collegeId, sending, (tx) => claimCollege(tx, collegeId, now, deliverables, services.mailer.secrets, services.mailer));
  }
  return handed;
}

async function claimCollege(
  tx: Database,
  collegeId: string,
  now: Date,
  deliverables: ReadonlyMap<DeliveryKind, Deliverable>,
  secrets: SecretKey,
  mailer: JobServices['mailer'],
): Promise<MailRound> {
  const none = { count: 0, full: false, deliver: () => Promise.resolve() };
  const slots = await takeMailSlots(tx, collegeId, now, mailsPerRound);
  const college = await deliveryCollege(tx, collegeId);
  const { budget } = slots;
  if (!college || budget <= 0) return none;

  const due = and(eq(itemDeliveries.collegeId, collegeId), isNotNull(itemDeliveries.emailDueAt), lte(itemDeliveries.emailDueAt, now));
  const single = await tx
    .select()
    .from(itemDeliveries)
    .where(and(due, sql`${itemDeliveries.emailMode} <> 'digest'`))
    .orderBy(desc(sql`${itemDeliveries.emailMode} = 'emergency'`), asc(itemDeliveries.emailDueAt))
    .limit(budget)
    .for('update', { skipLocked: true });
  let digestRows: Row[] = [];
  if (single.length < budget) {
    const members = await tx
      .selectDistinct({ userId: itemDeliveries.userId })
      .from(itemDeliveries)
      .where(and(due, eq(itemDeliveries.emailMode, 'digest')))
      .limit(budget - single.length);
    if (members.length > 0)
      digestRows = await tx
        .select()
        .from(itemDeliveries)
        .where(
          and(
            due,
            eq(itemDeliveries.emailMode, 'digest'),
            inArray(
              itemDeliveries.userId,
              members.map((m) => m.userId),
            ),
          ),
        )
        .for('update', { skipLocked: true });
  }
  const rows = [...single, ...digestRows];
  if (rows.length === 0) return none;

  const items = await loadItems(tx, collegeId, rows, deliverables);
  const facts = await memberFacts(tx, college, [...new Set(rows.map((r) => r.userId))], now);
  const sites = await sitesOf(tx, rows, slots.site ?? fallbackSite);
  const skipped = new Map<string, string>();
  const outgoing: Outgoing[] = [];
  const usable = (row: Row): { item: DeliverableItem; member: MemberFacts } | null => {
    const item = items.get(`${row.kind} ${row.itemId}`);
    const member = facts.get(row.userId);
    if (!item || item.deleted || !member || !member.active || !item.audienceKeys.some((key) => member.keys.has(key))) {
      skipped.set(row.id, 'removed');
      return null;
    }
    // Unsubscribed while this one waited (emergencies carry no such link).
    const refused = addressRefusal(member) ?? (row.emailMode !== 'emergency' && member.optedOut.has(fieldOfKind[row.kind]) ? 'unsubscribed' : null);
    if (refused) {
      skipped.set(row.id, refused);
      return null;
    }
    return { item, member };
  };
  const link = (purpose: 'open' | 'unsubscribe', kind: LinkKind, userId: string, itemId: string | null) =>
    signLink(secrets, { purpose, kind, collegeId, userId, itemId, expiresAt: new Date(now.getTime() + linkLifetimeMs[purpose]) });

  for (const row of single) {
    const found = usable(row);
    if (!found) continue;
    const { item, member } = found;
    const site = sites.get(`${row.kind} ${row.itemId}`)!;
    const emergency = row.emailMode === 'emergency';
    const reason: MailReason = emergency ? 'emergency' : modeFor(member, row.kind) === 'immediate' ? 'immediate' : 'inactive';
    const unsubscribeUrl = emergency ? null : `${site}/mail/unsubscribe/${link('unsubscribe', row.kind, member.id, row.itemId)}`;
    const rendered = renderItemMail({
      language: member.language,
      college,
      kind: row.kind,
      item,
      reason,
      openUrl: `${site}/mail/open/${link('open', row.kind, member.id, row.itemId)}`,
      unsubscribeUrl,
    });
    outgoing.push({
      mail: { id: uuidv7(now.getTime()), to: member.email, userId: member.id, ...rendered, headers: unsubscribeUrl ? unsubscribeHeaders(unsubscribeUrl) : {} },
      rows: [row],
    });
  }

  const byMember = new Map<string, Row[]>();
  for (const row of digestRows) byMember.set(row.userId, [...(byMember.get(row.userId) ?? []), row]);
  for (const [userId, mine] of byMember) {
    const entries: { row: Row; entry: DigestEntry }[] = [];
    for (const row of mine) {
      const found = usable(row);
      if (!found) continue;
      const site = sites.get(`${row.kind} ${row.itemId}`)!;
      entries.push({ row, entry: { kind: row.kind, item: found.item, openUrl: `${site}/mail/open/${link('open', row.kind, userId, row.itemId)}` } });
    }
    const member = facts.get(userId);
    if (entries.length === 0 || !member) continue;
    entries.sort((a, b) => b.entry.item.publishedAt.getTime() - a.entry.item.publishedAt.getTime());
    const day = digestDayOf(mine[0]!.emailDueAt!, college.timeZone);
    const site = sites.get(`${entries[0]!.row.kind} ${entries[0]!.row.itemId}`)!;
    const unsubscribeUrl = `${site}/mail/unsubscribe/${link('unsubscribe', 'digest', userId, null)}`;
    const rendered = renderDigestMail({ language: member.language, college, entries: entries.map((e) => e.entry), unsubscribeUrl });
    outgoing.push({
      mail: { id: uuidv7(now.getTime()), to: member.email, userId, ...rendered, headers: unsubscribeHeaders(unsubscribeUrl) },
      rows: entries.map((e) => e.row),
      digest: { userId, day },
    });
  }

  // One digest per member and day: a day's digest already sent (a row that joined late)
  // waits for the next day's.
  const sendable: Outgoing[] = [];
  const postponed: Row[] = [];
  for (const out of outgoing) {
    if (!out.digest) {
      sendable.push(out);
      continue;
    }
    const inserted = await tx
      .insert(deliveryDigests)
      .values({ userId: out.digest.userId, collegeId, day: out.digest.day, mailId: out.mail.id! })
      .onConflictDoNothing()
      .returning({ userId: deliveryDigests.userId });
    if (inserted.length > 0) sendable.push(out);
    else postponed.push(...out.rows);
  }

  const { deliver } = await mailer.record(
    tx,
    collegeId,
    sendable.map((out) => out.mail),
  );
  const settled = sendable.flatMap((out) => out.rows.map((row) => ({ id: row.id, mailId: out.mail.id! })));
  if (settled.length > 0)
    await tx.execute(sql`
      update ${itemDeliveries} as d set emailed_at = ${now.toISOString()}::timestamptz, email_due_at = null, mail_id = t.mail_id, email_skipped = null
      from unnest(${pgArray(settled.map((s) => s.id))}::uuid[], ${pgArray(settled.map((s) => s.mailId))}::uuid[]) as t(id, mail_id)
      where d.id = t.id`);
  if (skipped.size > 0)
    await tx.execute(sql`
      update ${itemDeliveries} as d set email_due_at = null, email_skipped = t.reason
      from unnest(${pgArray([...skipped.keys()])}::uuid[], ${`{${[...skipped.values()].join(',')}}`}::text[]) as t(id, reason)
      where d.id = t.id`);
  for (const row of postponed) {
    await tx
      .update(itemDeliveries)
      .set({ emailDueAt: nextDigest(row.emailDueAt!, college.timeZone).at })
      .where(eq(itemDeliveries.id, row.id));
  }
  await slots.spend(sendable.length);
  // A full round (as many units as the budget) may have more behind it.
  return { count: sendable.length, full: single.length + byMember.size >= budget, deliver };
}

/** RFC 8058: a one-click unsubscribe the mail client may POST to without asking. */
function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

async function loadItems(tx: Database, collegeId: string, rows: readonly Row[], deliverables: ReadonlyMap<DeliveryKind, Deliverable>) {
  const items = new Map<string, DeliverableItem>();
  const byKind = new Map<DeliveryKind, Set<string>>();
  for (const row of rows) byKind.set(row.kind, (byKind.get(row.kind) ?? new Set()).add(row.itemId));
  for (const [kind, ids] of byKind) {
    const deliverable = deliverables.get(kind);
    if (!deliverable) continue;
    for (const item of await deliverable.load(tx, collegeId, [...ids])) items.set(`${kind} ${item.id}`, item);
  }
  return items;
}

async function sitesOf(tx: Database, rows: readonly Row[], fallback: string): Promise<Map<string, string>> {
  const sites = new Map<string, string>();
  const keys = [...new Set(rows.map((r) => `${r.kind} ${r.itemId}`))];
  const found = await tx
    .select({ kind: deliveryItems.kind, itemId: deliveryItems.itemId, site: deliveryItems.site })
    .from(deliveryItems)
    .where(
      inArray(
        deliveryItems.itemId,
        rows.map((r) => r.itemId),
      ),
    );
  for (const row of found) if (row.site) sites.set(`${row.kind} ${row.itemId}`, row.site);
  for (const key of keys) if (!sites.has(key)) sites.set(key, fallback);
  return sites;
}

/** Every second (and woken by each plan): a post's emails leave at the college's rate. */
export function emailJob(deliverables: ReadonlyMap<DeliveryKind, Deliverable>): Job {
  // The rounds of this process still on the wire, by college (across runs).
  const sending = new Map<string, Promise<void>>();
  return { name: emailJobName, everyMs: 1_000, run: async (db, now, services) => void (await sendDueEmails(db, now, deliverables, services, sending)) };
}
