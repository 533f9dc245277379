import { and, eq, sql } from 'drizzle-orm';
import { keysOfAudience, keysOfMember, meets, type AudienceFields, type AudienceReach } from '../../contract/audience';
import { can, type Role } from '../../contract/permissions';
import type { Database } from '../db/client';
import { userSections, users } from '../db/schema';

/**
 * How many active members of a college an audience reaches: each member's keys
 * (contract/audience.ts `keysOfMember`, as the pull builds them in server/sync/viewer.ts)
 * meet the audience's keys (`keysOfAudience`, as a write stamps them), so the count is
 * exactly who would receive the item. One query, then the same functions as visibility; a
 * college of 5,000 members is 5,000 small rows.
 */
export async function countReach(db: Database, collegeId: string, audience: Pick<AudienceFields, 'scope' | 'section_ids'>): Promise<AudienceReach> {
  const wanted = keysOfAudience(audience);
  const rows = await db
    .select({
      id: users.id,
      role: users.role,
      sectionIds: sql<string[]>`coalesce(array_agg(${userSections.sectionId}::text) filter (where ${userSections.sectionId} is not null), '{}')`,
    })
    .from(users)
    .leftJoin(userSections, and(eq(userSections.userId, users.id), eq(userSections.collegeId, collegeId)))
    .where(and(eq(users.collegeId, collegeId), eq(users.status, 'active')))
    .groupBy(users.id, users.role);
  const reach: AudienceReach = { total: 0, students: 0, guardians: 0, staff: 0 };
  for (const row of rows) {
    const role: Role = row.role;
    const readAll = can(role, 'content.readAll');
    const keys = new Set(keysOfMember({ userId: row.id, role, sectionIds: row.sectionIds, readAll }));
    if (!meets(wanted, keys)) continue;
    reach.total++;
    if (role === 'student') reach.students++;
    else if (role === 'guardian') reach.guardians++;
    else reach.staff++;
  }
  return reach;
}
