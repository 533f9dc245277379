/**
 * The school's roster from its student information system (docs/features/roster.md): which
 * Patio row each OneRoster `sourcedId` became, so a second import updates instead of
 * duplicating, and the imports made (drizzle.config.ts reads every `server/<folder>/schema.ts`
 * into the one migration history).
 */
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { colleges, users } from '../db/schema';

const collegeRef = () =>
  uuid('college_id')
    .notNull()
    .references(() => colleges.id, { onDelete: 'cascade' });
const instant = (name: string) => timestamp(name, { withTimezone: true });

/** What a OneRoster row maps to: `org` → place, `course` → course, `grade` → grade, `class` → section, `user` → member. */
export const rosterKinds = ['org', 'course', 'grade', 'class', 'user'] as const;
export type RosterKind = (typeof rosterKinds)[number];

/**
 * One OneRoster row's Patio row. `target_id` is the place, course, grade, section or user id;
 * the link goes with its college. Rows it points at are never deleted by an import (disabled
 * or archived instead), so no foreign key is needed for each kind.
 */
export const rosterLinks = pgTable(
  'roster_links',
  {
    collegeId: collegeRef(),
    kind: text('kind', { enum: rosterKinds }).notNull(),
    sourcedId: text('sourced_id').notNull(),
    targetId: uuid('target_id').notNull(),
    /** The row's `dateLastModified` as the file said it (text: the SIS's own format). */
    modifiedAt: text('modified_at'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.collegeId, t.kind, t.sourcedId] }), index('roster_links_target_idx').on(t.collegeId, t.targetId)],
);

/** An import that was written (a dry run writes nothing, not even this). */
export const rosterImports = pgTable(
  'roster_imports',
  {
    id: uuid('id').primaryKey(),
    collegeId: collegeRef(),
    /** The administrator who confirmed it; null for the command line. */
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    mode: text('mode', { enum: ['bulk', 'delta'] }).notNull(),
    source: text('source', { enum: ['upload', 'cli'] }).notNull(),
    /** Counts by kind and outcome (created, updated, disabled, archived, refused). */
    summary: jsonb('summary').$type<Record<string, number>>().notNull().default({}),
    rows: integer('rows').notNull().default(0),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('roster_imports_college_idx').on(t.collegeId, t.createdAt)],
);
