import type { PatioDb } from './database';
import type { SearchIndex } from './dataModule';

/**
 * The search hook of the engine, for every table a module declares searchable
 * (DataModule.search). Pulls write rows without words and add their ids to a queue kept in
 * `meta`, in the page's own transaction; the engine indexes the queue in chunks, while the
 * next page is on its way and after the run (src/sync/engine/pull.ts, syncEngine.ts), each
 * chunk removing its ids in the transaction that writes their words. So a crash loses
 * nothing: the queue says what is still to index, and search screens can scan those rows
 * or say that results may be incomplete (never a silent miss).
 *
 * The queue is kept in groups of at most `queueGroupSize` ids, a `meta` row each
 * (`searchPending:<table>:<first id>` → ids): queuing a page writes only its own groups,
 * and indexing a group deletes one row. (A row per id, as before, cost the initial sync
 * 10,000 puts and 10,000 deletes on top of its 10,000 rows: measured, a third of the
 * IndexedDB work.) A row `true` is a queued id of that older form, still read.
 */

/** Rows indexed per transaction after the run: small enough to let a pull or a local write in between. */
export const indexChunkSize = 500;

/** Ids per queue row; the chunk the pull indexes while it waits (pull.ts) is one group. */
export const queueGroupSize = 100;

const prefixOf = (index: Pick<SearchIndex, 'table'>) => `searchPending:${index.table}:`;

interface QueueRow {
  key: string;
  ids: string[];
}

async function queueRows(db: PatioDb, index: Pick<SearchIndex, 'table'>): Promise<QueueRow[]> {
  const prefix = prefixOf(index);
  const rows = await db.meta.where('key').startsWith(prefix).toArray();
  return rows.map(({ key, value }) => ({ key, ids: Array.isArray(value) ? (value as string[]) : [key.slice(prefix.length)] }));
}

/** The ids waiting to be indexed, each once, oldest group first (inside the caller's transaction, if any). */
export async function pendingIds(db: PatioDb, index: Pick<SearchIndex, 'table'>): Promise<string[]> {
  return [...new Set((await queueRows(db, index)).flatMap((row) => row.ids))];
}

/** Adds and removes ids of the queue (inside the caller's transaction, which must cover `meta`). */
export async function updatePending(db: PatioDb, index: Pick<SearchIndex, 'table'>, add: Iterable<string>, remove: Iterable<string> = []): Promise<void> {
  const removed = new Set(remove);
  if (removed.size > 0) {
    const emptied: string[] = [];
    const rewritten: { key: string; value: string[] }[] = [];
    for (const row of await queueRows(db, index)) {
      const kept = row.ids.filter((id) => !removed.has(id));
      if (kept.length === row.ids.length) continue;
      if (kept.length === 0) emptied.push(row.key);
      else rewritten.push({ key: row.key, value: kept });
    }
    if (emptied.length > 0) await db.meta.bulkDelete(emptied);
    if (rewritten.length > 0) await db.meta.bulkPut(rewritten);
  }
  const added = [...add];
  if (added.length === 0) return;
  const prefix = prefixOf(index);
  const groups: { key: string; value: string[] }[] = [];
  for (let start = 0; start < added.length; start += queueGroupSize) {
    const ids = added.slice(start, start + queueGroupSize);
    groups.push({ key: prefix + ids[0]!, value: ids });
  }
  // A group with the same first id (that row queued again) keeps the ids it held.
  const existing = await db.meta.bulkGet(groups.map((group) => group.key));
  existing.forEach((row, i) => {
    if (row && Array.isArray(row.value)) groups[i]!.value = [...new Set([...(row.value as string[]), ...groups[i]!.value])];
  });
  await db.meta.bulkPut(groups);
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
