import type { Change } from '../../../contract/sync';
import type { RowParser } from '../../db/dataModule';
import type { OutboxEntry, PatioDb } from '../../db/database';
import { removeWords, replacePending, updatePending, writeWords } from '../../db/searchIndex';
import { metaKeys, type SyncStatusMeta } from '../../db/syncMeta';

type PendingByRow = Map<string, OutboxEntry>;

const rowKey = (table: string, id: string) => `${table}\u0000${id}`;

/** The earliest unanswered outbox entry of each row: its before-image is the server's truth. */
async function pendingByRow(db: PatioDb): Promise<PendingByRow> {
  const pending: PendingByRow = new Map();
  for (const entry of await db.outbox.orderBy('seq').toArray()) {
    const key = rowKey(entry.entity, entry.entityId);
    if (!pending.has(key)) pending.set(key, entry);
  }
  return pending;
}

interface MetaRow {
  key: string;
  value: unknown;
}

export interface PageOptions {
  /** The last page of the initial sync. */
  firstSyncDone?: boolean;
  /** Where the page's position is stored, instead of the main cursor (a catch-up's, pull.ts). */
  position?: MetaRow;
  /** Other facts written with the page (the entities the feed stands for). */
  also?: readonly MetaRow[];
  /** Facts the page ends (a finished catch-up). */
  drop?: readonly string[];
}

/**
 * Applies one pull page AND stores its cursor in one transaction (docs/sync.md,
 * rule 1): a crash leaves either both or neither. The last page of the initial sync
 * also marks it done (`firstSyncDone`). Entities no module declares are
 * skipped (an older client against a newer server), and so are rows that do not fit the
 * contract. A row with a change of ours not answered yet keeps our optimistic version: the
 * server's version becomes that change's before-image instead (what a discard restores),
 * and the server sends the row again once it has applied our change.
 *
 * Rows of searchable tables are written with their words, and the words of deleted rows
 * go, in the same transaction (src/db/searchIndex.ts): search is complete when the sync
 * is. (The inverted index costs a page a few hundred postings rows; the multi-entry index
 * before it cost 5× the rows' own write, and the words came in the background after the
 * run.) Those rows leave the indexing queue, if a reset or a crash had put them there.
 */
export async function applyPage(db: PatioDb, changes: readonly Change[], cursor: string, status: SyncStatusMeta, options: PageOptions = {}): Promise<void> {
  const { registry } = db;
  // Loaded before the transaction: a Dexie transaction ends when it awaits anything else.
  const parsers = new Map<string, RowParser>();
  for (const entity of new Set(changes.map((change) => change.entity))) {
    const synced = registry.entityOf(entity);
    if (synced) parsers.set(entity, await synced.toLocal());
  }
  const tables = registry.syncedTables.map((name) => db.table(name));
  const wordsTables = registry.searchIndexes.flatMap((index) => [db.table(index.wordsTable), db.table(index.termsTable)]);
  await db.transaction('rw', [...tables, ...wordsTables, db.outbox, db.meta], async () => {
    // A row appears once per page, so the last change of each row is its state.
    const byTable = new Map<string, Map<string, Record<string, unknown> | null>>();
    for (const change of changes) {
      const synced = registry.entityOf(change.entity);
      if (!synced) continue;
      let rows = byTable.get(synced.table);
      if (!rows) byTable.set(synced.table, (rows = new Map<string, Record<string, unknown> | null>()));
      if (change.op === 'delete') rows.set(change.id, null);
      else {
        const local = parsers.get(change.entity)!(change.row);
        if (local) rows.set(change.row.id, local);
      }
    }
    const pending = (await db.outbox.count()) > 0 ? await pendingByRow(db) : null;
    for (const [name, rows] of byTable) {
      const puts: Record<string, unknown>[] = [];
      const deletes: string[] = [];
      for (const [id, row] of rows) {
        const entry = pending?.get(rowKey(name, id));
        if (entry?.seq !== undefined) {
          await db.outbox.update(entry.seq, { before: { row } });
          continue;
        }
        if (row) puts.push(row);
        else deletes.push(id);
      }
      const table = db.table(name);
      if (puts.length > 0) await table.bulkPut(puts);
      if (deletes.length > 0) await table.bulkDelete(deletes);
      const index = registry.searchIndexOf(name);
      if (index && (puts.length > 0 || deletes.length > 0)) {
        if (deletes.length > 0) await removeWords(db, index, deletes);
        await writeWords(db, index, puts);
        await updatePending(db, index, [], [...puts.map((row) => row.id as string), ...deletes]);
      }
    }
    await db.meta.bulkPut([
      options.position ?? { key: metaKeys.cursor, value: cursor },
      { key: metaKeys.status, value: status },
      ...(options.firstSyncDone ? [{ key: metaKeys.firstSyncDone, value: true }] : []),
      ...(options.also ?? []),
    ]);
    if (options.drop?.length) await db.meta.bulkDelete([...options.drop]);
  });
}

/**
 * The server says our copy no longer matches what we may see: drop the synced rows, the
 * search index and the cursor, then pull from scratch. The outbox stays (nothing is lost),
 * and so do the rows it has changes for, so what the user wrote stays on screen (queued to
 * be indexed again: search finds them by their text meanwhile).
 */
export async function resetLocal(db: PatioDb, status: SyncStatusMeta): Promise<void> {
  const { registry } = db;
  const tables = registry.syncedTables.map((name) => db.table(name));
  const wordsTables = registry.searchIndexes.flatMap((index) => [db.table(index.wordsTable), db.table(index.termsTable)]);
  await db.transaction('rw', [...tables, ...wordsTables, db.outbox, db.meta], async () => {
    const entries = await db.outbox.toArray();
    const keep = new Set(entries.map((entry) => rowKey(entry.entity, entry.entityId)));
    for (const table of tables) {
      if (keep.size === 0) {
        await table.clear();
        continue;
      }
      const keys = (await table.toCollection().primaryKeys()) as string[];
      await table.bulkDelete(keys.filter((id) => !keep.has(rowKey(table.name, id))));
    }
    // The index starts over too; the kept rows are indexed again (their words are searchable
    // meanwhile through the queue, see postQueries.ts).
    for (const table of wordsTables) await table.clear();
    for (const index of registry.searchIndexes) {
      const kept = new Set(entries.filter((entry) => entry.entity === index.table).map((entry) => entry.entityId));
      await replacePending(db, index, [...kept]);
    }
    await db.meta.bulkDelete([metaKeys.cursor, metaKeys.firstSyncDone, metaKeys.syncedEntities, metaKeys.catchUp]);
    await db.meta.put({ key: metaKeys.status, value: status });
  });
}
