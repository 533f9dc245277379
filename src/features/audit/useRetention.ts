import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { defaultAuditRetentionYears } from '../../../contract/audit';
import { useDb } from '../../db/DbProvider';
import { auditDb } from './auditDb';

/** Live: the years the college keeps its records, as synced to this device (the default before it arrives); undefined while reading. */
export function useRetention(): number | undefined {
  const db = useAuditDb();
  return useLiveQuery(async () => (await db.auditSettings.toCollection().first())?.retention_years ?? defaultAuditRetentionYears, [db]);
}

export function useAuditDb() {
  const db = useDb();
  return useMemo(() => auditDb(db), [db]);
}
