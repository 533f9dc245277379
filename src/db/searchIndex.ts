import Dexie, { type Transaction } from 'dexie';
import type { PatioDb } from './database';
import type { SearchIndex } from './dataModule';

/**
 * The search hook of the engine, for every table a module declares searchable
 * (DataModule.search). Writes store their rows' words in their own transaction: a pull
 * page (src/sync/engine/applyPage.ts) and a local change alike, so search is complete when
 * the sync is. Rows whose words must be made again wait in a queue kept in `meta`: those a
 * reset keeps, and every row when a schema upgrade changes the index. The engine indexes
 * the queue in chunks after its run (src/sync/engine/syncEngine.ts), each chunk removing
 * its ids in the transaction that writes their words. So a crash loses nothing: the queue
 * says what is still to index, and search screens scan those rows or say that results may
 * be incomplete (never a silent miss).
 *
 * The queue is kept in groups of at most `queueGroupSize` ids, a `meta` row each
 * (`searchPending:<table>:<first id>` → ids): queuing writes only its own groups, and
 * indexing a group deletes one row. (A row per id, as before, cost the initial sync 10,000
 * puts and 10,000 deletes on top of its 10,000 rows.) A row `true` is a queued id of that
 * older form, still read.
 */

/** Rows indexed per transaction: small enough to let a pull or a local write in between. */
export const indexChunkSize = 500;

/** Ids per queue row. */
export const queueGroupSize = 100;

const prefixOf = (index: Pick<SearchIndex, 'table'>) => `searchPending:${index.table}:`;

/** `ids` as queue rows of at most `queueGroupSize`, each keyed by its first id. */
function groupsOf(index: Pick<SearchIndex, 'table'>, ids: readonly string[]): { key: string; value: string[] }[] {
  const prefix = prefixOf(index);
  const groups: { key: string; value: string[] }[] = [];
  for (let start = 0; start < ids.length; start += queueGroupSize) {
    const group = ids.slice(start, start + queueGroupSize);
    groups.push({ key: prefix + group[0]!, value: group });
  }
  return groups;
}

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
  const groups = groupsOf(index, [...add]);
  if (groups.length === 0) return;
  // A group with the same first id (that row queued again) keeps the ids it held.
  const existing = await db.meta.bulkGet(groups.map((group) => group.key));
  existing.forEach((row, i) => {
    if (row && Array.isArray(row.value)) groups[i]!.value = [...new Set([...(row.value as string[]), ...groups[i]!.value])];
  });
  await db.meta.bulkPut(groups);
}

/**
 * Queues every row of the table, inside a schema upgrade's transaction: an index whose
 * format changes is dropped and written again by the engine, while search reads the
 * queued rows' text meanwhile (never a silent miss).
 */
export async function queueAllInUpgrade(tx: Transaction, index: Pick<SearchIndex, 'table'>): Promise<void> {
  const groups = groupsOf(index, (await tx.table(index.table).toCollection().primaryKeys()) as string[]);
  if (groups.length > 0) await tx.table('meta').bulkPut(groups);
}

/** The queue becomes exactly these ids (a reset; inside the caller's transaction, which must cover `meta`). */
export async function replacePending(db: PatioDb, index: Pick<SearchIndex, 'table'>, ids: readonly string[]): Promise<void> {
  await db.meta.where('key').startsWith(prefixOf(index)).delete();
  const groups = groupsOf(index, ids);
  if (groups.length > 0) await db.meta.bulkPut(groups);
}

/** A row's words, and the postings group they were written in. */
export interface WordsRow {
  id: string;
  words: string[];
  /** Absent in rows from before postings (schema upgrades clear those). */
  group?: string;
}

/** The ids of one group's rows having `word`: one row of the terms table. */
interface Posting {
  word: string;
  group: string;
  ids: string[];
}

/**
 * A fresh postings group: every batch of rows indexed together gets its own, so writing a
 * batch never reads or rewrites another's postings.
 */
const newGroup = (): string => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * The words index is inverted, by batch: for each word of a batch of rows, ONE row of the
 * terms table (`[word+group]` → the ids having it), and per row a plain words row (`id` →
 * its words and group) to find its postings again when it changes or goes. A batch of
 * 1,000 posts writes its distinct words (a few hundred to a few thousand rows) and 1,000
 * small rows, instead of the ≈ 50–80 multi-entry index entries per post that made indexing
 * 5× the cost of writing the posts themselves (bench/RESULTS.md, "Newest first, search with the sync").
 */

/** Drops rows' postings and words rows (inside the caller's transaction over both tables). */
export async function removeWords(db: PatioDb, index: SearchIndex, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const words = db.table<WordsRow, string>(index.wordsTable);
  const terms = db.table<Posting, [string, string]>(index.termsTable);
  const old = (await words.bulkGet([...ids])).filter((row): row is WordsRow => row !== undefined);
  const leaving = new Map<string, Set<string>>();
  for (const row of old) {
    if (row.group === undefined) continue;
    for (const word of row.words) {
      const key = JSON.stringify([word, row.group]);
      let set = leaving.get(key);
      if (!set) leaving.set(key, (set = new Set()));
      set.add(row.id);
    }
  }
  if (leaving.size > 0) {
    const keys = [...leaving.keys()].map((key) => JSON.parse(key) as [string, string]);
    const postings = await terms.bulkGet(keys);
    const kept: Posting[] = [];
    const emptied: [string, string][] = [];
    postings.forEach((posting, i) => {
      if (!posting) return;
      const gone = leaving.get(JSON.stringify(keys[i]))!;
      const ids = posting.ids.filter((id) => !gone.has(id));
      if (ids.length === 0) emptied.push(keys[i]!);
      else kept.push({ ...posting, ids });
    });
    if (emptied.length > 0) await terms.bulkDelete(emptied);
    if (kept.length > 0) await terms.bulkPut(kept);
  }
  await words.bulkDelete(old.map((row) => row.id));
}

/**
 * Writes rows' words as one new postings group, replacing what they had (inside the
 * caller's transaction over the words and terms tables).
 */
export async function writeWords(db: PatioDb, index: SearchIndex, rows: readonly Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  await removeWords(
    db,
    index,
    rows.map((row) => row.id as string),
  );
  const group = newGroup();
  const byWord = new Map<string, string[]>();
  const wordsRows: WordsRow[] = rows.map((row) => {
    const id = row.id as string;
    const words = index.wordsOf(row);
    for (const word of words) {
      const ids = byWord.get(word);
      if (ids) ids.push(id);
      else byWord.set(word, [id]);
    }
    return { id, words, group };
  });
  await db.table<Posting, [string, string]>(index.termsTable).bulkPut([...byWord].map(([word, ids]) => ({ word, group, ids })));
  await db.table<WordsRow, string>(index.wordsTable).bulkPut(wordsRows);
}

/**
 * The ids of rows having, for every query word, a word that starts with it (the query's
 * words folded like the index's): each word's postings by a key range, intersected.
 */
export async function matchingIds(db: PatioDb, index: SearchIndex, queryWords: readonly string[]): Promise<Set<string>> {
  const terms = db.table<Posting, [string, string]>(index.termsTable);
  // The longest word first: it matches fewest rows, and the others only narrow it.
  const ordered = [...new Set(queryWords)].sort((a, b) => b.length - a.length);
  let matches: Set<string> | null = null;
  for (const word of ordered) {
    const found = new Set<string>();
    await terms
      .where('[word+group]')
      .between([word, Dexie.minKey], [`${word}\uffff`, Dexie.maxKey], true, true)
      .each((posting) => {
        for (const id of posting.ids) if (!matches || matches.has(id)) found.add(id);
      });
    matches = found;
    if (matches.size === 0) break;
  }
  return matches ?? new Set();
}

/**
 * Indexes the rows with these ids as they are now, in one transaction: the words follow
 * the stored row, whatever wrote it; the words of rows that no longer exist are dropped,
 * and the ids leave the queue.
 */
export async function indexRows(db: PatioDb, index: SearchIndex, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = db.table<Record<string, unknown>, string>(index.table);
  await db.transaction('rw', [rows, db.table(index.wordsTable), db.table(index.termsTable), db.meta], async () => {
    const found = await rows.bulkGet([...ids]);
    const present = found.filter((row): row is Record<string, unknown> => row !== undefined);
    await removeWords(
      db,
      index,
      ids.filter((_, i) => found[i] === undefined),
    );
    await writeWords(db, index, present);
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
