import { setAuditRetentionArgs } from '../../contract/audit';
import type { FeatureModule } from '../feature';
import { defineMutation } from '../sync/mutation';
import { auditRoutes } from './auditRoutes';
import { auditSettingsEntity, setAuditRetention } from './auditSettings';
import { auditRetentionJob } from './retentionJob';

/**
 * The audit trail for administrators (docs/features/audit.md): the records every feature
 * writes through server/auditRecord/, read over REST with filters and as CSV; the college's
 * retention, synced to administrators and set through the outbox or REST; the job that removes
 * what is older.
 */
export const auditModule: FeatureModule = {
  name: 'audit',
  entities: [auditSettingsEntity],
  mutations: [
    defineMutation({
      name: 'audit.setRetention',
      permission: 'audit.manage',
      args: setAuditRetentionArgs,
      apply: (write, actor, args) => setAuditRetention(write, actor, args),
    }),
  ],
  routes: auditRoutes,
  jobs: [auditRetentionJob],
};
