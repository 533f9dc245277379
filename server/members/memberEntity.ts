import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MemberRow } from '../../contract/members';
import { formatRut } from '../../contract/rut';
import type { UserRow } from '../auth/requireUser';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { memberDelivery } from '../delivery/schema';
import { defineEntity, type ChangedRow, type SyncedEntity } from '../sync/entity';

export type MemberRecord = UserRow;

/**
 * A member as administrators see it (contract/members.ts `memberRow`), from the users row
 * and whether their address bounces: sections and children are kept on it (server/db/schema.ts
 * `users`). The avatar's address is the local storage's (`/uploads/<key>`,
 * server/storage/localStorage.ts), as `toWire` has no storage at hand.
 */
export function memberToWire(row: MemberRecord, emailBounced = false): MemberRow {
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
    invited_at: row.invitedAt?.toISOString() ?? null,
    signed_in_at: row.signedInAt?.toISOString() ?? null,
    email_bounced: emailBounced,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Which of these members' current address bounces: the mail door records a bounce on the
 * member (`member_delivery.bounced_email`, server/mail/mailer.ts), and it holds until their
 * address is another one.
 */
export async function bouncingMembers(db: Database, collegeId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: memberDelivery.userId })
    .from(memberDelivery)
    .innerJoin(users, eq(users.id, memberDelivery.userId))
    .where(and(eq(memberDelivery.collegeId, collegeId), inArray(memberDelivery.userId, [...ids]), sql`${memberDelivery.bouncedEmail} = ${users.email}`));
  return new Set(rows.map((row) => row.id));
}

/** Members as the REST routes answer them, with their bounces. */
export async function membersToWire(db: Database, collegeId: string, rows: readonly MemberRecord[]): Promise<MemberRow[]> {
  const bouncing = await bouncingMembers(
    db,
    collegeId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => memberToWire(row, bouncing.has(row.id)));
}

export const memberOfWire = async (db: Database, row: MemberRecord): Promise<MemberRow> => (await membersToWire(db, row.collegeId, [row]))[0]!;

const base = defineEntity({ name: 'members', table: users, toWire: (row) => memberToWire(row) });

/**
 * The members list, synced to administrators only: every live member carries the audience
 * key `admins`; a deleted one carries none, which reaches administrators' devices as a delete.
 * A page of changed members looks up their bounces in one query; a bounce re-stamps the
 * member's row (server/mail/mailer.ts), so it reaches the devices like any other change.
 */
export const memberEntity: SyncedEntity = {
  ...base,
  async changedSince(db, query) {
    const changed = await base.changedSince(db, query);
    const bouncing = await bouncingMembers(
      db,
      query.collegeId,
      changed.filter((row) => row.visible).map((row) => row.id),
    );
    return changed.map((row): ChangedRow => (bouncing.has(row.id) ? { ...row, toWire: () => ({ ...row.toWire(), email_bounced: true }) } : row));
  },
};
