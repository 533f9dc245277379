import type { Change } from '../../../contract/sync';
import type { OutboxEntry, PatioDb } from '../../db/database';
import { metaKeys, type SyncStatusMeta } from '../../db/syncMeta';
import { syncedTableNames, syncedTableOf } from '../../db/syncedTables';

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

/**
 * Applies one pull page AND stores its cursor in one transaction (DESIGN.md sync
 * invariant 1): a crash leaves either both or neither. Unknown entities are skipped (an
 * older client against a newer server), and so are rows that do not fit the contract.
 * A row with a change of ours not answered yet keeps our optimistic version: the server's
 * version becomes that change's before-image instead (what a discard restores), and the
 * server sends the row again once it has applied our change.
 *
 * Posts are written without their search words (the engine indexes them after the run, see
 * src/db/postWords.ts); the words of deleted posts go in the same transaction. Returns the
 * ids of the posts written, for the engine to index.
 */
export async function applyPage(db: PatioDb, changes: readonly Change[], cursor: string, status: SyncStatusMeta): Promise<string[]> {
  const tables = syncedTableNames.map((name) => db.table(name));
  const writtenPosts: string[] = [];
  await db.transaction('rw', [...tables, db.postWords, db.outbox, db.meta], async () => {
    // A row appears once per page, so the last change of each row is its state.
    const byTable = new Map<string, Map<string, Record<string, unknown> | null>>();
    for (const change of changes) {
      const synced = syncedTableOf(change.entity);
      if (!synced) continue;
      let rows = byTable.get(synced.table);
      if (!rows) byTable.set(synced.table, (rows = new Map<string, Record<string, unknown> | null>()));
      if (change.op === 'delete') rows.set(change.id, null);
      else {
        const local = synced.toLocal(change.row);
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
      if (name === 'posts') {
        for (const row of puts) writtenPosts.push(row.id as string);
        if (deletes.length > 0) await db.postWords.bulkDelete(deletes);
      }
    }
    await db.meta.bulkPut([
      { key: metaKeys.cursor, value: cursor },
      { key: metaKeys.status, value: status },
    ]);
  });
  return writtenPosts;
}

/**
 * The server says our copy no longer matches what we may see: drop the synced rows and the
 * cursor, then pull from scratch. The outbox stays (nothing is lost), and so do the rows it
 * has changes for, so what the user wrote stays on screen (with their search words).
 */
export async function resetLocal(db: PatioDb, status: SyncStatusMeta): Promise<void> {
  const tables = [...syncedTableNames.map((name) => db.table(name)), db.postWords];
  await db.transaction('rw', [...tables, db.outbox, db.meta], async () => {
    const keep = new Set<string>();
    for (const entry of await db.outbox.toArray()) {
      keep.add(rowKey(entry.entity, entry.entityId));
      // A kept post keeps its words.
      if (entry.entity === 'posts') keep.add(rowKey(db.postWords.name, entry.entityId));
    }
    for (const table of tables) {
      if (keep.size === 0) {
        await table.clear();
        continue;
      }
      const keys = (await table.toCollection().primaryKeys()) as string[];
      await table.bulkDelete(keys.filter((id) => !keep.has(rowKey(table.name, id))));
    }
    await db.meta.delete(metaKeys.cursor);
    await db.meta.put({ key: metaKeys.status, value: status });
  });
}
