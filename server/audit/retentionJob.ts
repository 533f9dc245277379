import { sql } from 'drizzle-orm';
import { defaultAuditRetentionYears } from '../../contract/audit';
import { auditRecords } from '../auditRecord/schema';
import type { Job } from '../jobs';
import { auditSettings } from './schema';

/**
 * Removes the records older than their college's retention (docs/features/audit.md). The
 * only deletion the trigger of migration 0020 lets through: the transaction says it is the
 * retention job (`patio.audit_retention`, local to the transaction). Runs every hour; `now`
 * comes from the job runner, so tests drive it with a fake clock.
 */
export const auditRetentionJob: Job = {
  name: 'audit-retention',
  everyMs: 60 * 60 * 1000,
  run: async (db, now) => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('patio.audit_retention', 'on', true)`);
      await tx.execute(sql`
        delete from ${auditRecords} r
        where r.created_at < ${now.toISOString()}::timestamptz - make_interval(years => coalesce(
          (select s.retention_years from ${auditSettings} s where s.college_id = r.college_id and s.deleted_at is null),
          ${defaultAuditRetentionYears}))`);
    });
  },
};
