import type { PatioDb } from './database';
import type { SearchIndex } from './dataModule';

/**
 * The search hook of the engine, for every table a module declares searchable
 * (DataModule.search). Pulls write rows without words and add their ids to a queue kept in
 * `meta`, one row per id (`searchPending:<table>:<id>`, so queuing a page or indexing a
 * chunk writes only its own ids, never the whole queue), in the page's own transaction; the engine indexes the
 * queue in chunks after the run (src/sync/engine/syncEngine.ts), each chunk removing its
 * ids in the transaction that writes their words. So a crash loses nothing: the queue
 * says what is still to index, and search screens can scan those rows or say that results
 * may be incomplete (never a silent miss).
 */

/** Rows indexed per transaction: small enough to let a pull or a local write in between. */
export const indexChunkSize = 500;

const prefixOf = (index: Pick<SearchIndex, 'table'>) => `searchPending:${index.table}:`;

/** The ids waiting to be indexed, in id order (inside the caller's transaction, if any). */
export async function pendingIds(db: PatioDb, index: Pick<SearchIndex, 'table'>): Promise<string[]> {
  const prefix = prefixOf(index);
  const keys = await db.meta.where('key').startsWith(prefix).primaryKeys();
  return keys.map((key) => key.slice(prefix.length));
}

/** Adds and removes ids of the queue (inside the caller's transaction, which must cover `meta`). */
export async function updatePending(db: PatioDb, index: Pick<SearchIndex, 'table'>, add: Iterable<string>, remove: Iterable<string> = []): Promise<void> {
  const prefix = prefixOf(index);
  const removed = [...remove].map((id) => prefix + id);
  const added = [...add].map((id) => ({ key: prefix + id, value: true }));
  if (removed.length > 0) await db.meta.bulkDelete(removed);
  if (added.length > 0) await db.meta.bulkPut(added);
}

/** Drops the queued ids whose rows are not kept (a reset; inside the caller's transaction). */
export async function keepPending(db: PatioDb, index: Pick<SearchIndex, 'table'>, kept: (id: string) => boolean): Promise<void> {
  await updatePending(db, index, [], (await pendingIds(db, index)).filter((id) => !kept(id)));
}

/**
 * Indexes the rows with these ids as they are now, in one transaction: the words follow
 * the stored row, whatever wrote it; the words of rows that no longer exist are dropped,
 * and the ids leave the queue.
 */
export async function indexRows(db: PatioDb, index: SearchIndex, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = db.table<Record<string, unknown>, string>(index.table);
  const words = db.table<{ id: string; words: string[] }, string>(index.wordsTable);
  await db.transaction('rw', rows, words, db.meta, async () => {
    const found = await rows.bulkGet([...ids]);
    const indexed: { id: string; words: string[] }[] = [];
    const gone: string[] = [];
    found.forEach((row, i) => {
      if (row) indexed.push({ id: ids[i]!, words: index.wordsOf(row) });
      else gone.push(ids[i]!);
    });
    if (indexed.length > 0) await words.bulkPut(indexed);
    if (gone.length > 0) await words.bulkDelete(gone);
    await updatePending(db, index, [], ids);
  });
}

/** Rows without a words row (written before the queue existed, or words deleted), by keys only. */
export async function unindexedIds(db: PatioDb, index: SearchIndex): Promise<string[]> {
  const rows = db.table(index.table);
  const words = db.table(index.wordsTable);
  const [rowIds, indexedIds] = await db.transaction('r', rows, words, () =>
    Promise.all([rows.toCollection().primaryKeys(), words.toCollection().primaryKeys()]),
  );
  const indexed = new Set(indexedIds as string[]);
  return (rowIds as string[]).filter((id) => !indexed.has(id));
}

/** Queues the rows a crash (or an older version of the app) left without words. */
export async function queueUnindexed(db: PatioDb, index: SearchIndex): Promise<number> {
  const ids = await unindexedIds(db, index);
  if (ids.length > 0) await db.transaction('rw', db.meta, () => updatePending(db, index, ids));
  return ids.length;
}
