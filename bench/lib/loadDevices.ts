/**
 * The devices of the server-load benchmark: members of the colinas demo college (the demo
 * ones and `extraMembers` more, students and guardians of one section each and a few staff
 * teaching three), each signed in on a few devices. Sessions are made by the server's own
 * `issueAccessToken` (what a sign-in does after the password check), so the login throttle
 * and 1,000 argon2 checks are not part of the measurement. Each device starts where a
 * device that has finished its initial sync stands: its cursor is the college's counter,
 * encoded by the server's own code for that member's audience.
 */
import { eq } from 'drizzle-orm';
import { keysOfAudience } from '../../contract/audience';
import { uuidv7 } from '../../contract/ids';
import { hashPassword } from '../../server/auth/passwords';
import { issueAccessToken } from '../../server/auth/tokens';
import type { Database } from '../../server/db/client';
import { demoPassword } from '../../server/db/demoData';
import { colleges, courses, grades, sections, syncState, userSections, users } from '../../server/db/schema';
import { categories } from '../../server/posts/schema';
import { encodeCursor } from '../../server/sync/cursor';
import { audienceOf, loadViewer } from '../../server/sync/viewer';

export interface Device {
  /** 0-based; also picks the API process (index % processes). */
  index: number;
  userId: string;
  email: string;
  token: string;
  /** The member's audience keys (server/sync/viewer.ts). */
  keys: ReadonlySet<string>;
  /** The audience digest carried by the member's cursors. */
  audience: string;
}

export interface LoadCollege {
  collegeId: string;
  categoryId: string;
  courseIds: string[];
  grades: { id: string; courseId: string }[];
  sections: { id: string; gradeId: string }[];
}

export async function loadCollege(db: Database): Promise<LoadCollege> {
  const [college] = await db.select().from(colleges).where(eq(colleges.slug, 'colinas'));
  if (!college) throw new Error('no colinas college');
  const collegeId = college.id;
  const [category] = await db.select().from(categories).where(eq(categories.collegeId, collegeId)).limit(1);
  if (!category) throw new Error('no category in colinas');
  const courseRows = await db.select({ id: courses.id }).from(courses).where(eq(courses.collegeId, collegeId));
  const gradeRows = await db.select({ id: grades.id, courseId: grades.courseId }).from(grades).where(eq(grades.collegeId, collegeId));
  const sectionRows = await db.select({ id: sections.id, gradeId: sections.gradeId }).from(sections).where(eq(sections.collegeId, collegeId));
  return { collegeId, categoryId: category.id, courseIds: courseRows.map((c) => c.id), grades: gradeRows, sections: sectionRows };
}

/** Adds `extraMembers` active members to the college (one password hash for all). */
export async function addMembers(db: Database, college: LoadCollege, extraMembers: number): Promise<void> {
  const passwordHash = await hashPassword(demoPassword);
  const roles = ['student', 'guardian', 'student', 'guardian', 'student', 'guardian', 'student', 'guardian', 'student', 'staff'] as const;
  const rows = Array.from({ length: extraMembers }, (_, n) => ({
    id: uuidv7(),
    collegeId: college.collegeId,
    role: roles[n % roles.length]!,
    status: 'active' as const,
    name: `Miembro ${n + 1}`,
    firstLastname: 'Carga',
    email: `load-${n + 1}@colinas.test`,
    passwordHash,
  }));
  const links: { collegeId: string; userId: string; sectionId: string }[] = [];
  const at = (n: number) => college.sections[n % college.sections.length]!.id;
  rows.forEach((row, n) => {
    const count = row.role === 'staff' ? 3 : 1;
    for (let k = 0; k < count; k++) links.push({ collegeId: college.collegeId, userId: row.id, sectionId: at(n + k * 7) });
  });
  for (let i = 0; i < rows.length; i += 500) await db.insert(users).values(rows.slice(i, i + 500));
  for (let i = 0; i < links.length; i += 500) await db.insert(userSections).values(links.slice(i, i + 500));
}

/** `count` devices over the college's active members, `perUser` each (the last user may have fewer). */
export async function signInDevices(db: Database, college: LoadCollege, count: number, perUser: number): Promise<Device[]> {
  const members = (await db.select().from(users).where(eq(users.collegeId, college.collegeId))).filter((u) => u.status === 'active');
  const needed = Math.ceil(count / perUser);
  if (members.length < needed) throw new Error(`${count} devices at ${perUser} a member need ${needed} members, the college has ${members.length}`);
  const devices: Device[] = [];
  for (let n = 0; n < needed && devices.length < count; n++) {
    const user = members[n]!;
    const viewer = await loadViewer(db, user);
    for (let k = 0; k < perUser && devices.length < count; k++) {
      devices.push({
        index: devices.length,
        userId: user.id,
        email: user.email,
        token: await issueAccessToken(db, college.collegeId, user.id),
        keys: viewer.keySet,
        audience: audienceOf(viewer),
      });
    }
  }
  return devices;
}

/** The college's change counter now. */
export async function collegeCounter(db: Database, collegeId: string): Promise<number> {
  const [state] = await db.select({ seq: syncState.seq }).from(syncState).where(eq(syncState.collegeId, collegeId));
  return state?.seq ?? 0;
}

/** The cursor of a device that has pulled everything up to `counter` since its first pull there. */
export function cursorAt(device: Device, counter: number): string {
  return encodeCursor({ s: counter, h: counter, a: device.audience });
}

/** A post's audience keys for `sections` (scope everyone), and the request fields that say it. */
export function audienceFor(college: LoadCollege, sectionIds: readonly string[]): { keys: string[]; fields: Record<string, unknown> } {
  const chosen = college.sections.filter((s) => sectionIds.includes(s.id));
  const gradeIds = [...new Set(chosen.map((s) => s.gradeId))];
  const courseIds = [...new Set(gradeIds.map((id) => college.grades.find((g) => g.id === id)!.courseId))];
  return {
    keys: keysOfAudience({ scope: 'everyone', section_ids: chosen.map((s) => s.id) }),
    fields: { scope: 'everyone', course_ids: courseIds, grade_ids: gradeIds, section_ids: chosen.map((s) => s.id) },
  };
}
