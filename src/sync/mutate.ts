import { uuidv7 } from '../../contract/ids';
import type { BeforeImage, OutboxEntry, PatioDb } from '../db/database';
import { isQuotaError } from '../db/lifecycle';
import { StorageFullError } from './StorageFullError';
import { requestSync } from './syncClient';

export { StorageFullError };

export interface MutationInput {
  /** The server's mutation name, e.g. `posts.create`. */
  name: string;
  /** Its arguments as the server parses them (for a create, they carry the new UUIDv7). */
  args: unknown;
  /** The local table of the row it changes (`posts`), so items can show their state. */
  entity: string;
  entityId: string;
}

/**
 * A write from the UI (docs/architecture.md, "One-way data flow"): in ONE transaction, remembers the row as it
 * was, applies the optimistic local change and appends the mutation to the outbox; then
 * asks the worker to push. Either all of it happens or none of it. A full disk throws
 * StorageFullError and leaves the database (and the outbox) as it was. Returns the outbox
 * entry's `seq`, so the screen can follow what the server makes of it (mutationOutcome.ts).
 */
export async function mutate(db: PatioDb, input: MutationInput, applyLocal: () => Promise<void>): Promise<number> {
  const table = db.tables.find((t) => t.name === input.entity && t.name !== 'outbox' && t.name !== 'meta');
  let seq: number;
  try {
    seq = await db.transaction('rw', db.tables, async () => {
      let before: BeforeImage | undefined;
      if (table) {
        const row = (await table.get(input.entityId)) as Record<string, unknown> | undefined;
        before = { row: row ?? null };
      }
      await applyLocal();
      const entry: OutboxEntry = {
        id: uuidv7(),
        name: input.name,
        args: input.args,
        entity: input.entity,
        entityId: input.entityId,
        status: 'queued',
        attempts: 0,
        createdAt: new Date().toISOString(),
        ...(before ? { before } : {}),
        ...(db.registry.isBackgroundMutation(input.name) ? { background: true } : {}),
      };
      return (await db.outbox.add(entry)) as number;
    });
  } catch (error) {
    if (isQuotaError(error)) throw new StorageFullError({ cause: error });
    throw error;
  }
  requestSync('mutation');
  return seq;
}
