import { and, eq, isNull, sql } from 'drizzle-orm';
import { keysOfAudience, keysOfMember, meets, type AudienceFields, type AudienceReach } from '../../contract/audience';
import { can, type Role } from '../../contract/permissions';
import type { Database } from '../db/client';
import { userSections, users } from '../db/schema';

/** An active member an audience reaches. */
export interface ReachedMember {
  id: string;
  role: Role;
}

/**
 * The active members of a college an audience reaches: each member's keys
 * (contract/audience.ts `keysOfMember`, as the pull builds them in server/sync/viewer.ts)
 * meet the audience's keys (`keysOfAudience`, as a write stamps them), so they are exactly
 * who would receive the item. One query, then the same functions as visibility; a college
 * of 5,000 members is 5,000 small rows. The picker's count, the receipts of a notification
 * (server/notifications) and who an item is delivered to (server/delivery) all come from
 * here, so "reaches N people" is N.
 */
export async function membersReached(db: Database, collegeId: string, audience: Pick<AudienceFields, 'scope' | 'section_ids'>): Promise<ReachedMember[]> {
  return membersMeeting(db, collegeId, keysOfAudience(audience));
}

/** The same, for an item's stored audience keys (`audience_keys` of its row). */
export async function membersMeeting(db: Database, collegeId: string, wanted: readonly string[]): Promise<ReachedMember[]> {
  const rows = await db
    .select({
      id: users.id,
      role: users.role,
      sectionIds: sql<string[]>`coalesce(array_agg(${userSections.sectionId}::text) filter (where ${userSections.sectionId} is not null), '{}')`,
    })
    .from(users)
    .leftJoin(userSections, and(eq(userSections.userId, users.id), eq(userSections.collegeId, collegeId)))
    .where(and(eq(users.collegeId, collegeId), eq(users.status, 'active'), isNull(users.removedAt)))
    .groupBy(users.id, users.role);
  return rows
    .filter((row) => {
      const readAll = can(row.role, 'content.readAll');
      return meets(wanted, new Set(keysOfMember({ userId: row.id, role: row.role, sectionIds: row.sectionIds, readAll })));
    })
    .map(({ id, role }) => ({ id, role }));
}

/** How many active members of a college an audience reaches, by role (`staff`: staff and administrators). */
export async function countReach(db: Database, collegeId: string, audience: Pick<AudienceFields, 'scope' | 'section_ids'>): Promise<AudienceReach> {
  const reach: AudienceReach = { total: 0, students: 0, guardians: 0, staff: 0 };
  for (const member of await membersReached(db, collegeId, audience)) {
    reach.total++;
    if (member.role === 'student') reach.students++;
    else if (member.role === 'guardian') reach.guardians++;
    else reach.staff++;
  }
  return reach;
}
