import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { uuidv7 } from '../../contract/ids';
import type { Database } from '../db/client';
import { users, type colleges } from '../db/schema';
import { memberDelivery } from '../delivery/schema';
import { mailLanguageOf } from '../delivery/members';
import { mailDateTime } from '../delivery/mailTexts';
import type { Mail, Mailer } from '../mail/mailer';
import { memberPokeKeys } from '../audience/guardians';
import { writeInCollege } from '../sync/writeInCollege';
import { digest, newSecret } from '../auth/tokens';
import { invitationMail } from './invitationMail';
import { invitations } from './schema';

/** How long an invitation's link works. */
export const invitationLifetimeMs = 10 * 24 * 60 * 60 * 1000;

type College = Pick<typeof colleges.$inferSelect, 'id' | 'name' | 'language' | 'timeZone'>;

/** Who is invited: the given members, or every member of the college who never signed in. */
export type InvitationTarget = { memberIds: readonly string[] } | { everyoneNotSignedIn: true };

export interface InvitationOutcome {
  /** Members a new link was mailed to (an earlier link of theirs stops working). */
  invited: number;
  /** Given members who cannot be invited: they signed in already, are not active, or were removed. */
  skipped: number;
  /** Given ids that are no member of this college. */
  unknown: number;
}

/** The link of an invitation's secret on the site the request came to (`https://school.example`). */
export const invitationLink = (site: string, secret: string): string => `${site}/auth/invitation?${new URLSearchParams({ token: secret }).toString()}`;

/**
 * Mails a new invitation to each member who may be invited: active, not removed, never signed
 * in. One transaction writes the invitations (replacing each member's earlier one), stamps
 * the members' rows (`invited_at`, for the administrators' synced list) and records the mails
 * in the outbox, so a mail exists exactly when its invitation does; they leave after the
 * commit, through the college's SMTP settings when it has them (else they stay `logged`).
 */
export async function inviteMembers(
  db: Database,
  mailer: Mailer,
  { college, byUserId, site, now = new Date() }: { college: College; byUserId: string | null; site: string; now?: Date },
  target: InvitationTarget,
): Promise<InvitationOutcome> {
  const ids = 'memberIds' in target ? [...new Set(target.memberIds)] : null;
  const { outcome, deliver } = await writeInCollege(db, college.id, async (write) => {
    const { tx } = write;
    const candidates = await tx
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        status: users.status,
        removedAt: users.removedAt,
        signedInAt: users.signedInAt,
        language: memberDelivery.language,
      })
      .from(users)
      .leftJoin(memberDelivery, eq(memberDelivery.userId, users.id))
      .where(and(eq(users.collegeId, college.id), ids ? inArray(users.id, ids) : isNull(users.signedInAt)))
      // Two administrators inviting at once: the second waits for the first's links, then replaces them.
      .for('update', { of: users });
    const invitable = candidates.filter((m) => m.status === 'active' && !m.removedAt && !m.signedInAt && m.email !== '');
    const found = candidates.length;
    const outcome: InvitationOutcome = {
      invited: invitable.length,
      skipped: found - invitable.length,
      unknown: ids ? ids.length - found : 0,
    };
    if (invitable.length === 0) return { outcome, deliver: () => Promise.resolve() };

    const expiresAt = new Date(now.getTime() + invitationLifetimeMs);
    const mails: Mail[] = [];
    const rows: (typeof invitations.$inferInsert)[] = [];
    for (const member of invitable) {
      const secret = newSecret();
      const language = mailLanguageOf(member.language, college.language);
      const mailId = uuidv7();
      mails.push({
        ...invitationMail({
          to: member.email,
          userId: member.id,
          firstName: member.name,
          collegeName: college.name,
          language,
          link: invitationLink(site, secret),
          until: mailDateTime(expiresAt, language, college.timeZone, { dateStyle: 'long' }),
        }),
        id: mailId,
      });
      rows.push({ id: uuidv7(), collegeId: college.id, userId: member.id, tokenHash: digest(secret), expiresAt, mailId, byUserId, createdAt: now });
    }
    const invitedIds = invitable.map((m) => m.id);
    await tx.delete(invitations).where(and(eq(invitations.collegeId, college.id), inArray(invitations.userId, invitedIds)));
    const recorded = await mailer.record(tx, college.id, mails);
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(invitations).values(rows.slice(i, i + 1000));
    for (const member of invitable) {
      await tx
        .update(users)
        .set({ invitedAt: now, seq: write.stamp(memberPokeKeys(member.id)) })
        .where(and(eq(users.collegeId, college.id), eq(users.id, member.id)));
    }
    return { outcome, deliver: recorded.deliver };
  });
  void deliver();
  return outcome;
}

/** The member a live invitation's secret is for, or null (unknown, replaced, used, expired, or the member signed in meanwhile). */
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
        gt(invitations.expiresAt, now),
        eq(users.collegeId, collegeId),
        eq(users.status, 'active'),
        isNull(users.removedAt),
        isNull(users.signedInAt),
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

/** How many members of the college were never signed in and may be invited (the list's "Invite everyone not yet signed in"). */
export async function notSignedInCount(db: Database, collegeId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.collegeId, collegeId), eq(users.status, 'active'), isNull(users.removedAt), isNull(users.signedInAt)));
  return row?.count ?? 0;
}
