/**
 * The audit trail's setting (docs/features/audit.md): the college's retention, one synced row
 * per college (its id the college's) for administrators' devices. The records themselves are
 * written by every feature, so their table and door are shared: server/auditRecord/.
 */
import { integer, timestamp } from 'drizzle-orm/pg-core';
import { defaultAuditRetentionYears } from '../../contract/audit';
import { audienceColumns, syncedTable } from '../db/syncedTable';

/** Audience: administrators (`admins`). No row: the default retention. */
export const auditSettings = syncedTable('audit_settings', {
  retentionYears: integer('retention_years').notNull().default(defaultAuditRetentionYears),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  ...audienceColumns(),
});
