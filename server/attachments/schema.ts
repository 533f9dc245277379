/**
 * Attachments of posts and events (docs/features/documents.md): the files, and the column of their
 * owners' rows that lists them. drizzle.config.ts reads every `server/<folder>/schema.ts`.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Attachment } from '../../contract/attachments';
import { attachmentOwnerKinds } from '../../contract/attachments';
import { documentMimeTypes } from '../../contract/documents';
import { colleges, users } from '../db/schema';

/**
 * One file of a post or an event: a finished tus upload (`file_key`) of the college's file
 * store, with its WebP variants beside it when it is an image. Not synced itself: devices
 * learn of it through its owner's row. `removed_at` marks a file whose owner was deleted or
 * that was taken off it; the row goes once the files are removed from the disk.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey(),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id, { onDelete: 'cascade' }),
    ownerKind: text('owner_kind', { enum: attachmentOwnerKinds }).notNull(),
    /** A post's or an event's id (two tables: no foreign key; deleting the owner removes these). */
    ownerId: uuid('owner_id').notNull(),
    name: text('name').notNull(),
    mimeType: text('mime_type', { enum: documentMimeTypes }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    fileKey: text('file_key').notNull(),
    /** An image's size as shown (EXIF rotation applied); null for other files. */
    width: integer('width'),
    height: integer('height'),
    /** The widths of its WebP variants (contract/attachmentFiles.ts `variantWidthsOf`). */
    widths: integer('widths')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** An image's text alternative as its author wrote it (`attachments.describe`); null when none was. */
    alt: text('alt'),
    uploaderId: uuid('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('attachments_owner_idx').on(t.collegeId, t.ownerKind, t.ownerId),
    // The sweep looks only at the few rows whose files wait to be removed.
    index('attachments_removed_idx')
      .on(t.collegeId)
      .where(sql`${t.removedAt} is not null`),
  ],
);

/**
 * The column of an owner's synced row listing its attachments as devices receive them: kept
 * by server/attachments in the same write as the `attachments` rows, so adding or removing a
 * file gives the owner a new change number and its devices the new list.
 */
export const attachmentListColumn = () =>
  jsonb('attachments')
    .$type<Attachment[]>()
    .notNull()
    .default(sql`'[]'::jsonb`);
