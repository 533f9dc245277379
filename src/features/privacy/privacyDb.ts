import type { EntityTable } from 'dexie';
import type { DataExportRow, PrivacySettingsRow } from '../../../contract/privacy';
import type { DbWith, PatioDb } from '../../db/database';

/** The privacy module's tables (module.ts declares their stores). */
export interface PrivacyTables {
  privacySettings: EntityTable<PrivacySettingsRow, 'id'>;
  dataExports: EntityTable<DataExportRow, 'id'>;
}

export type PrivacyDb = DbWith<PrivacyTables>;

/** The database with the privacy tables typed; it has them whenever the module is registered. */
export function privacyDb(db: PatioDb): PrivacyDb {
  if (!db.registry.modules.some((module) => module.name === 'privacy')) throw new Error('the privacy module is not registered');
  return db as PrivacyDb;
}
