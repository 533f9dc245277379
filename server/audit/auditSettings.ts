import { and, eq, isNull } from 'drizzle-orm';
import { audienceKeys } from '../../contract/audience';
import { defaultAuditRetentionYears, type AuditSettingsRow, type SetAuditRetentionArgs } from '../../contract/audit';
import { can } from '../../contract/permissions';
import { recordAudit, type AuditActor } from '../auditRecord/recordAudit';
import type { Database } from '../db/client';
import { forbidden } from '../http/errors';
import type { UserRow } from '../auth/requireUser';
import { defineEntity } from '../sync/entity';
import type { Write } from '../sync/writeInCollege';
import { auditSettings } from './schema';

/**
 * How long the college keeps its audit records (docs/features/audit.md, "Retention"): one
 * row per college, its id the college's, synced to administrators (audience `admins`), set
 * through the outbox (`audit.setRetention`) or REST; a college without a row keeps them
 * `defaultAuditRetentionYears`. The change is itself recorded.
 */

type SettingsRecord = typeof auditSettings.$inferSelect;

export const auditSettingsToWire = (row: SettingsRecord): AuditSettingsRow => ({
  id: row.id,
  retention_years: row.retentionYears,
  updated_at: row.updatedAt.toISOString(),
});

export async function retentionYearsOf(db: Database, collegeId: string): Promise<number> {
  const [row] = await db
    .select({ years: auditSettings.retentionYears })
    .from(auditSettings)
    .where(and(eq(auditSettings.collegeId, collegeId), isNull(auditSettings.deletedAt)));
  return row?.years ?? defaultAuditRetentionYears;
}

export async function setAuditRetention(write: Write, actor: AuditActor & { user: Pick<UserRow, 'role'> }, args: SetAuditRetentionArgs): Promise<void> {
  if (!can(actor.user.role, 'audit.manage')) throw forbidden();
  const [current] = await write.tx.select().from(auditSettings).where(eq(auditSettings.collegeId, write.collegeId)).for('update');
  const before = current?.retentionYears ?? defaultAuditRetentionYears;
  const keys = [audienceKeys.admins];
  const values = { retentionYears: args.years, updatedAt: new Date(), audienceKeys: keys, seenKeys: keys, deletedAt: null, seq: write.stamp(keys) };
  await write.tx
    .insert(auditSettings)
    .values({ id: write.collegeId, collegeId: write.collegeId, ...values })
    .onConflictDoUpdate({ target: auditSettings.id, set: values });
  if (before !== args.years) {
    await recordAudit(write.tx, {
      collegeId: write.collegeId,
      actor,
      kind: 'audit.retentionChanged',
      before: { retention_years: before },
      after: { retention_years: args.years },
    });
  }
}

export const auditSettingsEntity = defineEntity({ name: 'audit_settings', table: auditSettings, toWire: auditSettingsToWire });
