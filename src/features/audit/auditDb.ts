import type { EntityTable } from 'dexie';
import type { AuditSettingsRow } from '../../../contract/audit';
import type { DbWith, PatioDb } from '../../db/database';

/** The audit module's tables (module.ts declares their stores). */
export interface AuditTables {
  auditSettings: EntityTable<AuditSettingsRow, 'id'>;
}

export type AuditDb = DbWith<AuditTables>;

/** The database with the audit tables typed; it has them whenever the module is registered. */
export function auditDb(db: PatioDb): AuditDb {
  if (!db.registry.modules.some((module) => module.name === 'audit')) throw new Error('the audit module is not registered');
  return db as AuditDb;
}
