import type { PatioDb } from '../../db/database';
import { metaKeys } from '../../db/syncMeta';
import { applyPage, resetLocal } from './applyPage';
import type { SyncApi } from './syncApi';
import { readStatus, writeStatus } from './syncStatusStore';

export const pullPageSize = 1000;

/**
 * Pulls pages from the stored cursor until the server has no more. Without a cursor this is
 * the initial sync: its progress (changes received) is written with each page. The ids of
 * the posts written are added to `writtenPosts`, for the engine to index their words.
 */
export async function pullAll(db: PatioDb, api: SyncApi, signal: AbortSignal, writtenPosts?: Set<string>): Promise<number> {
  let cursor = (await db.meta.get(metaKeys.cursor))?.value as string | undefined;
  let initial = !cursor;
  let received = 0;
  let resets = 0;
  await writeStatus(db, { phase: initial ? 'initial' : 'pulling', ...(initial ? { received: 0 } : {}) });
  for (;;) {
    const page = await api.pull(cursor, pullPageSize, signal);
    if (signal.aborted) throw signal.reason;
    if (page.reset) {
      // A second reset in a row means the server keeps refusing; stop rather than spin.
      if (++resets > 2) throw new Error('pull keeps asking for a reset');
      await resetLocal(db, { ...(await readStatus(db)), phase: 'initial', received: 0 });
      cursor = undefined;
      initial = true;
      received = 0;
      continue;
    }
    received += page.changes.length;
    const status = await readStatus(db);
    const written = await applyPage(db, page.changes, page.cursor, {
      ...status,
      phase: initial && page.hasMore ? 'initial' : status.phase,
      received: initial ? received : status.received,
    });
    if (writtenPosts) for (const id of written) writtenPosts.add(id);
    cursor = page.cursor;
    if (!page.hasMore) return received;
  }
}
