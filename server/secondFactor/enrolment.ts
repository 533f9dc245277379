/**
 * Adding and removing a member's factors: an authenticator app (begun, then confirmed with a
 * first code), a passkey (registration options, then the browser's answer), the recovery
 * codes made with the first factor and on demand. Used by the profile (a signed-in member)
 * and by a sign-in that must enrol first (a member the college requires one of, within the
 * ticket). Every change is in the audit trail.
 */
import { randomUUID } from 'node:crypto';
import { generateRegistrationOptions, verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, eq, gt, isNull, isNotNull, lt } from 'drizzle-orm';
import { messages } from '../../contract/messages';
import type { CeremonyOptions, FactorAdded, TotpBeginResponse } from '../../contract/secondFactor';
import type { UserRow } from '../auth/requireUser';
import { memberName, recordAudit } from '../auditRecord/recordAudit';
import type { Database } from '../db/client';
import { HttpError, notFound, ValidationFailed } from '../http/errors';
import type { Origin } from '../http/origin';
import type { SecretKey } from '../mail/secretKey';
import { confirmedFactors, factorView, requiredFor, type FactorRow } from './factors';
import { regenerateRecoveryCodes } from './recoveryCodes';
import { recoveryCodes, secondFactorChallenges, secondFactors } from './schema';
import { ticketLifetimeMs } from './tickets';
import { matchTotpStep, newTotpSecret, totpUri } from './totp';

/** Who adds or removes, from where: the member themselves. */
export interface Enroller {
  member: UserRow;
  origin: Origin;
  secrets: SecretKey;
}

/** The relying party of a ceremony: the request's host name and origin, the college's name. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A factor's id as the path gave it: anything but a uuid names no factor (and never reaches the database). */
const factorId = (id: string): string => {
  if (!uuidShape.test(id)) throw notFound(messages.secondFactorNotFound);
  return id;
};

const ofMember = (member: UserRow) => and(eq(secondFactors.collegeId, member.collegeId), eq(secondFactors.userId, member.id));

async function audit(db: Database, who: Enroller, kind: 'secondFactor.added' | 'secondFactor.removed', row: FactorRow): Promise<void> {
  const values = { factor_kind: row.kind, factor_label: row.label };
  await recordAudit(db, {
    collegeId: who.member.collegeId,
    actor: { user: who.member, origin: who.origin },
    kind,
    subject: { id: who.member.id, name: memberName(who.member) },
    before: kind === 'secondFactor.removed' ? values : null,
    after: kind === 'secondFactor.added' ? values : null,
  });
}

/**
 * A factor just confirmed: its audit record, and the ten recovery codes when it is the
 * member's first (the codes of an earlier set, if any, are replaced).
 */
async function added(db: Database, who: Enroller, row: FactorRow): Promise<FactorAdded> {
  await audit(db, who, 'secondFactor.added', row);
  const all = await confirmedFactors(db, who.member.collegeId, who.member.id);
  const first = all.length === 1;
  return { factor: factorView(row), recovery_codes: first ? await regenerateRecoveryCodes(db, who.member.collegeId, who.member.id) : null };
}

/** An app being added: its secret sealed with the installation's key, the address its QR code carries. */
export async function beginTotp(db: Database, who: Enroller, label: string, issuer: string): Promise<TotpBeginResponse> {
  const secret = newTotpSecret();
  const id = randomUUID();
  // An app begun and never confirmed is dropped when another begins.
  await db.delete(secondFactors).where(and(ofMember(who.member), eq(secondFactors.kind, 'totp'), isNull(secondFactors.confirmedAt)));
  await db.insert(secondFactors).values({
    id,
    collegeId: who.member.collegeId,
    userId: who.member.id,
    kind: 'totp',
    label: label || 'Authenticator app',
    totpSecretEncrypted: who.secrets.seal(secret),
  });
  return { id, secret, uri: totpUri(secret, issuer, who.member.email || memberName(who.member)) };
}

/** The app's first code confirms it; the step is kept so that code is never accepted again. */
export async function confirmTotp(db: Database, who: Enroller, id: string, code: string, nowMs = Date.now()): Promise<FactorAdded> {
  factorId(id);
  const [row] = await db
    .select()
    .from(secondFactors)
    .where(and(ofMember(who.member), eq(secondFactors.id, id), eq(secondFactors.kind, 'totp'), isNull(secondFactors.confirmedAt)));
  if (!row?.totpSecretEncrypted) throw notFound(messages.secondFactorNotFound);
  const step = matchTotpStep(who.secrets.open(row.totpSecretEncrypted), code, nowMs, null);
  if (step === null) throw ValidationFailed.field('code', messages.secondFactorWrong);
  const [confirmed] = await db
    .update(secondFactors)
    .set({ confirmedAt: new Date(nowMs), lastTotpStep: step })
    .where(and(eq(secondFactors.id, id), isNull(secondFactors.confirmedAt)))
    .returning();
  // Two confirmations at once: the other one confirmed it.
  if (!confirmed) throw notFound(messages.secondFactorNotFound);
  return added(db, who, confirmed);
}

/** The options of a passkey's registration; its challenge kept five minutes, used once. */
export async function passkeyRegistrationOptions(db: Database, who: Enroller, rp: RelyingParty): Promise<CeremonyOptions> {
  const existing = await confirmedFactors(db, who.member.collegeId, who.member.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: who.member.email || memberName(who.member),
    userDisplayName: memberName(who.member),
    userID: new TextEncoder().encode(who.member.id),
    attestationType: 'none',
    excludeCredentials: existing.filter((f) => f.credentialId).map((f) => ({ id: f.credentialId!, transports: f.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  const now = new Date();
  // Ceremonies abandoned long ago are of no use to anyone.
  await db.delete(secondFactorChallenges).where(lt(secondFactorChallenges.expiresAt, new Date(now.getTime() - ticketLifetimeMs)));
  await db.insert(secondFactorChallenges).values({
    id: randomUUID(),
    collegeId: who.member.collegeId,
    userId: who.member.id,
    purpose: 'register',
    challenge: options.challenge,
    expiresAt: new Date(now.getTime() + ticketLifetimeMs),
  });
  return options as unknown as CeremonyOptions;
}

/** The challenge a browser's answer signed, as its client data says (checked again by the library). */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length <= 200 ? data.challenge : null;
  } catch {
    return null;
  }
}

/** Takes the member's live registration challenge the answer names: once only. */
async function takeRegistrationChallenge(db: Database, member: UserRow, challenge: string): Promise<boolean> {
  const now = new Date();
  const taken = await db
    .update(secondFactorChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(secondFactorChallenges.collegeId, member.collegeId),
        eq(secondFactorChallenges.userId, member.id),
        eq(secondFactorChallenges.purpose, 'register'),
        eq(secondFactorChallenges.challenge, challenge),
        isNull(secondFactorChallenges.usedAt),
        gt(secondFactorChallenges.expiresAt, now),
      ),
    )
    .returning({ id: secondFactorChallenges.id });
  return taken.length === 1;
}

/** The browser's answer to the registration: verified against its challenge, the rp id and origin. */
export async function registerPasskey(db: Database, who: Enroller, rp: RelyingParty, label: string, response: RegistrationResponseJSON): Promise<FactorAdded> {
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!challenge || !(await takeRegistrationChallenge(db, who.member, challenge))) throw ValidationFailed.field('credential', messages.secondFactorExpired);
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw ValidationFailed.field('credential', messages.secondFactorPasskeyFailed);
  }
  if (!verified.verified) throw ValidationFailed.field('credential', messages.secondFactorPasskeyFailed);
  const { credential } = verified.registrationInfo;
  const [row] = await db
    .insert(secondFactors)
    .values({
      id: randomUUID(),
      collegeId: who.member.collegeId,
      userId: who.member.id,
      kind: 'webauthn',
      label: label || 'Passkey',
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      confirmedAt: new Date(),
    })
    .onConflictDoNothing({ target: secondFactors.credentialId })
    .returning();
  // The same authenticator registered twice (here or elsewhere): refused, nothing stored.
  if (!row) throw ValidationFailed.field('credential', messages.secondFactorPasskeyFailed);
  return added(db, who, row);
}

/**
 * Removes one of the member's factors. The last one is refused when the college requires one
 * of the member's role; with it go the recovery codes, which nothing asks for any more.
 */
export async function removeFactor(db: Database, who: Enroller, id: string): Promise<void> {
  factorId(id);
  const required = await requiredFor(db, who.member.collegeId, who.member.role);
  await db.transaction(async (tx) => {
    // The member's rows locked: two removals at once cannot both take the last-but-one.
    const factors = await tx
      .select()
      .from(secondFactors)
      .where(and(ofMember(who.member), isNotNull(secondFactors.confirmedAt)))
      .for('update');
    const row = factors.find((f) => f.id === id);
    if (!row) throw notFound(messages.secondFactorNotFound);
    if (factors.length === 1 && required) throw new HttpError(409, messages.secondFactorLastRequired);
    await tx.delete(secondFactors).where(and(ofMember(who.member), eq(secondFactors.id, id)));
    await audit(tx, who, 'secondFactor.removed', row);
    if (factors.length === 1)
      await tx.delete(recoveryCodes).where(and(eq(recoveryCodes.collegeId, who.member.collegeId), eq(recoveryCodes.userId, who.member.id)));
  });
}

/** A new set of ten codes, replacing the old: only for a member who has a factor. */
export async function newRecoveryCodes(db: Database, who: Enroller): Promise<string[]> {
  const factors = await confirmedFactors(db, who.member.collegeId, who.member.id);
  if (factors.length === 0) throw new HttpError(409, messages.secondFactorNoneYet);
  const codes = await regenerateRecoveryCodes(db, who.member.collegeId, who.member.id);
  await recordAudit(db, {
    collegeId: who.member.collegeId,
    actor: { user: who.member, origin: who.origin },
    kind: 'secondFactor.recoveryCodesRegenerated',
    subject: { id: who.member.id, name: memberName(who.member) },
    before: null,
    after: null,
  });
  return codes;
}
