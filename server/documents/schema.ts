/**
 * The documents feature's tables (drizzle.config.ts reads every `server/<feature>/schema.ts`
 * into the one migration history).
 */
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { audienceScopes } from '../../contract/audience';
import { documentMimeTypes } from '../../contract/documents';
import { colleges, users } from '../db/schema';
import { audienceColumns, syncedTable } from '../db/syncedTable';

/** The college's library shelves, managed by administrators; every member sees them. */
export const documentCategories = syncedTable('document_categories', {
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A document: its file is the finished tus upload `file_key` of the college's folder
 * (server/documents/fileStore.ts), its type told by its bytes, its name kept for saving only.
 */
export const documents = syncedTable(
  'documents',
  {
    categoryId: uuid('category_id').notNull(),
    title: text('title').notNull(),
    mimeType: text('mime_type', { enum: documentMimeTypes }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    fileKey: text('file_key').notNull(),
    downloads: integer('downloads').notNull().default(0),
    courseIds: uuid('course_ids').array().notNull(),
    gradeIds: uuid('grade_ids').array().notNull(),
    sectionIds: uuid('section_ids').array().notNull(),
    scope: text('scope', { enum: audienceScopes }).notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ...audienceColumns(),
  },
  (t) => [index('documents_college_category_idx').on(t.collegeId, t.categoryId, t.createdAt)],
);

/** Who downloaded a document, once each: `documents.downloaded` may be replayed. */
export const documentDownloads = pgTable(
  'document_downloads',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id, { onDelete: 'cascade' }),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.userId] }),
    // The most downloaded documents of a period (server/statistics), an index-only scan.
    index('document_downloads_college_time_idx').on(t.collegeId, t.firstAt, t.documentId),
  ],
);
