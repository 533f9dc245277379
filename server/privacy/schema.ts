import { bigint, index, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { erasurePolicies, exportStates } from '../../contract/privacy';
import { audienceColumns, syncedTable } from '../db/syncedTable';

/**
 * The college's privacy settings (contract/privacy.ts): one synced row per college, its id
 * the college's; every member receives it (what happens to messages is no secret).
 */
export const privacySettings = syncedTable('privacy_settings', {
  erasurePolicy: text('erasure_policy', { enum: erasurePolicies }).notNull().default('keep'),
  /** Null: messages are kept. */
  messageRetentionMonths: integer('message_retention_months'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Data exports: asked by a member for themself or by an administrator for a member, prepared
 * by a job (server/privacy/exportJob.ts), downloaded once by whoever asked. Synced to the
 * requester only (`user:<requested_by>`). `member_id` has no foreign key: an erased member's
 * exports are removed by the erasure, and the row must outlive nothing else.
 */
export const dataExports = syncedTable(
  'data_exports',
  {
    memberId: uuid('member_id').notNull(),
    memberName: text('member_name').notNull().default(''),
    requestedBy: uuid('requested_by').notNull(),
    state: text('state', { enum: exportStates }).notNull().default('asked'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** A job's claim on an `asked` or `preparing` row (a crashed process's claim expires). */
    takenUntil: timestamp('taken_until', { withTimezone: true }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
    size: bigint('size', { mode: 'number' }),
    /** The zip under `<dataDir>/exports/<college>/`; '' once it is gone. */
    fileKey: text('file_key').notNull().default(''),
    ...audienceColumns(),
  },
  (t) => [index('data_exports_college_state_idx').on(t.collegeId, t.state), index('data_exports_member_idx').on(t.collegeId, t.memberId)],
);
