import type { User } from '../../../contract/auth';
import { uuidv7 } from '../../../contract/ids';
import type { MemberRow } from '../../../contract/members';
import { membersDb, type MembersDb } from '../../../src/features/members/membersDb';
import { seedReferenceData, signInAs } from '../posts/postsTestKit';

export { renderRoutes } from '../posts/postsTestKit';

/** A member as synced to an administrator's device. */
export function aMember(overrides: Partial<MemberRow> = {}): MemberRow {
  return {
    id: uuidv7(),
    college_id: 'college-1',
    role: 'student',
    status: 'active',
    name: 'Ana',
    first_lastname: 'Rojas',
    second_lastname: 'Pérez',
    email: `member.${Math.random().toString(36).slice(2)}@colinas.test`,
    rut: null,
    phone: '',
    birthdate: null,
    avatar: null,
    place_id: null,
    section_ids: [],
    child_ids: [],
    has_pin: false,
    invited_at: null,
    signed_in_at: null,
    email_bounced: false,
    created_at: '2026-03-01T12:00:00.000Z',
    updated_at: '2026-03-01T12:00:00.000Z',
    ...overrides,
  };
}

export const placeId = '0190f3c2-0000-7000-8000-00000000000a';
export const section3a = '0190f3c2-0000-7000-8000-0000000003a0';
export const section3b = '0190f3c2-0000-7000-8000-0000000003b0';

/** A signed-in member (an administrator unless said) with a fresh database, its sections stored. */
export async function signInWithMembers(role: User['role'] = 'admin'): Promise<{ user: User; db: MembersDb }> {
  const { user, db } = await signInAs(role);
  await seedReferenceData(db);
  await db.places.bulkPut([{ id: placeId, name: 'Sede Centro', address: '' }]);
  // Sections as the server names them (uuids: the contract refuses other ids).
  await db.grades.put({ id: 'grade-3', course_id: 'course-basica', name: '3° Básico', position: 3 });
  await db.sections.bulkPut([
    { id: section3a, grade_id: 'grade-3', name: 'A', place_id: null },
    { id: section3b, grade_id: 'grade-3', name: 'B', place_id: null },
  ]);
  return { user, db: membersDb(db) };
}
