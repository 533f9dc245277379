import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { syncState } from '../db/schema';

/** The channel of `pg_notify`; its payload says whom to poke (server/sync/poke.ts). */
export const syncChannel = 'patio_sync';

/** A write in progress: its transaction, its college and the stamp of its rows. */
export interface Write {
  tx: Database;
  collegeId: string;
  /**
   * The next change number of the college: give one to every row written. `pokeKeys` are
   * the audience keys of who should hear about the row (contract/audience.ts: for a row
   * with an audience, its `seen_keys`, which include the new audience); without them every
   * member of the college is poked.
   */
  stamp: (pokeKeys?: readonly string[]) => number;
}

export interface WriteOptions {
  /**
   * Poke listeners on commit (default). Off for writes devices may pick up at their next
   * pull (view counts): no device is woken for them, but the notification still carries
   * the college's new change number (server/sync/quietPolls.ts).
   */
  poke?: boolean;
}

type Committed = (collegeId: string, seq: number) => void;
const committedListeners = new WeakMap<Database, Set<Committed>>();

/**
 * Calls `listener` after each commit of `writeInCollege` on `db` in this process, before
 * the write returns: a pull that follows its own process's write needs no notification.
 */
export function onCommitted(db: Database, listener: Committed): () => void {
  const set = committedListeners.get(db) ?? new Set();
  committedListeners.set(db, set);
  set.add(listener);
  return () => set.delete(listener);
}

/**
 * Runs `work` in one transaction whose first statement locks the college's counter row,
 * so the writers of one college run one after another until commit: change numbers are
 * allocated in commit order and a pull can never pass over a row that commits later with
 * a lower number (DESIGN.md sync invariant 2). Every row written gets its own number, so a
 * page boundary never splits a write. When anything was stamped, a `pg_notify` (delivered
 * on commit) tells every API process the college's new number and pokes its concerned
 * listeners.
 *
 * Inside an open transaction (e.g. the seed) it nests as a savepoint.
 */
export async function writeInCollege<T>(db: Database, collegeId: string, work: (write: Write) => Promise<T>, options: WriteOptions = {}): Promise<T> {
  let committed = 0;
  const result = await db.transaction(async (tx) => {
    // INSERT … ON CONFLICT DO UPDATE locks the row even when it already exists, and creates
    // the counter of a college added after the migration.
    const [state] = await tx
      .insert(syncState)
      .values({ collegeId, seq: 0 })
      .onConflictDoUpdate({ target: syncState.collegeId, set: { seq: sql`${syncState.seq}` } })
      .returning({ seq: syncState.seq });
    const start = state?.seq ?? 0;
    let seq = start;
    const keys = new Set<string>();
    let everyone = false;
    const result = await work({
      tx,
      collegeId,
      stamp: (pokeKeys) => {
        if (pokeKeys) for (const key of pokeKeys) keys.add(key);
        else everyone = true;
        return ++seq;
      },
    });
    if (seq !== start) {
      await tx.update(syncState).set({ seq }).where(eq(syncState.collegeId, collegeId));
      const pokeKeys = options.poke === false ? new Set<string>() : everyone ? null : keys;
      await tx.execute(sql`select pg_notify(${syncChannel}, ${pokePayload(collegeId, pokeKeys, seq)})`);
      committed = seq;
    }
    return result;
  });
  // Nested in an outer transaction (`db` is itself a transaction) nothing is committed yet.
  if (committed > 0) for (const listener of committedListeners.get(db) ?? []) listener(collegeId, committed);
  return result;
}

/** pg_notify payloads must stay under 8000 bytes: a longer list pokes the whole college. */
const maxPayload = 7000;

/**
 * `{"c": college id, "k": keys, "s": the college's change number after the write}`; `k` null
 * pokes every member of the college, `[]` nobody.
 */
export function pokePayload(collegeId: string, keys: ReadonlySet<string> | null, seq: number): string {
  const payload = JSON.stringify({ c: collegeId, k: keys ? [...keys] : null, s: seq });
  return payload.length <= maxPayload ? payload : JSON.stringify({ c: collegeId, k: null, s: seq });
}

export interface Poke {
  kind: 'change';
  collegeId: string;
  /** null: everyone of the college. */
  keys: readonly string[] | null;
  /** The college's change number after the write; null from a writer that did not say. */
  seq: number | null;
}

/** A member's tokens, role, status or sections changed (migration 0004's triggers). */
export interface SessionsChanged {
  kind: 'sessions';
  collegeId: string;
  userId: string;
}

export function parsePokePayload(payload: string): Poke | SessionsChanged | null {
  try {
    const value = JSON.parse(payload) as { c?: unknown; k?: unknown; s?: unknown; u?: unknown };
    if (typeof value.c !== 'string') return null;
    if (typeof value.u === 'string') return { kind: 'sessions', collegeId: value.c, userId: value.u };
    const keys = Array.isArray(value.k) ? value.k.filter((k): k is string => typeof k === 'string') : null;
    const seq = typeof value.s === 'number' && Number.isSafeInteger(value.s) ? value.s : null;
    return { kind: 'change', collegeId: value.c, keys, seq };
  } catch {
    return null;
  }
}
