/**
 * The contacts feature's table (drizzle.config.ts reads every `server/<feature>/schema.ts`
 * into the one migration history).
 */
import { index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contactVisibilities } from '../../contract/contacts';
import { places } from '../db/schema';
import { audienceColumns, syncedTable } from '../db/syncedTable';

/**
 * The school's directory: written by administrators, read by the audience its visibility
 * names (`college` or `staff` in `audience_keys`), listed by name.
 */
export const contacts = syncedTable(
  'contacts',
  {
    name: text('name').notNull(),
    title: text('title').notNull().default(''),
    placeId: uuid('place_id').references(() => places.id, { onDelete: 'set null' }),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    notes: text('notes').notNull().default(''),
    visibility: text('visibility', { enum: contactVisibilities }).notNull().default('all'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ...audienceColumns(),
  },
  (t) => [index('contacts_college_name_idx').on(t.collegeId, t.name)],
);
