import { uuidv7 } from '../../contract/ids';
import type { PatioDb } from '../db/database';
import { isQuotaError } from '../db/lifecycle';
import { indexRows } from '../db/searchIndex';
import { StorageFullError } from './StorageFullError';
import { requestSync } from './syncClient';

/**
 * The user fixed a refused change: new arguments, no error, queued again, and the fixed
 * text applied locally (`applyLocal`) in the same transaction. It keeps its `seq`, so it is
 * sent before anything queued after it, but gets a NEW mutation id: the server answers a
 * replayed id with its first result (the refusal), so the fixed change is a new mutation.
 */
export async function resend(db: PatioDb, seq: number, args: unknown, applyLocal?: () => Promise<void>): Promise<void> {
  try {
    await db.transaction('rw', db.tables, async () => {
      const entry = await db.outbox.get(seq);
      if (!entry || entry.status === 'sending') return;
      await db.outbox.update(seq, { id: uuidv7(), args, status: 'queued', error: undefined, attempts: 0 });
      await applyLocal?.();
    });
  } catch (error) {
    if (isQuotaError(error)) throw new StorageFullError({ cause: error });
    throw error;
  }
  requestSync('user');
}

/**
 * The user gives up a change. Its row goes back to how it was before (deleted if the
 * change created it) — unless a later change of the same row waits: then that later change
 * inherits the before-image, so discarding it in turn still restores the original. An
 * entry being sent cannot be discarded (the server may be applying it right now).
 */
export async function discard(db: PatioDb, seq: number): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    const entry = await db.outbox.get(seq);
    if (!entry || entry.status === 'sending') return;
    const later = (await db.outbox.where('entityId').equals(entry.entityId).toArray())
      .filter((other) => other.entity === entry.entity && (other.seq ?? 0) > seq)
      .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
    const next = later[0];
    if (next) {
      if (entry.before && next.seq !== undefined) await db.outbox.update(next.seq, { before: entry.before });
    } else if (entry.before) {
      const table = db.table(entry.entity);
      if (entry.before.row) await table.put(entry.before.row);
      else await table.delete(entry.entityId);
      // The restored row's search words (or none, when the discarded change created it).
      const index = db.registry.searchIndexOf(entry.entity);
      if (index) await indexRows(db, index, [entry.entityId]);
    }
    await db.outbox.delete(seq);
  });
}
