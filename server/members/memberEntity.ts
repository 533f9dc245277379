import type { MemberRow } from '../../contract/members';
import { formatRut } from '../../contract/rut';
import type { UserRow } from '../auth/requireUser';
import { users } from '../db/schema';
import { defineEntity } from '../sync/entity';

export type MemberRecord = UserRow;

/**
 * A member as administrators see it (contract/members.ts `memberRow`), from the users row
 * alone: sections and children are kept on it (server/db/schema.ts `users`). The avatar's
 * address is the local storage's (`/uploads/<key>`, server/storage/localStorage.ts), as
 * `toWire` has no storage at hand.
 */
export function memberToWire(row: MemberRecord): MemberRow {
  return {
    id: row.id,
    college_id: row.collegeId,
    role: row.role,
    status: row.status,
    name: row.name,
    first_lastname: row.firstLastname,
    second_lastname: row.secondLastname,
    email: row.email,
    rut: row.rut ? formatRut(row.rut) : null,
    phone: row.phone,
    birthdate: row.birthdate,
    avatar: row.avatar ? `/uploads/${row.avatar}` : null,
    place_id: row.placeId,
    section_ids: [...row.sectionIds].sort(),
    child_ids: [...row.childIds].sort(),
    has_pin: row.pinCode !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The members list, synced to administrators only: every live member carries the audience
 * key `admins`; a deleted one carries none, which reaches administrators' devices as a delete.
 */
export const memberEntity = defineEntity({ name: 'members', table: users, toWire: memberToWire });
