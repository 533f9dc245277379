import { z } from './zod';
import { messages } from './messages';
import { text } from './text';

/**
 * The college's structure as administrators manage it (docs/features/structure.md): places (campuses), courses,
 * their grades and the grades' sections, which posts, events, documents and members point
 * at. Rows are the core's reference entities (contract/college.ts); these are the mutations
 * an administrator's device pushes (`structure.manage`). Nothing is deleted: an item is
 * archived, keeps its name for what points at it, and is offered for nothing new.
 */

/** A name as a list shows it (a place, a course "Básica", a grade "4° Básico", a section "A"). */
export const structureName = text({ max: 80, trim: true, error: messages.structureNameRequired }).min(1, { error: messages.structureNameRequired });
export const placeAddress = text({ max: 200, trim: true });
/** A new order of a list (siblings): every id of it, once, first to last. */
export const orderedIds = z
  .array(z.uuid())
  .min(1)
  .max(500)
  .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, { error: messages.structureOrderInvalid });
/** Archive (true) or bring back (false). */
export const archiveArgs = z.object({ id: z.uuid(), archived: z.boolean() });
export type ArchiveArgs = z.infer<typeof archiveArgs>;

/** `places.create` / `places.update`: a campus and its address. */
export const placeArgs = z.object({ id: z.uuid(), name: structureName, address: placeAddress.default('') });
export type PlaceArgs = z.infer<typeof placeArgs>;

/** `courses.create` goes last; `courses.update` renames. */
export const courseArgs = z.object({ id: z.uuid(), name: structureName });
export type CourseArgs = z.infer<typeof courseArgs>;

/** `grades.create`: a grade, last of its course. */
export const createGradeArgs = z.object({ id: z.uuid(), course_id: z.uuid(), name: structureName });
export type CreateGradeArgs = z.infer<typeof createGradeArgs>;
export const renameArgs = z.object({ id: z.uuid(), name: structureName });
export type RenameArgs = z.infer<typeof renameArgs>;

/** `sections.create`: a section of a grade, optionally at a place. */
export const createSectionArgs = z.object({ id: z.uuid(), grade_id: z.uuid(), name: structureName, place_id: z.uuid().nullable().default(null) });
export type CreateSectionArgs = z.infer<typeof createSectionArgs>;
/** `sections.update`: its name and place. */
export const updateSectionArgs = z.object({ id: z.uuid(), name: structureName, place_id: z.uuid().nullable().default(null) });
export type UpdateSectionArgs = z.infer<typeof updateSectionArgs>;

/** `courses.reorder`: every course, in the new order. `grades.reorder`: every grade of one course. */
export const reorderArgs = z.object({ ids: orderedIds });
export type ReorderArgs = z.infer<typeof reorderArgs>;

export const structureMutations = {
  'places.create': placeArgs,
  'places.update': placeArgs,
  'places.archive': archiveArgs,
  'courses.create': courseArgs,
  'courses.update': courseArgs,
  'courses.reorder': reorderArgs,
  'courses.archive': archiveArgs,
  'grades.create': createGradeArgs,
  'grades.update': renameArgs,
  'grades.reorder': reorderArgs,
  'grades.archive': archiveArgs,
  'sections.create': createSectionArgs,
  'sections.update': updateSectionArgs,
  'sections.archive': archiveArgs,
} as const;
export type StructureMutationName = keyof typeof structureMutations;
