/**
 * The second step of a password sign-in: the gate that answers a ticket instead of a session
 * (server/auth/signInGate.ts), and the checks of each method: an app's code (a step later than
 * the last accepted), a passkey's assertion (its counter kept), a recovery code (once).
 */
import { generateAuthenticationOptions, verifyAuthenticationResponse, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { CeremonyOptions } from '../../contract/secondFactor';
import type { PasswordSignInGate } from '../auth/signInGate';
import type { UserRow } from '../auth/requireUser';
import { memberName, recordAudit } from '../auditRecord/recordAudit';
import type { Database } from '../db/client';
import type { Origin } from '../http/origin';
import type { SecretKey } from '../mail/secretKey';
import { challengeOf, type RelyingParty } from './enrolment';
import { confirmedFactors, methodsOf, requiredFor } from './factors';
import { useRecoveryCode } from './recoveryCodes';
import { secondFactors } from './schema';
import { issueSignInTicket, setTicketChallenge, takeTicketChallenge } from './tickets';
import { matchTotpStep } from './totp';

/**
 * A member with a factor is asked for it; a member without one whom the college requires
 * to have one enrols within the ticket (so an administrator is never locked out); anyone else
 * gets the session at once.
 */
export const secondFactorGate: PasswordSignInGate = async (db, college, user) => {
  const methods = await methodsOf(db, college.id, user.id);
  const enrolment = methods.length === 0 && (await requiredFor(db, college.id, user.role));
  if (methods.length === 0 && !enrolment) return null;
  const { ticket, expiresAt } = await issueSignInTicket(db, college.id, user.id);
  return { second_factor_required: true, ticket, methods, enrolment_required: enrolment, expires_at: expiresAt.toISOString() };
};

/** An app's code: accepted for one of the member's apps, its step then kept so it is never accepted again. */
export async function checkTotp(db: Database, secrets: SecretKey, member: UserRow, code: string, nowMs = Date.now()): Promise<boolean> {
  const apps = (await confirmedFactors(db, member.collegeId, member.id)).filter((f) => f.kind === 'totp' && f.totpSecretEncrypted);
  for (const app of apps) {
    const step = matchTotpStep(secrets.open(app.totpSecretEncrypted!), code, nowMs, app.lastTotpStep);
    if (step === null) continue;
    // Conditional, so the same code sent twice at once is accepted once.
    const kept = await db
      .update(secondFactors)
      .set({ lastTotpStep: step, lastUsedAt: new Date(nowMs) })
      .where(and(eq(secondFactors.id, app.id), or(isNull(secondFactors.lastTotpStep), lt(secondFactors.lastTotpStep, step))))
      .returning({ id: secondFactors.id });
    if (kept.length === 1) return true;
  }
  return false;
}

/** The options of the passkey step: the member's passkeys, a new challenge kept on the ticket. */
export async function passkeyStepOptions(db: Database, member: UserRow, ticket: string, rp: RelyingParty): Promise<CeremonyOptions | null> {
  const passkeys = (await confirmedFactors(db, member.collegeId, member.id)).filter((f) => f.kind === 'webauthn' && f.credentialId);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys.map((f) => ({ id: f.credentialId!, transports: f.transports })),
    userVerification: 'preferred',
  });
  if (!(await setTicketChallenge(db, member.collegeId, ticket, options.challenge))) return null;
  return options as unknown as CeremonyOptions;
}

export type PasskeyCheck = 'ok' | 'expired' | 'unknown' | 'failed';

/** A passkey's assertion, against the challenge of the ticket (taken once) and the stored counter. */
export async function checkPasskey(
  db: Database,
  member: UserRow,
  ticket: string,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
): Promise<PasskeyCheck> {
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!challenge || !(await takeTicketChallenge(db, member.collegeId, ticket, challenge))) return 'expired';
  const passkey = (await confirmedFactors(db, member.collegeId, member.id)).find((f) => f.kind === 'webauthn' && f.credentialId === response.id);
  if (!passkey?.publicKey) return 'unknown';
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId!,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: false,
    });
  } catch {
    return 'failed';
  }
  if (!verified.verified) return 'failed';
  // The counter only goes up: an assertion replayed with an older counter matches nothing.
  const kept = await db
    .update(secondFactors)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(and(eq(secondFactors.id, passkey.id), eq(secondFactors.counter, passkey.counter)))
    .returning({ id: secondFactors.id });
  return kept.length === 1 ? 'ok' : 'failed';
}

/** A recovery code: used once, and recorded in the audit trail (the school may want to know). */
export async function checkRecoveryCode(db: Database, member: UserRow, code: string, origin: Origin): Promise<boolean> {
  if (!(await useRecoveryCode(db, member.collegeId, member.id, code))) return false;
  await recordAudit(db, {
    collegeId: member.collegeId,
    actor: { user: member, origin },
    kind: 'secondFactor.recoveryCodeUsed',
    subject: { id: member.id, name: memberName(member) },
    before: null,
    after: null,
  });
  return true;
}
