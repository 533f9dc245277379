import { and, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { followChild, memberPokeKeys, setMemberSections } from '../audience/guardians';
import { audienceKeys } from '../../contract/audience';
import { hiddenValue } from '../../contract/audit';
import { messages } from '../../contract/messages';
import type { MemberFields } from '../../contract/members';
import { can } from '../../contract/permissions';
import { normalizeRut } from '../../contract/rut';
import { looksLikeUuid } from '../audience/references';
import { hashPassword, unusablePassword } from '../auth/passwords';
import { passwordResets, places, sections, users } from '../db/schema';
import { forbidden, HttpError, notFound, ValidationFailed } from '../http/errors';
import { forgetMemberDevices } from '../push/subscriptions';
import type { MutationActor } from '../sync/mutation';
import type { Write } from '../sync/writeInCollege';
import { accessTokens } from '../db/schema';
import type { MemberRecord } from './memberEntity';
import { auditMember, memberAuditKind, memberValues } from './memberAudit';
import { pinAttempts } from './schema';

/**
 * Writing members: the one implementation behind the push mutations (members.*) and the
 * REST routes of server/members/memberRoutes.ts. Every write stamps the member's users row
 * for administrators' devices (`admins`) and for the member's own (`user:<id>`: a new role,
 * sections or status pokes their device, whose next pull answers `reset`).
 */

export { unusablePassword };

/** An administrator writing members, and where from (recorded in the audit trail). */
export type AdminActor = Pick<MutationActor, 'user' | 'origin'>;

export { memberPokeKeys };

export function assertManagesMembers(actor: Pick<MutationActor, 'user'>): void {
  if (!can(actor.user.role, 'users.manage')) throw forbidden();
}

/** A live (not deleted) member of the write's college, or 404 (another college's id too). */
export async function liveMember(write: Pick<Write, 'tx' | 'collegeId'>, id: string, lock = false): Promise<MemberRecord> {
  const query = looksLikeUuid(id)
    ? write.tx
        .select()
        .from(users)
        .where(and(eq(users.id, id.toLowerCase()), eq(users.collegeId, write.collegeId), isNull(users.removedAt)))
    : null;
  const [row] = query ? (lock ? await query.for('update') : await query) : [];
  if (!row) throw notFound(messages.memberNotFound);
  return row;
}

export interface CheckedFields {
  rut: string | null;
  sectionIds: string[];
  childIds: string[];
}

const lower = (ids: readonly string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];

/**
 * Checks what an administrator wrote against the college: the email and rut free (422 on
 * the field), the place, sections and children existing (children: students of the
 * college). Answers the guardian's sections as their own plus their children's.
 */
export async function checkMemberFields(write: Pick<Write, 'tx' | 'collegeId'>, fields: MemberFields, selfId: string | null): Promise<CheckedFields> {
  const { tx, collegeId } = write;
  const errors: Record<string, string[]> = {};
  const others = selfId ? and(eq(users.collegeId, collegeId), ne(users.id, selfId)) : eq(users.collegeId, collegeId);
  const rut = fields.rut === '' ? null : normalizeRut(fields.rut);
  const [emailOwner] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(others, eq(users.email, fields.email)))
    .limit(1);
  if (emailOwner) errors.email = [messages.emailTaken];
  if (rut) {
    const [rutOwner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(others, eq(users.rut, rut)))
      .limit(1);
    if (rutOwner) errors.rut = [messages.rutTaken];
  }
  if (fields.place_id) {
    const [place] = await tx
      .select({ id: places.id })
      .from(places)
      .where(and(eq(places.collegeId, collegeId), eq(places.id, fields.place_id.toLowerCase()), isNull(places.deletedAt)));
    if (!place) errors.place_id = [messages.unknownReference];
  }
  const sectionIds = lower(fields.section_ids);
  if (sectionIds.length > 0) {
    const found = await tx
      .select({ id: sections.id })
      .from(sections)
      .where(and(eq(sections.collegeId, collegeId), inArray(sections.id, sectionIds), isNull(sections.deletedAt)));
    if (found.length !== sectionIds.length) errors.section_ids = [messages.unknownReference];
  }
  const childIds = fields.role === 'guardian' ? lower(fields.child_ids) : [];
  let childSections: string[] = [];
  if (childIds.length > 0) {
    const children = await tx
      .select({ id: users.id, sectionIds: users.sectionIds })
      .from(users)
      .where(and(eq(users.collegeId, collegeId), inArray(users.id, childIds), eq(users.role, 'student'), isNull(users.removedAt)));
    if (children.length !== childIds.length || (selfId && childIds.includes(selfId))) errors.child_ids = [messages.unknownReference];
    childSections = children.flatMap((c) => c.sectionIds);
  }
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  return { rut, sectionIds: [...new Set([...sectionIds, ...childSections])].sort(), childIds: childIds.sort() };
}

/** Replaces the member's user_sections (what their audience is built from) by `sectionIds`. */
async function activeAdminsBesides(write: Pick<Write, 'tx' | 'collegeId'>, userId: string): Promise<number> {
  const [row] = await write.tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.collegeId, write.collegeId), eq(users.role, 'admin'), eq(users.status, 'active'), isNull(users.removedAt), ne(users.id, userId)));
  return row?.n ?? 0;
}

/**
 * Guard rails: an administrator cannot remove themself (delete, disable, demote), and the
 * last active administrator stays one.
 */
async function assertKeepsAdmin(
  write: Pick<Write, 'tx' | 'collegeId'>,
  actor: Pick<MutationActor, 'user'>,
  target: MemberRecord,
  next: { role: string; status: string } | null,
  field: 'role' | 'status' | null,
): Promise<void> {
  const removesAdmin = target.role === 'admin' && target.status === 'active' && (next === null || next.role !== 'admin' || next.status !== 'active');
  if (!removesAdmin) return;
  const fail = (message: string) => (field ? ValidationFailed.field(field, message) : new HttpError(409, message));
  if (target.id === actor.user.id) throw fail(messages.memberSelf);
  if ((await activeAdminsBesides(write, target.id)) === 0) throw fail(messages.lastAdmin);
}

/** Signs a member out everywhere at once: tokens (the next request answers 401) and push. */
export async function signOutEverywhere(write: Pick<Write, 'tx' | 'collegeId'>, userId: string): Promise<void> {
  await write.tx.delete(accessTokens).where(and(eq(accessTokens.collegeId, write.collegeId), eq(accessTokens.userId, userId)));
  await forgetMemberDevices(write.tx, write.collegeId, userId);
}

export async function createMember(write: Write, actor: AdminActor, args: MemberFields & { id: string }): Promise<MemberRecord> {
  assertManagesMembers(actor);
  const id = args.id.toLowerCase();
  const checked = await checkMemberFields(write, args, id);
  const now = new Date();
  const [row] = await write.tx
    .insert(users)
    .values({
      id,
      collegeId: write.collegeId,
      role: args.role,
      status: args.status,
      name: args.name,
      firstLastname: args.first_lastname,
      secondLastname: args.second_lastname,
      email: args.email,
      rut: checked.rut,
      phone: args.phone,
      birthdate: args.birthdate === '' ? null : args.birthdate,
      passwordHash: unusablePassword,
      placeId: args.place_id?.toLowerCase() ?? null,
      sectionIds: checked.sectionIds,
      childIds: checked.childIds,
      createdAt: now,
      updatedAt: now,
      seq: write.stamp(memberPokeKeys(id)),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new HttpError(409, messages.conflict);
  await setMemberSections(write, id, checked.sectionIds);
  await auditMember(write, actor, 'member.created', row, null, memberValues(row));
  return row;
}

export async function updateMember(write: Write, actor: AdminActor, args: MemberFields & { id: string }): Promise<MemberRecord> {
  assertManagesMembers(actor);
  const current = await liveMember(write, args.id, true);
  // A pending sign-up is answered with approve or reject; its other fields may be edited.
  const status = current.status === 'pending' ? 'pending' : args.status;
  await assertKeepsAdmin(write, actor, current, { role: args.role, status }, current.role !== args.role ? 'role' : 'status');
  const checked = await checkMemberFields(write, { ...args, section_ids: await withoutFormerChildren(write, current, args) }, current.id);
  const [row] = await write.tx
    .update(users)
    .set({
      role: args.role,
      status,
      name: args.name,
      firstLastname: args.first_lastname,
      secondLastname: args.second_lastname,
      email: args.email,
      rut: checked.rut,
      phone: args.phone,
      birthdate: args.birthdate === '' ? null : args.birthdate,
      placeId: args.place_id?.toLowerCase() ?? null,
      sectionIds: checked.sectionIds,
      childIds: checked.childIds,
      updatedAt: new Date(),
      seq: write.stamp(memberPokeKeys(current.id)),
    })
    .where(eq(users.id, current.id))
    .returning();
  const sectionsChanged = checked.sectionIds.join() !== [...current.sectionIds].sort().join();
  if (sectionsChanged) await setMemberSections(write, current.id, checked.sectionIds);
  if (current.role === 'student' && (sectionsChanged || args.role !== 'student')) {
    await followChild(write, { id: current.id, before: current.sectionIds, after: args.role === 'student' ? checked.sectionIds : null });
  }
  if (status === 'disabled' && current.status !== 'disabled') await signOutEverywhere(write, current.id);
  await auditMember(write, actor, memberAuditKind(current, row!), row!, memberValues(current), memberValues(row!));
  return row!;
}

/**
 * The form sends a guardian's sections as it shows them, their children's included: a
 * child taken off the list takes their sections along (the remaining children's come back
 * with the union in checkMemberFields).
 */
async function withoutFormerChildren(write: Pick<Write, 'tx' | 'collegeId'>, current: MemberRecord, args: MemberFields): Promise<string[]> {
  const kept = new Set(args.role === 'guardian' ? args.child_ids.map((id) => id.toLowerCase()) : []);
  const former = current.childIds.filter((id) => !kept.has(id));
  if (former.length === 0) return args.section_ids;
  const rows = await write.tx
    .select({ sectionIds: users.sectionIds })
    .from(users)
    .where(and(eq(users.collegeId, write.collegeId), inArray(users.id, former)));
  const theirs = new Set(rows.flatMap((row) => row.sectionIds));
  return args.section_ids.filter((id) => !theirs.has(id.toLowerCase()));
}

export async function approveMember(write: Write, actor: AdminActor, args: { id: string }): Promise<MemberRecord> {
  assertManagesMembers(actor);
  const current = await liveMember(write, args.id, true);
  if (current.status !== 'pending') throw new HttpError(409, messages.memberNotPending);
  const [row] = await write.tx
    .update(users)
    .set({ status: 'active', updatedAt: new Date(), seq: write.stamp(memberPokeKeys(current.id)) })
    .where(eq(users.id, current.id))
    .returning();
  await auditMember(write, actor, 'signup.approved', current, { status: current.status }, { status: 'active' });
  return row!;
}

export async function rejectMember(write: Write, actor: AdminActor, args: { id: string }): Promise<void> {
  assertManagesMembers(actor);
  const current = await liveMember(write, args.id, true);
  if (current.status !== 'pending') throw new HttpError(409, messages.memberNotPending);
  await removeMember(write, current);
  await auditMember(write, actor, 'signup.rejected', current, memberValues(current), null);
}

/**
 * Deleting a member keeps the row and their name (their posts, events and documents keep
 * their author's name) and scrubs the rest: email and rut are freed for reuse, phone,
 * birthdate, avatar, password and PIN go, sections and children go, every token and push
 * subscription is revoked at once. Administrators' devices receive a delete.
 */
export async function deleteMember(write: Write, actor: AdminActor, args: { id: string }): Promise<MemberRecord> {
  assertManagesMembers(actor);
  const current = await liveMember(write, args.id, true);
  await assertKeepsAdmin(write, actor, current, null, null);
  const row = await removeMember(write, current);
  await auditMember(write, actor, 'member.deleted', current, memberValues(current), null);
  return row;
}

async function removeMember(write: Write, current: MemberRecord): Promise<MemberRecord> {
  const now = new Date();
  const [row] = await write.tx
    .update(users)
    .set({
      status: 'disabled',
      email: `removed-${current.id}@removed.invalid`,
      rut: null,
      phone: '',
      birthdate: null,
      // The avatar's file goes after the commit (avatarSweep.ts), then the key.
      passwordHash: unusablePassword,
      pinCode: null,
      placeId: null,
      promotions: false,
      sectionIds: [],
      childIds: [],
      removedAt: now,
      updatedAt: now,
      audienceKeys: [],
      seenKeys: sql`array(select distinct unnest(${users.seenKeys} || ${sql`array[${audienceKeys.admins}]::text[]`}))`,
      seq: write.stamp(memberPokeKeys(current.id)),
    })
    .where(eq(users.id, current.id))
    .returning();
  await setMemberSections(write, current.id, []);
  if (current.role === 'student') await followChild(write, { id: current.id, before: current.sectionIds, after: null });
  await write.tx.delete(pinAttempts).where(and(eq(pinAttempts.collegeId, write.collegeId), eq(pinAttempts.userId, current.id)));
  await write.tx.delete(passwordResets).where(and(eq(passwordResets.collegeId, write.collegeId), eq(passwordResets.userId, current.id)));
  await signOutEverywhere(write, current.id);
  return row!;
}

export async function setMemberPin(write: Write, actor: AdminActor, args: { id: string; pin: string }): Promise<MemberRecord> {
  assertManagesMembers(actor);
  const pinCode = await hashPassword(args.pin);
  const current = await liveMember(write, args.id, true);
  const [row] = await write.tx
    .update(users)
    .set({ pinCode, updatedAt: new Date(), seq: write.stamp([audienceKeys.admins]) })
    .where(eq(users.id, current.id))
    .returning();
  await write.tx.delete(pinAttempts).where(and(eq(pinAttempts.collegeId, write.collegeId), eq(pinAttempts.userId, current.id)));
  await auditMember(write, actor, 'member.pinSet', current, { pin: current.pinCode === null ? null : hiddenValue }, { pin: hiddenValue });
  return row!;
}

export async function deleteMemberPin(write: Write, actor: AdminActor, args: { id: string }): Promise<MemberRecord> {
  assertManagesMembers(actor);
  const current = await liveMember(write, args.id, true);
  if (current.pinCode === null) return current;
  const [row] = await write.tx
    .update(users)
    .set({ pinCode: null, updatedAt: new Date(), seq: write.stamp([audienceKeys.admins]) })
    .where(eq(users.id, current.id))
    .returning();
  await auditMember(write, actor, 'member.pinRemoved', current, { pin: hiddenValue }, { pin: null });
  return row!;
}
