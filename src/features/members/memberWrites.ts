import type { createMemberArgs, MemberFields, MemberRow, updateMemberArgs } from '../../../contract/members';
import type { z } from 'zod';
import { uuidv7 } from '../../../contract/ids';
import { formatRut } from '../../../contract/rut';
import { resend } from '../../sync/hooks';
import { mutate } from '../../sync/mutate';
import type { MembersDb } from './membersDb';

/**
 * Every local change to members: one `mutate` each, so the optimistic row and its outbox
 * entry are written in one Dexie transaction (src/sync/mutate.ts), as for posts. The
 * server's row replaces ours when it arrives (it may add what only it knows).
 */

/** A guardian belongs to their children's sections too (contract `memberFields`). */
async function sectionsWithChildren(db: MembersDb, fields: MemberFields): Promise<string[]> {
  if (fields.role !== 'guardian' || fields.child_ids.length === 0) return [...new Set(fields.section_ids)];
  const children = await db.members.bulkGet(fields.child_ids);
  return [...new Set([...fields.section_ids, ...children.flatMap((child) => child?.section_ids ?? [])])];
}

async function rowFrom(
  db: MembersDb,
  base: Pick<MemberRow, 'id' | 'college_id' | 'has_pin' | 'avatar' | 'created_at' | 'invited_at' | 'signed_in_at' | 'email_bounced'>,
  fields: MemberFields,
  now: Date,
): Promise<MemberRow> {
  return {
    ...base,
    role: fields.role,
    status: fields.status,
    name: fields.name,
    first_lastname: fields.first_lastname,
    second_lastname: fields.second_lastname,
    email: fields.email,
    rut: fields.rut ? formatRut(fields.rut) : null,
    phone: fields.phone,
    birthdate: fields.birthdate || null,
    place_id: fields.place_id,
    section_ids: await sectionsWithChildren(db, fields),
    child_ids: fields.role === 'guardian' ? [...new Set(fields.child_ids)] : [],
    updated_at: now.toISOString(),
  };
}

export async function createMember(db: MembersDb, fields: MemberFields, collegeId: string, now = new Date()): Promise<{ id: string; seq: number }> {
  const id = uuidv7(now.getTime());
  const args: z.infer<typeof createMemberArgs> = { id, ...fields };
  const seq = await mutate(db, { name: 'members.create', args, entity: 'members', entityId: id }, async () => {
    await db.members.put(
      await rowFrom(
        db,
        { id, college_id: collegeId, has_pin: false, avatar: null, created_at: now.toISOString(), invited_at: null, signed_in_at: null, email_bounced: false },
        fields,
        now,
      ),
    );
  });
  return { id, seq };
}

async function applyEdit(db: MembersDb, id: string, fields: MemberFields, now: Date): Promise<void> {
  const current = await db.members.get(id);
  if (current) await db.members.put(await rowFrom(db, current, fields, now));
}

export async function updateMember(db: MembersDb, id: string, fields: MemberFields, now = new Date()): Promise<number> {
  const args: z.infer<typeof updateMemberArgs> = { id, ...fields };
  return mutate(db, { name: 'members.update', args, entity: 'members', entityId: id }, () => applyEdit(db, id, fields, now));
}

/** Sends a refused create or edit again with the corrections: the entry keeps its place in the queue. */
export async function resendMember(db: MembersDb, seq: number, id: string, fields: MemberFields, now = new Date()): Promise<void> {
  await resend(db, seq, { id, ...fields }, () => applyEdit(db, id, fields, now));
}

/** The fields of a stored member, as the form and `members.update` take them. */
export function fieldsOf(row: MemberRow, inherited: ReadonlySet<string> = new Set()): MemberFields {
  return {
    name: row.name,
    first_lastname: row.first_lastname,
    second_lastname: row.second_lastname,
    email: row.email,
    rut: row.rut ?? '',
    phone: row.phone,
    birthdate: row.birthdate ?? '',
    role: row.role,
    place_id: row.place_id,
    // A guardian's own sections, without those that come with the children.
    section_ids: row.section_ids.filter((id) => !inherited.has(id)),
    child_ids: row.child_ids,
    status: row.status === 'disabled' ? 'disabled' : 'active',
  };
}

/** The sections a guardian has through their children (not theirs to send as their own). */
export async function inheritedSections(db: MembersDb, row: Pick<MemberRow, 'role' | 'child_ids'>): Promise<Set<string>> {
  if (row.role !== 'guardian' || row.child_ids.length === 0) return new Set();
  const children = await db.members.bulkGet(row.child_ids);
  return new Set(children.flatMap((child) => child?.section_ids ?? []));
}

/** Disables or enables a member: an edit of the status alone. */
export async function setMemberStatus(db: MembersDb, row: MemberRow, status: 'active' | 'disabled', now = new Date()): Promise<number> {
  return updateMember(db, row.id, { ...fieldsOf(row, await inheritedSections(db, row)), status }, now);
}

const touch = (now: Date) => ({ updated_at: now.toISOString() });

export async function approveMember(db: MembersDb, id: string, now = new Date()): Promise<number> {
  return mutate(db, { name: 'members.approve', args: { id }, entity: 'members', entityId: id }, async () => {
    await db.members.update(id, { status: 'active', ...touch(now) });
  });
}

/** A refused sign-up leaves the list (the server removes the account). */
export async function rejectMember(db: MembersDb, id: string): Promise<number> {
  return mutate(db, { name: 'members.reject', args: { id }, entity: 'members', entityId: id }, async () => {
    await db.members.delete(id);
  });
}

export async function deleteMember(db: MembersDb, id: string): Promise<number> {
  return mutate(db, { name: 'members.delete', args: { id }, entity: 'members', entityId: id }, async () => {
    await db.members.delete(id);
  });
}

/** The PIN waits in the outbox until sent (the server stores it hashed and never sends it back). */
export async function setMemberPin(db: MembersDb, id: string, pin: string, now = new Date()): Promise<number> {
  return mutate(db, { name: 'members.setPin', args: { id, pin }, entity: 'members', entityId: id }, async () => {
    await db.members.update(id, { has_pin: true, ...touch(now) });
  });
}

export async function deleteMemberPin(db: MembersDb, id: string, now = new Date()): Promise<number> {
  return mutate(db, { name: 'members.deletePin', args: { id }, entity: 'members', entityId: id }, async () => {
    await db.members.update(id, { has_pin: false, ...touch(now) });
  });
}
