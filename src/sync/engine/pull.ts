import type { PullResponse } from '../../../contract/sync';
import type { PatioDb } from '../../db/database';
import { indexRows, queueGroupSize } from '../../db/searchIndex';
import { metaKeys } from '../../db/syncMeta';
import { applyPage, resetLocal } from './applyPage';
import type { SyncApi } from './syncApi';
import { readStatus, writeStatus } from './syncStatusStore';

export const pullPageSize = 1000;

/**
 * Pulls pages from the stored cursor until the server has no more. Without a cursor this is
 * the initial sync: it asks first for the head (the newest posts and what a first screen
 * needs, server/sync/pull.ts `pullHead`), so a new user reads today's news within one round
 * trip instead of waiting for the oldest posts to arrive first; the head comes with a
 * cursor at the beginning, from which every row follows in order. The initial sync lasts
 * until a page says there is no more: that page's transaction marks it done
 * (`firstSyncDone`, which screens read before saying "nothing here"); a run cut short
 * resumes it, with its progress (changes received) written with each page.
 *
 * Search keeps up with the sync: rows of searchable tables join their indexing queue as
 * they are written (applyPage), and while the next page is on its way the rows already
 * written are indexed, a small chunk at a time, stopping as soon as that page has arrived:
 * on a real network, where the device mostly waits, search is complete when the sync is
 * (it was indexed after the run: ≈ 9 s after the 10,000th post arrived); where the network
 * outruns the device, pages come first and the engine indexes the rest after the run.
 *
 * Pipelined: as soon as a page arrives, the next one is requested with its cursor, so the
 * server builds page N+1 while page N is written. Pages are still applied strictly in order,
 * each with its cursor in one transaction (DESIGN.md sync invariant 1); the cursor stored
 * is never ahead of the rows stored. When applying a page fails, the prefetched page is
 * dropped (its request aborted) and the error goes up: the next run starts again from the
 * last cursor stored.
 */
export async function pullAll(db: PatioDb, api: SyncApi, signal: AbortSignal): Promise<number> {
  const [stored, done, before] = await Promise.all([db.meta.get(metaKeys.cursor), db.meta.get(metaKeys.firstSyncDone), readStatus(db)]);
  let cursor = stored?.value as string | undefined;
  // A device from before `firstSyncDone` existed takes one run to mark it.
  let initial = !cursor || done === undefined;
  let received = initial && cursor ? before.received : 0;
  let resets = 0;
  await writeStatus(db, { phase: initial ? 'initial' : 'pulling', ...(initial ? { received } : {}) });
  // A new device needs every row parser for its first pages: their code loads while the
  // head is on its way, not after it (a round trip more on a weak network).
  if (!cursor) for (const synced of db.registry.syncedEntities) synced.toLocal().catch(() => undefined);
  const prefetch = new AbortController();
  const requests = AbortSignal.any([signal, prefetch.signal]);
  const request = (from: string | undefined): Promise<PullResponse> => {
    // A new device asks for the head first (a reset too: it starts over).
    const pending = api.pull(from, pullPageSize, requests, from ? undefined : { head: true });
    // Not awaited until its turn: an early failure must not be an unhandled rejection.
    pending.catch(() => undefined);
    return pending;
  };
  /** Rows written by this run and not indexed yet (the queue in `meta` is the record). */
  const backlog: (readonly [table: string, ids: string[]])[] = [];
  try {
    let next = request(cursor);
    for (;;) {
      const page = await next;
      if (signal.aborted) throw signal.reason;
      if (page.reset) {
        // A second reset in a row means the server keeps refusing; stop rather than spin.
        if (++resets > 2) throw new Error('pull keeps asking for a reset');
        await resetLocal(db, { ...(await readStatus(db)), phase: 'initial', received: 0 });
        cursor = undefined;
        initial = true;
        received = 0;
        next = request(cursor);
        continue;
      }
      // The next page is on its way while this one is written.
      let arrived = !page.hasMore;
      if (page.hasMore) {
        next = request(page.cursor);
        void next.then(
          () => (arrived = true),
          () => (arrived = true),
        );
      }
      received += page.changes.length;
      const status = await readStatus(db);
      const written = await applyPage(
        db,
        page.changes,
        page.cursor,
        {
          ...status,
          phase: initial && page.hasMore ? 'initial' : status.phase,
          received: initial ? received : status.received,
        },
        { firstSyncDone: initial && !page.hasMore },
      );
      cursor = page.cursor;
      // In the queue's groups (src/db/searchIndex.ts): indexing one deletes one queue row.
      for (const [table, ids] of written) {
        for (let start = 0; start < ids.length; start += queueGroupSize) backlog.push([table, ids.slice(start, start + queueGroupSize)]);
      }
      await indexWhileWaiting(db, backlog, () => arrived);
      if (!page.hasMore) return received;
    }
  } finally {
    // Whatever was prefetched and not applied is dropped.
    prefetch.abort();
  }
}

/**
 * Indexes the oldest groups of the backlog, one per transaction (src/db/searchIndex.ts),
 * until it is empty or `stop()` says the next page is here.
 */
async function indexWhileWaiting(db: PatioDb, backlog: (readonly [string, string[]])[], stop: () => boolean): Promise<void> {
  while (backlog.length > 0 && !stop()) {
    const [table, ids] = backlog.shift()!;
    const index = db.registry.searchIndexOf(table);
    if (index) await indexRows(db, index, ids);
  }
}
