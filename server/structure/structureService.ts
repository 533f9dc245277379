import { and, asc, eq, isNull, max } from 'drizzle-orm';
import type {
  ArchiveArgs,
  CourseArgs,
  CreateGradeArgs,
  CreateSectionArgs,
  PlaceArgs,
  RenameArgs,
  ReorderArgs,
  UpdateSectionArgs,
} from '../../contract/structure';
import { messages } from '../../contract/messages';
import { can } from '../../contract/permissions';
import { looksLikeUuid } from '../audience/references';
import { courses, grades, places, sections } from '../db/schema';
import { forbidden, HttpError, notFound, ValidationFailed } from '../http/errors';
import type { MutationActor } from '../sync/mutation';
import type { Write } from '../sync/writeInCollege';

/**
 * Writing the college's structure (docs/features/structure.md): the one implementation behind the push
 * mutations places.*, courses.*, grades.*, sections.* (server/structure/module.ts). Every
 * row is reference data every member receives, so writes stamp without keys (everyone is
 * poked). Nothing is deleted: archiving sets `archived_at`, which devices read as
 * `archived` and leave out of their pickers; what points at the row keeps pointing at it.
 */

type StructureTable = typeof places | typeof courses | typeof grades | typeof sections;

export function assertManagesStructure(actor: MutationActor): void {
  if (!can(actor.user.role, 'structure.manage')) throw forbidden();
}

/** The live row of this college with that id, locked for the write; else 404. */
async function liveRow(write: Write, table: StructureTable, id: string): Promise<{ id: string }> {
  if (!looksLikeUuid(id)) throw notFound(messages.structureItemNotFound);
  const [row] = await write.tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id.toLowerCase()), eq(table.collegeId, write.collegeId), isNull(table.deletedAt)))
    .for('update');
  if (!row) throw notFound(messages.structureItemNotFound);
  return row;
}

/** A reference the arguments make (a grade's course, a section's place) must be a live row of this college: else 422 on that field. */
async function referenced(write: Write, table: StructureTable, id: string, field: string): Promise<void> {
  const [row] = await write.tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id.toLowerCase()), eq(table.collegeId, write.collegeId), isNull(table.deletedAt)));
  if (!row) throw ValidationFailed.field(field, messages.unknownReference);
}

/** A create whose id exists (a replay past compaction, or another college's id) answers 409. */
function created(row: unknown): void {
  if (!row) throw new HttpError(409, messages.conflict);
}

const archivedAt = (args: ArchiveArgs) => (args.archived ? new Date() : null);

export async function createPlace(write: Write, actor: MutationActor, args: PlaceArgs): Promise<void> {
  assertManagesStructure(actor);
  const [row] = await write.tx
    .insert(places)
    .values({ id: args.id.toLowerCase(), collegeId: write.collegeId, name: args.name, address: args.address, seq: write.stamp() })
    .onConflictDoNothing()
    .returning({ id: places.id });
  created(row);
}

export async function updatePlace(write: Write, actor: MutationActor, args: PlaceArgs): Promise<void> {
  assertManagesStructure(actor);
  const row = await liveRow(write, places, args.id);
  await write.tx.update(places).set({ name: args.name, address: args.address, seq: write.stamp() }).where(eq(places.id, row.id));
}

export async function archivePlace(write: Write, actor: MutationActor, args: ArchiveArgs): Promise<void> {
  assertManagesStructure(actor);
  const row = await liveRow(write, places, args.id);
  await write.tx
    .update(places)
    .set({ archivedAt: archivedAt(args), seq: write.stamp() })
    .where(eq(places.id, row.id));
}

export async function createCourse(write: Write, actor: MutationActor, args: CourseArgs): Promise<void> {
  assertManagesStructure(actor);
  const [last] = await write.tx
    .select({ position: max(courses.position) })
    .from(courses)
    .where(eq(courses.collegeId, write.collegeId));
  const [row] = await write.tx
    .insert(courses)
    .values({ id: args.id.toLowerCase(), collegeId: write.collegeId, name: args.name, position: (last?.position ?? -1) + 1, seq: write.stamp() })
    .onConflictDoNothing()
    .returning({ id: courses.id });
  created(row);
}

export async function renameCourse(write: Write, actor: MutationActor, args: RenameArgs): Promise<void> {
  assertManagesStructure(actor);
  const row = await liveRow(write, courses, args.id);
  await write.tx.update(courses).set({ name: args.name, seq: write.stamp() }).where(eq(courses.id, row.id));
}

export async function archiveCourse(write: Write, actor: MutationActor, args: ArchiveArgs): Promise<void> {
  assertManagesStructure(actor);
  const row = await liveRow(write, courses, args.id);
  await write.tx
    .update(courses)
    .set({ archivedAt: archivedAt(args), seq: write.stamp() })
    .where(eq(courses.id, row.id));
}

/**
 * The listed rows take positions 0, 1, … in that order; siblings the list does not name (made
 * by someone else meanwhile) follow in their order. Every id must be one of the siblings
 * (else 404, nothing changes). Only rows whose position changes get a new number.
 */
async function reorder(
  write: Write,
  siblings: readonly { id: string; position: number }[],
  ids: readonly string[],
  setPosition: (id: string, position: number) => Promise<void>,
): Promise<void> {
  const known = new Set(siblings.map((row) => row.id));
  const wanted = ids.map((id) => id.toLowerCase());
  if (wanted.some((id) => !known.has(id))) throw notFound(messages.structureItemNotFound);
  const listed = new Set(wanted);
  const order = [...wanted, ...siblings.filter((row) => !listed.has(row.id)).map((row) => row.id)];
  const current = new Map(siblings.map((row) => [row.id, row.position]));
  for (const [position, id] of order.entries()) {
    if (current.get(id) !== position) await setPosition(id, position);
  }
}

export async function reorderCourses(write: Write, actor: MutationActor, args: ReorderArgs): Promise<void> {
  assertManagesStructure(actor);
  const siblings = await write.tx
    .select({ id: courses.id, position: courses.position })
    .from(courses)
    .where(and(eq(courses.collegeId, write.collegeId), isNull(courses.deletedAt)))
    .orderBy(asc(courses.position), asc(courses.name))
    .for('update');
  await reorder(write, siblings, args.ids, async (id, position) => {
    await write.tx.update(courses).set({ position, seq: write.stamp() }).where(eq(courses.id, id));
  });
}

export async function createGrade(write: Write, actor: MutationActor, args: CreateGradeArgs): Promise<void> {
  assertManagesStructure(actor);
  await referenced(write, courses, args.course_id, 'course_id');
  const courseId = args.course_id.toLowerCase();
  const [last] = await write.tx
    .select({ position: max(grades.position) })
    .from(grades)
    .where(and(eq(grades.collegeId, write.collegeId), eq(grades.courseId, courseId)));
  const [row] = await write.tx
    .insert(grades)
    .values({ id: args.id.toLowerCase(), collegeId: write.collegeId, courseId, name: args.name, position: (last?.position ?? -1) + 1, seq: write.stamp() })
    .onConflictDoNothing()
    .returning({ id: grades.id });
  created(row);
}

export async function renameGrade(write: Write, actor: MutationActor, args: RenameArgs): Promise<void> {
  assertManagesStructure(actor);
  const row = await liveRow(write, grades, args.id);
  await write.tx.update(grades).set({ name: args.name, seq: write.stamp() }).where(eq(grades.id, row.id));
}

export async function archiveGrade(write: Write, actor: MutationActor, args: ArchiveArgs): Promise<void> {
  assertManagesStructure(actor);
  const row = await liveRow(write, grades, args.id);
  await write.tx
    .update(grades)
    .set({ archivedAt: archivedAt(args), seq: write.stamp() })
    .where(eq(grades.id, row.id));
}

/** The grades of one course (that of the first id) in a new order. */
export async function reorderGrades(write: Write, actor: MutationActor, args: ReorderArgs): Promise<void> {
  assertManagesStructure(actor);
  const { id } = await liveRow(write, grades, args.ids[0]!);
  const [first] = await write.tx.select({ courseId: grades.courseId }).from(grades).where(eq(grades.id, id));
  const siblings = await write.tx
    .select({ id: grades.id, position: grades.position })
    .from(grades)
    .where(and(eq(grades.collegeId, write.collegeId), eq(grades.courseId, first!.courseId), isNull(grades.deletedAt)))
    .orderBy(asc(grades.position), asc(grades.name))
    .for('update');
  await reorder(write, siblings, args.ids, async (id, position) => {
    await write.tx.update(grades).set({ position, seq: write.stamp() }).where(eq(grades.id, id));
  });
}

export async function createSection(write: Write, actor: MutationActor, args: CreateSectionArgs): Promise<void> {
  assertManagesStructure(actor);
  await referenced(write, grades, args.grade_id, 'grade_id');
  if (args.place_id) await referenced(write, places, args.place_id, 'place_id');
  const [row] = await write.tx
    .insert(sections)
    .values({
      id: args.id.toLowerCase(),
      collegeId: write.collegeId,
      gradeId: args.grade_id.toLowerCase(),
      name: args.name,
      placeId: args.place_id?.toLowerCase() ?? null,
      seq: write.stamp(),
    })
    .onConflictDoNothing()
    .returning({ id: sections.id });
  created(row);
}

export async function updateSection(write: Write, actor: MutationActor, args: UpdateSectionArgs): Promise<void> {
  assertManagesStructure(actor);
  const row = await liveRow(write, sections, args.id);
  if (args.place_id) await referenced(write, places, args.place_id, 'place_id');
  await write.tx
    .update(sections)
    .set({ name: args.name, placeId: args.place_id?.toLowerCase() ?? null, seq: write.stamp() })
    .where(eq(sections.id, row.id));
}

export async function archiveSection(write: Write, actor: MutationActor, args: ArchiveArgs): Promise<void> {
  assertManagesStructure(actor);
  const row = await liveRow(write, sections, args.id);
  await write.tx
    .update(sections)
    .set({ archivedAt: archivedAt(args), seq: write.stamp() })
    .where(eq(sections.id, row.id));
}
