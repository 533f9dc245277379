import type { PullResponse } from '../../../contract/sync';
import type { PatioDb } from '../../db/database';
import { entityOfKey } from '../../db/localSchema';
import { metaKeys } from '../../db/syncMeta';
import { applyPage, resetLocal } from './applyPage';
import type { SyncApi } from './syncApi';
import { readStatus, writeStatus } from './syncStatusStore';

export const pullPageSize = 1000;

/** The device's open event stream, as a pull uses it. */
export interface PullStream {
  /** Its id, which pulls name so that its pages go on from where they end. */
  id?: string | undefined;
  /**
   * The page it sent that starts at `cursor`, if any (taken off its queue with the older
   * ones; none found empties the queue): applied as the answer a pull from there gives.
   */
  take?: ((cursor: string) => PullResponse | undefined) | undefined;
  /**
   * The stream is up: every change committed from now on reaches the device through it (a
   * page or a poke), so only the pages it brought are applied, without a request. After a
   * push: the device's own changes come back that way.
   */
  only?: boolean;
}

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
 * Search is complete when the sync is: each page's rows are written with their words
 * (applyPage); they used to be indexed after the run, ≈ 9 s after the 10,000th post.
 *
 * Pipelined: as soon as a page arrives, the next one is requested with its cursor, so the
 * server builds page N+1 while page N is written. Pages are still applied strictly in order,
 * each with its cursor in one transaction (docs/sync.md, rule 1); the cursor stored
 * is never ahead of the rows stored. When applying a page fails, the prefetched page is
 * dropped (its request aborted) and the error goes up: the next run starts again from the
 * last cursor stored.
 *
 * A page the event stream brought (`stream.take`) stands for the pull from its start: a
 * device whose cursor is that start applies it with no request at all, a round trip less
 * on a weak network; otherwise it pulls. Not during the initial sync.
 */
export async function pullAll(db: PatioDb, api: SyncApi, signal: AbortSignal, stream: PullStream = {}): Promise<number> {
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
  // The feed stands for the entities of the app that began it: one that came with an update
  // since has its rows caught up on first (a reset starts the whole feed over instead).
  if (cursor && !initial && (await catchUp(db, api, signal)) === 'reset') {
    await resetLocal(db, { ...(await readStatus(db)), phase: 'initial', received: 0 });
    cursor = undefined;
    initial = true;
  }
  // A feed begun from nothing stands for every entity of this app.
  let covers = !cursor;
  const prefetch = new AbortController();
  const requests = AbortSignal.any([signal, prefetch.signal]);
  const steady = !initial;
  const streamed = (from: string | undefined) => (steady && from !== undefined ? stream.take?.(from) : undefined);
  const request = (from: string | undefined): Promise<PullResponse> => {
    const brought = streamed(from);
    if (brought) return Promise.resolve(brought);
    // A new device asks for the head first (a reset too: it starts over).
    const pending = api.pull(from, pullPageSize, requests, from ? (stream.id ? { stream: stream.id } : undefined) : { head: true });
    // Not awaited until its turn: an early failure must not be an unhandled rejection.
    pending.catch(() => undefined);
    return pending;
  };
  try {
    const brought = streamed(cursor);
    if (!brought && stream.only && steady) return received;
    let next = brought ? Promise.resolve(brought) : request(cursor);
    for (;;) {
      const page = await next;
      if (signal.aborted) throw signal.reason;
      if (page.reset) {
        // A second reset in a row means the server keeps refusing; stop rather than spin.
        if (++resets > 2) throw new Error('pull keeps asking for a reset');
        await resetLocal(db, { ...(await readStatus(db)), phase: 'initial', received: 0 });
        cursor = undefined;
        initial = true;
        covers = true;
        received = 0;
        next = request(cursor);
        continue;
      }
      // The next page is on its way while this one is written.
      if (page.hasMore) next = request(page.cursor);
      received += page.changes.length;
      const status = await readStatus(db);
      await applyPage(
        db,
        page.changes,
        page.cursor,
        {
          ...status,
          phase: initial && page.hasMore ? 'initial' : status.phase,
          received: initial ? received : status.received,
        },
        {
          firstSyncDone: initial && !page.hasMore,
          ...(covers ? { also: [{ key: metaKeys.syncedEntities, value: db.registry.entityKeys }] } : {}),
        },
      );
      cursor = page.cursor;
      if (page.hasMore) continue;
      // More changes the stream brought meanwhile, from here on.
      const more = streamed(cursor);
      if (!more) return received;
      next = Promise.resolve(more);
    }
  } finally {
    // Whatever was prefetched and not applied is dropped.
    prefetch.abort();
  }
}

interface CatchUpProgress {
  entities: string[];
  cursor: string;
}

/**
 * Pulls the rows of the entities this app has and its feed does not stand for: a server
 * skips nothing, but a device drops the rows of entities it does not know (applyPage), so
 * an app updated with a new feature (documents) had moved its cursor past every row of it.
 * Those entities are pulled apart, from no cursor (`entities=…`, everything of them the
 * member may see), page by page, each page with its position in one transaction like the
 * main feed's, so a crash resumes it. The last page adds them to the entities the feed
 * stands for. The main feed then goes on from its own cursor: rows of these entities it
 * sends again are older or equal states, followed by the newest, as for any row.
 */
async function catchUp(db: PatioDb, api: SyncApi, signal: AbortSignal): Promise<'done' | 'reset'> {
  const [covered, progress] = await Promise.all([db.meta.get(metaKeys.syncedEntities), db.meta.get(metaKeys.catchUp)]);
  // A cursor without the record is of a database this app made before writing it (as
  // upgrades record it, see localSchema.ts recordCoverage): nothing is known to be missing.
  if (!Array.isArray(covered?.value)) return 'done';
  const known = covered.value as string[];
  // An entity whose rows changed shape since is pulled again, like a new one.
  const missing = db.registry.entityKeys.filter((key) => !known.includes(key));
  if (missing.length === 0) return 'done';
  const entities = missing.map(entityOfKey);
  const stored = progress?.value as CatchUpProgress | undefined;
  // A catch-up of another set (a second update meanwhile) starts over with this one.
  let cursor = stored && [...stored.entities].sort().join() === [...missing].sort().join() ? stored.cursor : undefined;
  for (;;) {
    const page = await api.pull(cursor, pullPageSize, signal, { entities });
    if (signal.aborted) throw signal.reason;
    if (page.reset) return 'reset';
    const done = !page.hasMore;
    await applyPage(db, page.changes, page.cursor, await readStatus(db), {
      position: done
        ? { key: metaKeys.syncedEntities, value: [...known.filter((key) => !entities.includes(entityOfKey(key))), ...missing] }
        : { key: metaKeys.catchUp, value: { entities: missing, cursor: page.cursor } satisfies CatchUpProgress },
      ...(done ? { drop: [metaKeys.catchUp] } : {}),
    });
    if (done) return 'done';
    cursor = page.cursor;
  }
}
