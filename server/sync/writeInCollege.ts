import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { syncState } from '../db/schema';

/** The channel of `pg_notify`; its payload says whom to poke (server/sync/changeFeed.ts). */
export const syncChannel = 'patio_sync';

/** A write in progress: its transaction, its college and the stamp of its rows. */
export interface Write {
  tx: Database;
  collegeId: string;
  /**
   * The next change number of the college: give one to every row written. `pokeKeys` are
   * the audience keys of everyone who could have any version of the row (contract/audience.ts:
   * for a row with an audience, its `seen_keys`, which include the new audience); without
   * them every member of the college is concerned (rows every member sees: reference data,
   * view counts). Quiet polls trust them (server/sync/quietPolls.ts): a member none of whose
   * keys are here is answered "nothing for you" without the database, so they must never
   * be fewer than the row's `seen_keys`.
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

type Committed = (write: Poke) => void;
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
 * a lower number (docs/sync.md, rule 2). Every row written gets its own number, so a
 * page boundary never splits a write. When anything was stamped, a `pg_notify` (delivered
 * on commit) tells every API process the college's new number and pokes its concerned
 * listeners.
 *
 * Inside an open transaction (e.g. the seed) it nests as a savepoint.
 */
export async function writeInCollege<T>(db: Database, collegeId: string, work: (write: Write) => Promise<T>, options: WriteOptions = {}): Promise<T> {
  let committed: Poke | null = null;
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
      const reach = everyone ? null : [...keys];
      const notice: Poke = { kind: 'change', collegeId, keys: options.poke === false ? [] : reach, first: start + 1, seq, reach };
      await tx.execute(sql`select pg_notify(${syncChannel}, ${pokePayload(notice)})`);
      committed = notice;
    }
    return result;
  });
  // Nested in an outer transaction (`db` is itself a transaction) nothing is committed yet.
  if (committed) for (const listener of committedListeners.get(db) ?? []) listener(committed);
  return result;
}

/** pg_notify payloads must stay under 8000 bytes: a longer list pokes the whole college. */
const maxPayload = 7000;

/**
 * `{"c": college id, "f": the write's first change number, "s": its last (the college's
 * counter after it), "k": keys to poke, "r": keys of who could have any of its rows}`.
 * `k` null pokes every member of the college, `[]` nobody; `r` is left out when it equals
 * `k` (the same list), and null means every member. Too long, `r` becomes null (quiet
 * polls ask the database) and so does `k`, unless it pokes nobody.
 */
export function pokePayload(notice: Omit<Poke, 'kind'>): string {
  const { collegeId: c, first: f, seq: s, keys: k, reach: r } = notice;
  const payload = JSON.stringify(k === r ? { c, f, s, k } : { c, f, s, k, r });
  if (payload.length <= maxPayload) return payload;
  // A write that pokes nobody (view counts) still pokes nobody.
  return JSON.stringify(k?.length === 0 ? { c, f, s, k, r: null } : { c, f, s, k: null });
}

export interface Poke {
  kind: 'change';
  collegeId: string;
  /** Whom to poke; null: everyone of the college. */
  keys: readonly string[] | null;
  /**
   * The write's first change number: with `seq` the range it numbered, so a process can tell
   * whether it heard every write up to a number. Null from a writer that did not say.
   */
  first: number | null;
  /** The college's change number after the write; null from a writer that did not say. */
  seq: number | null;
  /**
   * Who could have any version of the rows it wrote (their `seen_keys`); null: every member
   * (rows without an audience, view counts, a payload too long, a writer that did not say).
   */
  reach: readonly string[] | null;
}

/** A member's tokens, role, status or sections changed (migration 0004's triggers). */
export interface SessionsChanged {
  kind: 'sessions';
  collegeId: string;
  userId: string;
}

const numberOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);
/** A list of keys; anything else (or a list with anything but strings) is null: everyone. */
const keysOrNull = (value: unknown): string[] | null => (Array.isArray(value) && value.every((k) => typeof k === 'string') ? value : null);

export function parsePokePayload(payload: string): Poke | SessionsChanged | null {
  try {
    const value = JSON.parse(payload) as { c?: unknown; f?: unknown; k?: unknown; r?: unknown; s?: unknown; u?: unknown };
    if (typeof value.c !== 'string') return null;
    if (typeof value.u === 'string') return { kind: 'sessions', collegeId: value.c, userId: value.u };
    const keys = keysOrNull(value.k);
    const seq = numberOrNull(value.s);
    let first = numberOrNull(value.f);
    if (first !== null && (seq === null || first > seq)) first = null;
    // Without its range a notification proves nothing about who it concerns.
    const reach = first === null ? null : 'r' in value ? keysOrNull(value.r) : keys;
    return { kind: 'change', collegeId: value.c, keys, first, seq, reach };
  } catch {
    return null;
  }
}
