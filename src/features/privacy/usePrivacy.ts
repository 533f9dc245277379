import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { privacySettingsOrDefaults, type DataExportRow, type PrivacySettingsFields } from '../../../contract/privacy';
import { useDb } from '../../db/DbProvider';
import { privacyDb, type PrivacyDb } from './privacyDb';

/** The signed-in user's database with the privacy tables typed. */
export function usePrivacyDb(): PrivacyDb {
  const db = useDb();
  return useMemo(() => privacyDb(db), [db]);
}

/** Live: the college's privacy settings as synced (the defaults before they arrive); undefined while reading. */
export function usePrivacySettings(): PrivacySettingsFields | undefined {
  const db = usePrivacyDb();
  return useLiveQuery(async () => privacySettingsOrDefaults(await db.privacySettings.toCollection().first()), [db]);
}

/** Live: the exports I asked for about `memberId`, newest first; undefined while reading. */
export function useExportsOf(memberId: string): DataExportRow[] | undefined {
  const db = usePrivacyDb();
  return useLiveQuery(
    async () =>
      (await db.dataExports.where('member_id').equals(memberId).toArray()).sort(
        (a, b) => b.requested_at.localeCompare(a.requested_at) || b.id.localeCompare(a.id),
      ),
    [db, memberId],
  );
}
