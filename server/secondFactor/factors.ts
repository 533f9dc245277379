/**
 * A member's confirmed factors and whether the college requires one of their role: what the
 * sign-in's gate, the profile's list and the removal of a factor all ask.
 */
import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { SecondFactorView, SecondStepMethod } from '../../contract/secondFactor';
import type { Role } from '../../contract/permissions';
import type { Database } from '../db/client';
import { recoveryCodes, secondFactors, securitySettings } from './schema';

export type FactorRow = typeof secondFactors.$inferSelect;

export const factorView = (row: FactorRow): SecondFactorView => ({
  id: row.id,
  kind: row.kind,
  label: row.label,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

const ofMember = (collegeId: string, userId: string) => and(eq(secondFactors.collegeId, collegeId), eq(secondFactors.userId, userId));

/** The member's factors that count: passkeys, and apps confirmed with a first code. */
export function confirmedFactors(db: Database, collegeId: string, userId: string): Promise<FactorRow[]> {
  return db
    .select()
    .from(secondFactors)
    .where(and(ofMember(collegeId, userId), isNotNull(secondFactors.confirmedAt)))
    .orderBy(asc(secondFactors.createdAt), asc(secondFactors.id));
}

export async function unusedRecoveryCodes(db: Database, collegeId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.collegeId, collegeId), eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export interface Requirement {
  requireForAdmins: boolean;
  requireForStaff: boolean;
  updatedAt: Date | null;
}

export async function requirementOf(db: Database, collegeId: string): Promise<Requirement> {
  const [row] = await db.select().from(securitySettings).where(eq(securitySettings.collegeId, collegeId)).limit(1);
  return row ?? { requireForAdmins: false, requireForStaff: false, updatedAt: null };
}

/** The college requires a second factor of this role (only administrators and staff may have one). */
export async function requiredFor(db: Database, collegeId: string, role: Role): Promise<boolean> {
  const requirement = await requirementOf(db, collegeId);
  return (role === 'admin' && requirement.requireForAdmins) || (role === 'staff' && requirement.requireForStaff);
}

/** The methods a sign-in's second step offers this member, in the order the screen shows them. */
export async function methodsOf(db: Database, collegeId: string, userId: string): Promise<SecondStepMethod[]> {
  const factors = await confirmedFactors(db, collegeId, userId);
  if (factors.length === 0) return [];
  const methods: SecondStepMethod[] = [];
  if (factors.some((f) => f.kind === 'webauthn')) methods.push('webauthn');
  if (factors.some((f) => f.kind === 'totp')) methods.push('totp');
  if ((await unusedRecoveryCodes(db, collegeId, userId)) > 0) methods.push('recovery');
  return methods;
}
