import type { AuditSettingsRow } from '../../../contract/audit';
import { mutate } from '../../sync/mutate';
import type { AuditDb } from './auditDb';

/**
 * `audit.setRetention` through the outbox: the device shows the new retention at once; a
 * refusal waits in "needs attention". The row's id is the college's (one setting per college).
 */
export function setRetention(db: AuditDb, collegeId: string, years: number, now = new Date()): Promise<number> {
  const row: AuditSettingsRow = { id: collegeId, retention_years: years, updated_at: now.toISOString() };
  return mutate(db, { name: 'audit.setRetention', args: { years }, entity: 'auditSettings', entityId: collegeId }, async () => {
    await db.auditSettings.put(row);
  });
}
