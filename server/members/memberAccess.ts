import { randomInt } from 'node:crypto';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import type { ResetMemberPasswordResponse } from '../../contract/members';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { resetMail } from '../auth/resetMail';
import type { Database } from '../db/client';
import { reserveTry } from '../db/countedTries';
import { colleges, smtpSettings, users } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { hiddenValue } from '../../contract/audit';
import { auditMember } from './memberAudit';
import { writeInCollege } from '../sync/writeInCollege';
import { type AdminActor, memberPokeKeys, assertManagesMembers, liveMember, signOutEverywhere } from './memberService';
import { pinAttempts } from './schema';

export const maxWrongPins = 5;
export const pinWindowMs = 15 * 60 * 1000;

/** The key whose lock counts one member's PIN tries one after another. */
export const pinTryKey = (collegeId: string, memberId: string): string => `pin ${collegeId} ${memberId}`;

/**
 * `POST /api/v1/members/{id}/verify-pin`: whether `pin` is the member's. Wrong tries are
 * counted per member in the database (every API process shares them): past 5 within 15
 * minutes a try answers 429 without looking. A right PIN clears the count. Only an active
 * member's PIN is valid.
 *
 * The try is kept before the PIN is checked, under a lock (`reserveTry`), so any number of
 * simultaneous tries, in any number of processes, check at most `maxWrongPins`.
 */
export async function verifyMemberPin(db: Database, collegeId: string, memberId: string, pin: string): Promise<boolean> {
  const member = await liveMember({ tx: db, collegeId }, memberId);
  const since = new Date(Date.now() - pinWindowMs);
  const same = and(eq(pinAttempts.collegeId, collegeId), eq(pinAttempts.userId, member.id));
  const id = uuidv7();
  const reserved = await reserveTry(db, pinTryKey(collegeId, member.id), maxWrongPins, {
    count: async (tx) => {
      await tx.delete(pinAttempts).where(and(same, lt(pinAttempts.attemptedAt, since)));
      const [tries] = await tx
        .select({ n: count() })
        .from(pinAttempts)
        .where(and(same, gt(pinAttempts.attemptedAt, since)));
      return tries?.n ?? 0;
    },
    keep: (tx) => tx.insert(pinAttempts).values({ id, collegeId, userId: member.id }),
  });
  if (!reserved) throw new HttpError(429, messages.tooManyRequests);
  const withdraw = () => db.delete(pinAttempts).where(eq(pinAttempts.id, id));
  if (member.pinCode === null) {
    await withdraw();
    throw new HttpError(409, messages.pinNotSet);
  }
  // A disabled (or not yet approved) member's PIN vouches for no one: a school that
  // disables a guardian means them not to pick anyone up.
  if (member.status !== 'active') {
    await withdraw();
    return false;
  }
  if (await verifyPassword(member.pinCode, pin)) {
    await db.delete(pinAttempts).where(same);
    return true;
  }
  // A wrong PIN: its try stays counted.
  return false;
}

/** Letters and digits that cannot be mistaken for one another when read aloud or copied. */
const readable = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A one-time temporary password: three groups of four, `k7mp-x3rt-9wqa` (14 characters). */
export function temporaryPassword(): string {
  const group = () => Array.from({ length: 4 }, () => readable[randomInt(readable.length)]).join('');
  return [group(), group(), group()].join('-');
}

/**
 * An administrator resets a member's password. With SMTP settings the member gets the
 * recovery mail (server/auth/resetMail.ts); without, a temporary password replaces theirs
 * and is answered once. Either way every device of the member is signed out.
 */
export async function resetMemberPassword(
  db: Database,
  mailer: Mailer,
  actor: AdminActor,
  memberId: string,
  link: (secret: string, email: string) => string,
  startReset: (collegeId: string, userId: string) => Promise<string>,
): Promise<ResetMemberPasswordResponse> {
  assertManagesMembers(actor);
  const collegeId = actor.user.collegeId;
  const member = await liveMember({ tx: db, collegeId }, memberId);
  const [settings] = await db.select({ id: smtpSettings.id }).from(smtpSettings).where(eq(smtpSettings.collegeId, collegeId)).limit(1);
  if (settings) {
    const [college] = await db.select().from(colleges).where(eq(colleges.id, collegeId));
    const secret = await startReset(collegeId, member.id);
    await writeInCollege(db, collegeId, async (write) => {
      await signOutEverywhere(write, member.id);
      await auditMember(write, actor, 'member.passwordReset', member, { password: hiddenValue }, { password: hiddenValue, reset: 'mail' });
    });
    await mailer.send(collegeId, resetMail({ to: member.email, collegeName: college!.name, language: college!.language, link: link(secret, member.email) }));
    return { mode: 'mail', email: member.email };
  }
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  await writeInCollege(db, collegeId, async (write) => {
    await write.tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date(), seq: write.stamp(memberPokeKeys(member.id)) })
      .where(eq(users.id, member.id));
    await signOutEverywhere(write, member.id);
    await auditMember(write, actor, 'member.passwordReset', member, { password: hiddenValue }, { password: hiddenValue, reset: 'temporary' });
  });
  return { mode: 'temporary', temporary_password: password };
}
