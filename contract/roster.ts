import { z } from './zod';

/**
 * Importing the school's roster from its student information system: a OneRoster 1.1 CSV
 * zip (docs/features/roster.md). `POST /api/v1/admin/roster/preview` reads it and writes
 * nothing; `POST /api/v1/admin/roster/import` writes it all in one transaction, or nothing
 * when any row is refused. Both take the zip as the body (`application/zip`).
 */

/** What a OneRoster row becomes in Patio: the counts are kept by these. */
export const rosterTargets = ['places', 'courses', 'grades', 'sections', 'members', 'enrollments'] as const;
export type RosterTarget = (typeof rosterTargets)[number];

export const rosterCounts = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Members disabled, places, courses and sections archived, enrollments ended. */
  removed: z.number().int(),
});
export type RosterCounts = z.infer<typeof rosterCounts>;

/**
 * A refused row, or a refused file (no line): where, and why as one of contract/messages.ts's
 * texts, which the app translates. `value` is what the cell held, cut to 100 characters.
 */
export const rosterRefusal = z.object({
  file: z.string().nullable(),
  line: z.number().int().nullable(),
  column: z.string().nullable(),
  value: z.string().nullable(),
  message: z.string(),
});
export type RosterRefusal = z.infer<typeof rosterRefusal>;

/** At most this many refusals are listed (`refused_total` counts them all). */
export const rosterRefusalsShown = 500;

export const rosterResult = z.object({
  mode: z.enum(['bulk', 'delta']).nullable(),
  counts: z.record(z.enum(rosterTargets), rosterCounts),
  refused: z.array(rosterRefusal),
  refused_total: z.number().int(),
  /** True once written (the import route); a preview, or a refused import, writes nothing. */
  written: z.boolean(),
});
export type RosterResult = z.infer<typeof rosterResult>;

/** The largest zip the routes accept (413 before more is read). */
export const rosterZipLimit = 50 * 1024 * 1024;
