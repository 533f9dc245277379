import { and, eq, isNull } from 'drizzle-orm';
import { audienceKeys } from '../../contract/audience';
import { fieldErrors } from '../../contract/errors';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import { memberFields, type MemberImportResponse, type MemberImportRow } from '../../contract/members';
import type { Role } from '../../contract/permissions';
import { normalizeRut } from '../../contract/rut';
import type { Database } from '../db/client';
import { grades, places, sections, userSections, users } from '../db/schema';
import { writeInCollege, type Write } from '../sync/writeInCollege';
import { recordAudit, type AuditActor } from '../auditRecord/recordAudit';
import { fold } from './memberQueries';
import { unusablePassword } from './memberService';

/** Role names a file may use (folded): ours and the Spanish ones. */
const roleNames: Record<string, Role> = {
  admin: 'admin',
  administrator: 'admin',
  administrador: 'admin',
  administradora: 'admin',
  staff: 'staff',
  funcionario: 'staff',
  funcionaria: 'staff',
  docente: 'staff',
  profesor: 'staff',
  profesora: 'staff',
  personal: 'staff',
  student: 'student',
  alumno: 'student',
  alumna: 'student',
  estudiante: 'student',
  guardian: 'guardian',
  apoderado: 'guardian',
  apoderada: 'guardian',
  tutor: 'guardian',
};

const rowFields = memberFields.pick({ name: true, first_lastname: true, second_lastname: true, email: true, rut: true, phone: true, birthdate: true });

/** `31-12-2015` or `31/12/2015` → `2015-12-31`; anything else as typed. */
function isoDate(value: string): string {
  const match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(value.trim());
  return match ? `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}` : value.trim();
}

const list = (cell: string) =>
  cell
    .split(/[;\n]/)
    .map((part) => part.trim())
    .filter(Boolean);

interface PlannedMember {
  id: string;
  role: Role;
  name: string;
  firstLastname: string;
  secondLastname: string;
  email: string;
  rut: string | null;
  phone: string;
  birthdate: string | null;
  placeId: string | null;
  sectionIds: string[];
  childIds: string[];
}

interface College {
  placeByName: Map<string, string>;
  sectionByLabel: Map<string, string>;
  emails: Set<string>;
  ruts: Set<string>;
  /** Students of the college by email and by rut: id and sections. */
  students: Map<string, { id: string; sectionIds: string[] }>;
}

async function collegeOf(db: Database, collegeId: string): Promise<College> {
  const placeRows = await db
    .select({ id: places.id, name: places.name })
    .from(places)
    .where(and(eq(places.collegeId, collegeId), isNull(places.deletedAt)));
  const sectionRows = await db
    .select({ id: sections.id, name: sections.name, grade: grades.name })
    .from(sections)
    .innerJoin(grades, eq(grades.id, sections.gradeId))
    .where(and(eq(sections.collegeId, collegeId), isNull(sections.deletedAt)));
  const people = await db
    .select({ id: users.id, role: users.role, email: users.email, rut: users.rut, sectionIds: users.sectionIds, removedAt: users.removedAt })
    .from(users)
    .where(eq(users.collegeId, collegeId));
  const students = new Map<string, { id: string; sectionIds: string[] }>();
  for (const person of people) {
    if (person.role !== 'student' || person.removedAt) continue;
    students.set(person.email, person);
    if (person.rut) students.set(person.rut, person);
  }
  return {
    placeByName: new Map(placeRows.map((p) => [fold(p.name), p.id])),
    sectionByLabel: new Map(sectionRows.map((s) => [fold(`${s.grade} ${s.name}`).replace(/\s+/g, ' '), s.id])),
    emails: new Set(people.map((p) => p.email)),
    ruts: new Set(people.flatMap((p) => (p.rut ? [p.rut] : []))),
    students,
  };
}

/** Checks every row against the college and the rows before it; answers the members to create and the errors by row. */
export function planImport(college: College, rows: readonly MemberImportRow[]): { planned: PlannedMember[]; errors: MemberImportResponse['rows'] } {
  const planned: PlannedMember[] = [];
  const errors: MemberImportResponse['rows'] = [];
  const fileEmails = new Set<string>();
  const fileRuts = new Set<string>();
  const fileStudents = new Map<string, { id: string; sectionIds: string[] }>();
  rows.forEach((row, line) => {
    const parsed = rowFields.safeParse({ ...row, birthdate: isoDate(row.birthdate) });
    const rowErrors: Record<string, string[]> = parsed.success ? {} : fieldErrors(parsed.error.issues);
    const add = (column: string, message: string) => (rowErrors[column] ??= []).push(message);
    const email = row.email.trim().toLowerCase();
    const rut = row.rut.trim() === '' ? null : normalizeRut(row.rut);
    if (email && !rowErrors.email) {
      if (fileEmails.has(email)) add('email', messages.importDuplicate);
      else if (college.emails.has(email)) add('email', messages.emailTaken);
    }
    if (rut && !rowErrors.rut) {
      if (fileRuts.has(rut)) add('rut', messages.importDuplicate);
      else if (college.ruts.has(rut)) add('rut', messages.rutTaken);
    }
    if (email) fileEmails.add(email);
    if (rut) fileRuts.add(rut);
    const roleName = fold(row.role);
    const role = roleNames[roleName];
    if (!roleName) add('role', messages.roleRequired);
    else if (!role) add('role', messages.importUnknownRole);
    let placeId: string | null = null;
    if (row.place.trim()) {
      placeId = college.placeByName.get(fold(row.place)) ?? null;
      if (!placeId) add('place', messages.importUnknownPlace);
    }
    const sectionIds = new Set<string>();
    for (const label of list(row.sections)) {
      const id = college.sectionByLabel.get(fold(label).replace(/\s+/g, ' '));
      if (id) sectionIds.add(id);
      else if (!rowErrors.sections?.includes(messages.importUnknownSection)) add('sections', messages.importUnknownSection);
    }
    const childIds = new Set<string>();
    if (role === 'guardian') {
      for (const reference of list(row.children)) {
        const key = reference.includes('@') ? reference.toLowerCase() : normalizeRut(reference);
        const child = key ? (fileStudents.get(key) ?? college.students.get(key)) : undefined;
        if (!child) {
          if (!rowErrors.children?.includes(messages.importChildNotFound)) add('children', messages.importChildNotFound);
          continue;
        }
        childIds.add(child.id);
        for (const id of child.sectionIds) sectionIds.add(id);
      }
    }
    if (Object.keys(rowErrors).length > 0 || !parsed.success || !role) {
      errors.push({ line, errors: rowErrors });
      return;
    }
    const member: PlannedMember = {
      id: uuidv7(),
      role,
      name: parsed.data.name,
      firstLastname: parsed.data.first_lastname,
      secondLastname: parsed.data.second_lastname,
      email: parsed.data.email,
      rut,
      phone: parsed.data.phone,
      birthdate: parsed.data.birthdate === '' ? null : parsed.data.birthdate,
      placeId,
      sectionIds: [...sectionIds].sort(),
      childIds: [...childIds].sort(),
    };
    if (role === 'student') {
      const entry = { id: member.id, sectionIds: member.sectionIds };
      fileStudents.set(member.email, entry);
      if (rut) fileStudents.set(rut, entry);
    }
    planned.push(member);
  });
  return { planned, errors };
}

const batch = 500;

async function writeMembers(write: Write, planned: readonly PlannedMember[]): Promise<void> {
  const now = new Date();
  for (let start = 0; start < planned.length; start += batch) {
    const chunk = planned.slice(start, start + batch);
    await write.tx.insert(users).values(
      chunk.map((m) => ({
        ...m,
        collegeId: write.collegeId,
        status: 'active' as const,
        passwordHash: unusablePassword,
        createdAt: now,
        updatedAt: now,
        seq: write.stamp([audienceKeys.admins]),
      })),
    );
    const links = chunk.flatMap((m) => m.sectionIds.map((sectionId) => ({ collegeId: write.collegeId, userId: m.id, sectionId })));
    for (let at = 0; at < links.length; at += batch * 2) await write.tx.insert(userSections).values(links.slice(at, at + batch * 2));
  }
}

export class ImportRefused extends Error {
  constructor(readonly response: MemberImportResponse) {
    super(messages.invalidData);
  }
}

/**
 * `POST /api/v1/admin/members/import`: checks every row (nothing written), and with
 * `confirm` writes them all in one transaction — one `writeInCollege`, inserts in batches —
 * or none (ImportRefused, 422) when any row is wrong. The college is read again inside the
 * write, under its lock, so a member added meanwhile is a duplicate there too. Imported
 * members have no password: they sign in after a reset (docs/features/members.md).
 */
export async function importMembers(
  db: Database,
  actor: AuditActor & { user: { collegeId: string } },
  rows: readonly MemberImportRow[],
  confirm: boolean,
): Promise<MemberImportResponse> {
  const { collegeId } = actor.user;
  if (!confirm) {
    const { planned, errors } = planImport(await collegeOf(db, collegeId), rows);
    return { valid: planned.length, created: 0, rows: errors };
  }
  return writeInCollege(db, collegeId, async (write) => {
    const { planned, errors } = planImport(await collegeOf(write.tx, collegeId), rows);
    if (errors.length > 0) throw new ImportRefused({ valid: planned.length, created: 0, rows: errors });
    await writeMembers(write, planned);
    await recordAudit(write.tx, { collegeId, actor, kind: 'members.imported', before: null, after: { created: planned.length } });
    return { valid: planned.length, created: planned.length, rows: [] };
  });
}
