import { and, asc, eq } from 'drizzle-orm';
import type { User } from '../../contract/auth';
import { formatRut } from '../../contract/rut';
import type { Database } from '../db/client';
import { userSections } from '../db/schema';
import type { Storage } from '../storage/storage';
import type { UserRow } from './requireUser';

/** The user as the API returns it (contract/auth.ts `user`). */
export async function userView(db: Database, storage: Storage, row: UserRow): Promise<User> {
  const sectionRows = await db
    .select({ id: userSections.sectionId })
    .from(userSections)
    .where(and(eq(userSections.collegeId, row.collegeId), eq(userSections.userId, row.id)))
    .orderBy(asc(userSections.sectionId));
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
    avatar: row.avatar ? storage.url(row.avatar) : null,
    place_id: row.placeId,
    section_ids: sectionRows.map((s) => s.id),
    created_at: row.createdAt.toISOString(),
  };
}
