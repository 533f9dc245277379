import { and, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { uuidv7 } from '../../contract/ids';
import type { Database } from '../db/client';
import { pgArray } from '../db/pgArray';
import { mailOutbox, users, type colleges } from '../db/schema';
import { deliverySettings, memberDelivery } from '../delivery/schema';
import { canWriteTo } from '../delivery/members';
import { memberPokeKeys } from '../audience/guardians';
import { recordAudit, type AuditActor } from '../auditRecord/recordAudit';
import { wakeJob } from '../jobs';
import { writeInCollege, type Write } from '../sync/writeInCollege';
import { digest, newSecret } from '../auth/tokens';
import { invitations } from './schema';

/** How long an invitation's link works, from the mail that carries it. */
export const invitationLifetimeMs = 10 * 24 * 60 * 60 * 1000;
/**
 * An invitation this young is not sent again: two administrators clicking at once, a double
 * click or a retried request mail a member once. After it, sending again replaces the link.
 */
export const resendAfterMs = 10 * 60 * 1000;
/** The job that mails waiting invitations at the college's mail rate (server/invitations/invitationMailJob.ts). */
export const invitationMailJobName = 'invitation-mail';

type College = Pick<typeof colleges.$inferSelect, 'id'>;

/** Who is invited: the given members, or every member of the college who never signed in. */
export type InvitationTarget = { memberIds: readonly string[] } | { everyoneNotSignedIn: true };

export interface InvitationOutcome {
  /** Members given a new invitation (an earlier link of theirs stops working); its mail leaves at the college's rate. */
  invited: number;
  /** Members invited less than 10 minutes ago, or whose invitation still waits for its mail: not invited again. */
  already_invited: number;
  /** Given members who cannot be invited: they signed in already, are not active, were removed, or have no usable address. */
  skipped: number;
  /** Given ids that are no member of this college. */
  unknown: number;
}

/** The link of an invitation's secret on the site the request came to (`https://school.example`). */
export const invitationLink = (site: string, secret: string): string => `${site}/auth/invitation?${new URLSearchParams({ token: secret }).toString()}`;

/** Who may be invited, in SQL: active, not removed, never signed in. */
const mayBeInvited = (collegeId: string): SQL =>
  and(eq(users.collegeId, collegeId), eq(users.status, 'active'), isNull(users.removedAt), isNull(users.signedInAt))!;

/**
 * Invites members who may be invited: active, not removed, never signed in, with an address
 * that does not bounce. One write locks their rows, replaces their invitations by new ones
 * waiting for their mail, stamps their rows for the administrators' synced list (`invited_at`)
 * and records `member.invited` in the audit trail; the mails leave after the commit through
 * the invitation job, at the college's mail rate (server/delivery/mailRate.ts), each exactly
 * once. A member invited less than `resendAfterMs` ago (or whose invitation still waits) keeps
 * that invitation: of two administrators clicking at once, the second waits for the first's
 * rows and then finds them invited.
 */
export async function inviteMembers(
  db: Database,
  { college, actor, site, now = new Date() }: { college: College; actor: AuditActor | null; site: string; now?: Date },
  target: InvitationTarget,
): Promise<InvitationOutcome> {
  return writeInCollege(db, college.id, (write) => inviteInWrite(write, { actor, site, now }, target));
}

/** `inviteMembers` inside a write already open (a college's first administrator, server/invitations/firstAdmin.ts). */
export async function inviteInWrite(
  write: Write,
  { actor, site, now }: { actor: AuditActor | null; site: string; now: Date },
  target: InvitationTarget,
): Promise<InvitationOutcome> {
  const { tx, collegeId } = write;
  const ids = 'memberIds' in target ? [...new Set(target.memberIds)] : null;
  const candidates = await tx
    .select({
      id: users.id,
      name: users.name,
      firstLastname: users.firstLastname,
      email: users.email,
      status: users.status,
      removedAt: users.removedAt,
      signedInAt: users.signedInAt,
      bouncedEmail: memberDelivery.bouncedEmail,
    })
    .from(users)
    .leftJoin(memberDelivery, eq(memberDelivery.userId, users.id))
    .where(ids ? and(eq(users.collegeId, collegeId), inArray(users.id, ids)) : mayBeInvited(collegeId))
    // Two administrators inviting at once: the second waits here for the first's commit.
    .for('update', { of: users });
  const invitable = candidates.filter((m) => m.status === 'active' && !m.removedAt && !m.signedInAt && canWriteTo(m.email) && m.bouncedEmail !== m.email);
  const recent = await recentlyInvited(
    tx,
    collegeId,
    invitable.map((m) => m.id),
    now,
  );
  const fresh = invitable.filter((m) => !recent.has(m.id));
  const outcome: InvitationOutcome = {
    invited: fresh.length,
    already_invited: invitable.length - fresh.length,
    skipped: candidates.length - invitable.length,
    unknown: ids ? ids.length - candidates.length : 0,
  };
  if (fresh.length === 0) return outcome;

  const freshIds = fresh.map((m) => m.id);
  await tx.delete(invitations).where(and(eq(invitations.collegeId, collegeId), inArray(invitations.userId, freshIds)));
  // Waiting for its mail: a secret nobody holds stands in its place until the job mails the real one.
  const rows = fresh.map((member) => ({
    id: uuidv7(now.getTime()),
    collegeId,
    userId: member.id,
    tokenHash: digest(newSecret()),
    expiresAt: new Date(now.getTime() + invitationLifetimeMs),
    mailId: null,
    byUserId: actor?.user.id ?? null,
    createdAt: now,
  }));
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(invitations).values(rows.slice(i, i + 1000));
  // One statement for the whole batch (3,000 members of a roster), each row its own change number.
  const seqs = fresh.map((member) => String(write.stamp(memberPokeKeys(member.id))));
  await tx.execute(sql`
    update ${users} as u set invited_at = ${now.toISOString()}::timestamptz, seq = t.seq
    from unnest(${pgArray(freshIds)}::uuid[], ${pgArray(seqs)}::bigint[]) as t(id, seq)
    where u.id = t.id and u.college_id = ${collegeId}`);
  // The links point where the administrator invited from (the job reads it when it mails).
  await tx.insert(deliverySettings).values({ collegeId, site }).onConflictDoUpdate({ target: deliverySettings.collegeId, set: { site } });
  if (actor) {
    const only = fresh.length === 1 ? fresh[0]! : null;
    await recordAudit(tx, {
      collegeId,
      actor,
      kind: 'member.invited',
      subject: only ? { id: only.id, name: `${only.name} ${only.firstLastname}`.trim() } : null,
      before: null,
      after: { invited: outcome.invited, already_invited: outcome.already_invited, skipped: outcome.skipped, everyone_not_signed_in: ids === null },
    });
  }
  await wakeJob(tx, invitationMailJobName);
  return outcome;
}

/**
 * Of these members, those whose invitation is younger than `resendAfterMs` or still waits for
 * its mail, unless the address it went to is no longer theirs (corrected: it may go again).
 */
async function recentlyInvited(tx: Database, collegeId: string, ids: readonly string[], now: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = await tx
    .select({ userId: invitations.userId })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .leftJoin(mailOutbox, eq(mailOutbox.id, invitations.mailId))
    .where(
      and(
        eq(invitations.collegeId, collegeId),
        inArray(invitations.userId, [...ids]),
        isNull(invitations.usedAt),
        or(isNull(invitations.mailId), and(gt(invitations.createdAt, new Date(now.getTime() - resendAfterMs)), sql`${mailOutbox.to} = ${users.email}`)),
      ),
    );
  return new Set(found.map((row) => row.userId));
}

/** The member a live invitation's secret is for, or null (unknown, replaced, used, expired, not mailed yet, or the member signed in meanwhile). */
export async function liveInvitation(db: Database, collegeId: string, secret: string, now = new Date()) {
  const [found] = await db
    .select({ id: invitations.id, userId: users.id, name: users.name, email: users.email })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .where(
      and(
        eq(invitations.collegeId, collegeId),
        eq(invitations.tokenHash, digest(secret)),
        isNull(invitations.usedAt),
        isNotNull(invitations.mailId),
        gt(invitations.expiresAt, now),
        mayBeInvited(collegeId),
      ),
    )
    .limit(1);
  return found ?? null;
}

/**
 * Uses a live invitation: sets the member's password. Marking the invitation used is the
 * guard, so of two uses at once only one succeeds. Answers the member's id, or null.
 */
export async function acceptInvitation(db: Database, collegeId: string, secret: string, passwordHash: string, now = new Date()): Promise<string | null> {
  return writeInCollege(db, collegeId, async (write) => {
    const invitation = await liveInvitation(write.tx, collegeId, secret, now);
    if (!invitation) return null;
    const used = await write.tx
      .update(invitations)
      .set({ usedAt: now })
      .where(and(eq(invitations.id, invitation.id), isNull(invitations.usedAt)))
      .returning({ id: invitations.id });
    if (used.length === 0) return null;
    await write.tx
      .update(users)
      .set({ passwordHash, updatedAt: now, seq: write.stamp(memberPokeKeys(invitation.userId)) })
      .where(and(eq(users.collegeId, collegeId), eq(users.id, invitation.userId)));
    return invitation.userId;
  });
}

/** An address mail can be written to (server/delivery/members.ts `canWriteTo`), in SQL. */
const writableAddress = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** How many members of the college were never signed in and may be invited (the list's "Invite everyone not yet signed in"). */
export async function notSignedInCount(db: Database, collegeId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .leftJoin(memberDelivery, eq(memberDelivery.userId, users.id))
    .where(and(mayBeInvited(collegeId), sql`${users.email} ~ ${writableAddress.source}`, sql`${memberDelivery.bouncedEmail} is distinct from ${users.email}`));
  return row?.count ?? 0;
}
