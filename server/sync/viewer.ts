import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { keysOfMember } from '../../contract/audience';
import { can, type Role } from '../../contract/permissions';
import type { UserRow } from '../auth/requireUser';
import type { Database } from '../db/client';
import { userSections } from '../db/schema';

/** Who is reading: what visibility needs to know about a member. */
export interface Viewer {
  userId: string;
  collegeId: string;
  role: Role;
  /** The sections the member belongs to (user_sections). */
  sectionIds: ReadonlySet<string>;
  /** Staff and admins see everything addressed by section (contract/permissions). */
  readAll: boolean;
  /** The audience keys they answer to (contract/audience.ts), sorted. */
  keys: readonly string[];
  keySet: ReadonlySet<string>;
}

export async function loadViewer(db: Database, user: UserRow): Promise<Viewer> {
  const rows = await db
    .select({ sectionId: userSections.sectionId })
    .from(userSections)
    .where(and(eq(userSections.collegeId, user.collegeId), eq(userSections.userId, user.id)));
  const sectionIds = new Set(rows.map((r) => r.sectionId));
  const readAll = can(user.role, 'content.readAll');
  const keys = keysOfMember({ userId: user.id, role: user.role, sectionIds, readAll });
  return { userId: user.id, collegeId: user.collegeId, role: user.role, sectionIds, readAll, keys, keySet: new Set(keys) };
}

/**
 * A short digest of what decides the viewer's visibility (their college and audience
 * keys). A pull cursor carries it: when it no longer matches (a new role or section), the
 * device's copy may hold rows it may no longer see, or miss rows it now may. Membership of
 * a conversation is not in it: it is written on the conversation's rows, whose change
 * reaches the device as an upsert or a delete.
 */
export function audienceOf(viewer: Viewer): string {
  return createHash('sha256')
    .update([viewer.collegeId, ...viewer.keys].join('|'))
    .digest('base64url')
    .slice(0, 16);
}
