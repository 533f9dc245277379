import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AudienceFields } from '../../contract/audience';
import { messages } from '../../contract/messages';
import type { Database } from '../db/client';
import { courses, grades, sections } from '../db/schema';
import type { SyncedTable } from '../sync/entity';

export const looksLikeUuid = (id: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** The ids among `ids` that name live rows of the college's `table` (any synced table). */
export async function existingIds(tx: Database, table: SyncedTable, collegeId: string, ids: readonly string[]): Promise<Set<string>> {
  const candidates = [...new Set(ids.filter(looksLikeUuid).map((id) => id.toLowerCase()))];
  if (candidates.length === 0) return new Set();
  const rows = (await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.collegeId, collegeId), inArray(table.id, candidates), isNull(table.deletedAt)))) as { id: string }[];
  return new Set(rows.map((r) => r.id));
}

/**
 * Checks that every id of `ids` names a live row of the college; adds `unknownReference`
 * to `errors[field]` otherwise (a device may send an id deleted since it chose it).
 */
export async function checkReferences(
  tx: Database,
  collegeId: string,
  errors: Record<string, string[]>,
  field: string,
  table: SyncedTable,
  ids: readonly string[],
): Promise<void> {
  const found = await existingIds(tx, table, collegeId, ids);
  if (ids.some((id) => !found.has(id.toLowerCase()))) errors[field] = [messages.unknownReference];
}

/** An audience's courses, grades and sections checked against the college, ids lower-cased. */
export async function checkedAudience(tx: Database, collegeId: string, fields: AudienceFields, errors: Record<string, string[]>) {
  await checkReferences(tx, collegeId, errors, 'course_ids', courses, fields.course_ids);
  await checkReferences(tx, collegeId, errors, 'grade_ids', grades, fields.grade_ids);
  await checkReferences(tx, collegeId, errors, 'section_ids', sections, fields.section_ids);
  return {
    courseIds: fields.course_ids.map((id) => id.toLowerCase()),
    gradeIds: fields.grade_ids.map((id) => id.toLowerCase()),
    sectionIds: fields.section_ids.map((id) => id.toLowerCase()),
    scope: fields.scope,
  };
}
