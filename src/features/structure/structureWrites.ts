import type { Course, Grade, Place, Section } from '../../../contract/college';
import { uuidv7 } from '../../../contract/ids';
import type { PatioDb } from '../../db/database';
import { mutate } from '../../sync/mutate';

/**
 * The structure's changes (docs/features/structure.md), each through the outbox, so an administrator can
 * build a section offline: the row changes on this device at once, the server hears of it
 * when it can. Positions are the server's: 0, 1, … in the order of a list.
 */

export type StructureKind = 'places' | 'courses' | 'grades' | 'sections';

export async function createPlace(db: PatioDb, name: string, address: string): Promise<string> {
  const row: Place = { id: uuidv7(), name, address, archived: false };
  await mutate(db, { name: 'places.create', args: { id: row.id, name, address }, entity: 'places', entityId: row.id }, async () => {
    await db.places.add(row);
  });
  return row.id;
}

export function updatePlace(db: PatioDb, id: string, name: string, address: string): Promise<number> {
  return mutate(db, { name: 'places.update', args: { id, name, address }, entity: 'places', entityId: id }, async () => {
    await db.places.update(id, { name, address });
  });
}

export async function createCourse(db: PatioDb, name: string): Promise<string> {
  const last = await db.courses.orderBy('position').last();
  const row: Course = { id: uuidv7(), name, position: (last?.position ?? -1) + 1, archived: false };
  await mutate(db, { name: 'courses.create', args: { id: row.id, name }, entity: 'courses', entityId: row.id }, async () => {
    await db.courses.add(row);
  });
  return row.id;
}

export async function createGrade(db: PatioDb, courseId: string, name: string): Promise<string> {
  const siblings = await db.grades.where('course_id').equals(courseId).toArray();
  const row: Grade = { id: uuidv7(), course_id: courseId, name, position: Math.max(-1, ...siblings.map((g) => g.position)) + 1, archived: false };
  await mutate(db, { name: 'grades.create', args: { id: row.id, course_id: courseId, name }, entity: 'grades', entityId: row.id }, async () => {
    await db.grades.add(row);
  });
  return row.id;
}

export async function createSection(db: PatioDb, gradeId: string, name: string, placeId: string | null): Promise<string> {
  const row: Section = { id: uuidv7(), grade_id: gradeId, name, place_id: placeId, archived: false };
  await mutate(
    db,
    { name: 'sections.create', args: { id: row.id, grade_id: gradeId, name, place_id: placeId }, entity: 'sections', entityId: row.id },
    async () => {
      await db.sections.add(row);
    },
  );
  return row.id;
}

export function updateSection(db: PatioDb, id: string, name: string, placeId: string | null): Promise<number> {
  return mutate(db, { name: 'sections.update', args: { id, name, place_id: placeId }, entity: 'sections', entityId: id }, async () => {
    await db.sections.update(id, { name, place_id: placeId });
  });
}

/** Renames a course or a grade. */
export function rename(db: PatioDb, kind: 'courses' | 'grades', id: string, name: string): Promise<number> {
  return mutate(db, { name: `${kind}.update`, args: { id, name }, entity: kind, entityId: id }, async () => {
    await db.table(kind).update(id, { name });
  });
}

export function archive(db: PatioDb, kind: StructureKind, id: string, archived: boolean): Promise<number> {
  return mutate(db, { name: `${kind}.archive`, args: { id, archived }, entity: kind, entityId: id }, async () => {
    await db.table(kind).update(id, { archived });
  });
}

/**
 * Moves a course or a grade one place up (-1) or down (1) among `siblings` (in their order):
 * the new order goes as one `reorder` of the whole list, which the server applies as given.
 */
export async function move(db: PatioDb, kind: 'courses' | 'grades', siblings: readonly { id: string }[], id: string, by: -1 | 1): Promise<number | null> {
  const ids = siblings.map((row) => row.id);
  const from = ids.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return mutate(db, { name: `${kind}.reorder`, args: { ids }, entity: kind, entityId: id }, async () => {
    for (const [position, rowId] of ids.entries()) await db.table(kind).update(rowId, { position });
  });
}
