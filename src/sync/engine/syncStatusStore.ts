import type { PatioDb } from '../../db/database';
import { asSyncStatus, metaKeys, type SyncStatusMeta } from '../../db/syncMeta';

/** The status the UI shows (src/sync/hooks.ts), merged into `meta`; only the leader writes it. */
export async function readStatus(db: PatioDb): Promise<SyncStatusMeta> {
  return asSyncStatus((await db.meta.get(metaKeys.status))?.value);
}

export async function writeStatus(db: PatioDb, patch: Partial<SyncStatusMeta>): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const current = await readStatus(db);
    const next: SyncStatusMeta = { ...current, ...patch };
    if (!('error' in patch) || patch.error === undefined) delete next.error;
    if (patch.error !== undefined) next.error = patch.error;
    if (JSON.stringify(next) !== JSON.stringify(current)) await db.meta.put({ key: metaKeys.status, value: next });
  });
}
