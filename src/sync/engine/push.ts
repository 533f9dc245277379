import { messages } from '../../../contract/messages';
import { ApiError } from '../../api/errors';
import type { MutationError } from '../../../contract/sync';
import { isBackground, type OutboxEntry, type PatioDb } from '../../db/database';
import type { SyncApi } from './syncApi';

export const pushBatchSize = 50;
/** Keeps a push request well under the server's body limit (posts carry rich text). */
export const pushBatchBytes = 512 * 1024;

/**
 * Entries a crashed or closed tab left `sending` go back to `queued`. The server answered
 * them or not; either way a resend is safe, because it applies a mutation id at most once
 * and answers a replay with its first result.
 */
export async function requeueSending(db: PatioDb): Promise<void> {
  await db.outbox.where('status').equals('sending').modify({ status: 'queued' });
}

/** The next queued entries in order, marked `sending` in the same transaction. */
async function takeBatch(db: PatioDb): Promise<OutboxEntry[]> {
  return db.transaction('rw', db.outbox, async () => {
    // Equal index keys are ordered by primary key: this is seq order.
    const queued = await db.outbox.where('status').equals('queued').limit(pushBatchSize).toArray();
    const batch: OutboxEntry[] = [];
    let bytes = 0;
    for (const entry of queued) {
      bytes += JSON.stringify(entry.args ?? null).length;
      if (batch.length > 0 && bytes > pushBatchBytes) break;
      batch.push(entry);
    }
    for (const entry of batch) {
      if (entry.seq !== undefined) await db.outbox.update(entry.seq, { status: 'sending', attempts: entry.attempts + 1 });
    }
    return batch;
  });
}

/** `sent` false: the server refused the request before reading it (its protocol version), which is no attempt. */
async function requeue(db: PatioDb, batch: readonly OutboxEntry[], sent: boolean): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    for (const entry of batch) {
      if (entry.seq === undefined) continue;
      const current = await db.outbox.get(entry.seq);
      if (current?.status === 'sending') await db.outbox.update(entry.seq, sent ? { status: 'queued' } : { status: 'queued', attempts: entry.attempts });
    }
  });
}

const unexplained: MutationError = { status: 409, message: messages.conflict };

/**
 * Sends one batch (docs/sync.md, rules 3–4) and records the answer: an applied
 * mutation leaves the outbox; a rejected one waits for the user in "needs attention" with
 * its arguments (the user's text) intact, and does not hold back the ones after it (a
 * rejected background entry is simply dropped). When
 * the request fails (network, 5xx, 429, 401, 426) the batch goes back to `queued` and the error
 * is thrown for the engine to back off or pause. Returns how many were answered, 0 when the
 * queue was empty.
 */
export async function pushBatch(db: PatioDb, api: SyncApi, clientId: string, signal: AbortSignal): Promise<number> {
  const batch = await takeBatch(db);
  if (batch.length === 0) return 0;
  let results;
  try {
    ({ results } = await api.push({ clientId, mutations: batch.map(({ id, name, args }) => ({ id, name, args })) }, signal));
  } catch (error) {
    await requeue(db, batch, !(error instanceof ApiError && error.status === 426));
    throw error;
  }
  const byId = new Map(results.map((result) => [result.id.toLowerCase(), result]));
  let answered = 0;
  await db.transaction('rw', db.outbox, async () => {
    for (const entry of batch) {
      if (entry.seq === undefined) continue;
      const result = byId.get(entry.id.toLowerCase());
      if (result) answered++;
      if (!result) await db.outbox.update(entry.seq, { status: 'queued' });
      // A refused background entry (a view of a post deleted meanwhile) has nobody to fix it.
      else if (result.status === 'applied' || isBackground(db, entry)) await db.outbox.delete(entry.seq);
      else await db.outbox.update(entry.seq, { status: 'attention', error: result.error ?? unexplained });
    }
  });
  // Unanswered entries stay queued; back off instead of asking again at once.
  if (answered === 0) throw new Error('the push answered none of the mutations');
  return answered;
}
