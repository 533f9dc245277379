import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { can, type Role } from '../../contract/permissions';
import type { UserRow } from '../auth/requireUser';
import type { Database } from '../db/client';
import { userSections } from '../db/schema';

/** Who is reading: what a visibility rule needs to know about a member. */
export interface Viewer {
  userId: string;
  collegeId: string;
  role: Role;
  /** The sections the member belongs to (user_sections). */
  sectionIds: ReadonlySet<string>;
  /** Staff and admins see everything of their college (contract/permissions). */
  readAll: boolean;
}

export async function loadViewer(db: Database, user: UserRow): Promise<Viewer> {
  const rows = await db
    .select({ sectionId: userSections.sectionId })
    .from(userSections)
    .where(and(eq(userSections.collegeId, user.collegeId), eq(userSections.userId, user.id)));
  return {
    userId: user.id,
    collegeId: user.collegeId,
    role: user.role,
    sectionIds: new Set(rows.map((r) => r.sectionId)),
    readAll: can(user.role, 'content.readAll'),
  };
}

/**
 * A short digest of what decides the viewer's visibility (college, role and, unless they
 * read everything, their sections). A pull cursor carries it: when it no longer matches,
 * the device's copy may hold rows it may no longer see, or miss rows it now may.
 */
export function audienceOf(viewer: Viewer): string {
  const sections = viewer.readAll ? [] : [...viewer.sectionIds].sort();
  return createHash('sha256')
    .update([viewer.collegeId, viewer.role, ...sections].join('|'))
    .digest('base64url')
    .slice(0, 16);
}
