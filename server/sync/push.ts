import { eq } from 'drizzle-orm';
import { messages } from '../../contract/messages';
import { can } from '../../contract/permissions';
import { syncProtocol, type Mutation, type MutationError, type MutationResult, type PushRequest, type PushResponse } from '../../contract/sync';
import type { Database } from '../db/client';
import { appliedMutations } from '../db/schema';
import { forbidden, HttpError, parseOrFail, refusedByDatabase, ValidationFailed } from '../http/errors';
import type { SyncMetrics } from '../metrics/appMetrics';
import type { MutationActor, MutationHandler } from './mutation';
import { upgradeArgs, type UpgradeRegistry } from './upgrades';
import { writeInCollege } from './writeInCollege';

/**
 * Applies a device's mutations in the order given, each in its own transaction and at most
 * once (docs/sync.md, rule 3). A rejection (422/403/404/409) rolls that mutation back,
 * is recorded so a replay answers the same, and does not stop the ones after it. Anything
 * else (a bug, the database gone) fails the whole request with 5xx: the device keeps the
 * rest queued and retries, and what was applied answers as a replay. The arguments of a
 * device of an older protocol `version` are upgraded to the current shape before they are
 * checked (docs/sync.md, "Versions").
 */
export async function pushMutations(
  db: Database,
  handlers: ReadonlyMap<string, MutationHandler>,
  actor: MutationActor,
  request: PushRequest,
  protocol: Protocol = { version: syncProtocol.current, upgrades: new Map() },
  metrics?: Pick<SyncMetrics, 'mutation' | 'refused'>,
): Promise<PushResponse> {
  const results: MutationResult[] = [];
  for (const mutation of request.mutations) {
    const [result, answer] = await pushOne(db, handlers, actor, request.clientId, mutation, protocol);
    if (answer === 'replay') metrics?.mutation('replayed');
    else if (result.status === 'applied') metrics?.mutation('applied');
    else metrics?.refused(result.error?.status ?? 0);
    // Answer with the id as the device wrote it.
    results.push({ ...result, id: mutation.id });
  }
  return { results };
}

/** The version the device speaks, and how older arguments become current ones. */
export interface Protocol {
  version: number;
  upgrades: UpgradeRegistry;
}

/** Thrown inside the transaction when another request recorded the same id first. */
class AlreadyRecorded extends Error {}

async function pushOne(
  db: Database,
  handlers: ReadonlyMap<string, MutationHandler>,
  actor: MutationActor,
  clientId: string,
  mutation: Mutation,
  protocol: Protocol,
): Promise<[MutationResult, 'first' | 'replay']> {
  const id = mutation.id.toLowerCase();
  const earlier = await replayOf(db, actor, id);
  if (earlier) return earlier;

  const record = { id, collegeId: actor.user.collegeId, userId: actor.user.id, clientId, name: mutation.name };
  let error: MutationError;
  try {
    const handler = handlers.get(mutation.name);
    if (!handler) throw ValidationFailed.field('name', messages.invalidData);
    if (handler.permission && !can(actor.user.role, handler.permission)) throw forbidden();
    const args = parseOrFail(handler.args, upgradeArgs(protocol.upgrades, mutation.name, protocol.version, mutation.args));
    await writeInCollege(db, actor.user.collegeId, async (write) => {
      const [mine] = await write.tx
        .insert(appliedMutations)
        .values({ ...record, status: 'applied', result: null })
        .onConflictDoNothing()
        .returning({ id: appliedMutations.id });
      if (!mine) throw new AlreadyRecorded();
      await handler.apply(write, actor, args);
    });
    return [{ id: mutation.id, status: 'applied' }, 'first'];
  } catch (thrown) {
    if (thrown instanceof AlreadyRecorded) return (await replayOf(db, actor, id)) ?? [conflict(mutation.id), 'first'];
    const known = asMutationError(thrown);
    if (!known) throw thrown;
    error = known;
  }
  const [mine] = await db
    .insert(appliedMutations)
    .values({ ...record, status: 'rejected', result: error })
    .onConflictDoNothing()
    .returning({ id: appliedMutations.id });
  if (!mine) return (await replayOf(db, actor, id)) ?? [conflict(mutation.id), 'first'];
  return [{ id: mutation.id, status: 'rejected', error }, 'first'];
}

/** The first answer to a mutation id (a replay), or 409 when the id was another user's (a refusal of its own). */
async function replayOf(db: Database, actor: MutationActor, id: string): Promise<[MutationResult, 'first' | 'replay'] | null> {
  const [row] = await db.select().from(appliedMutations).where(eq(appliedMutations.id, id)).limit(1);
  if (!row) return null;
  if (row.userId !== actor.user.id || row.collegeId !== actor.user.collegeId) return [conflict(id), 'first'];
  if (row.status === 'applied') return [{ id, status: 'applied' }, 'replay'];
  return [{ id, status: 'rejected', error: row.result as MutationError }, 'replay'];
}

const conflict = (id: string): MutationResult => ({ id, status: 'rejected', error: { status: 409, message: messages.conflict } });

/**
 * The recorded rejection of what a handler threw, or null for a failure of the server. The
 * database refusing the mutation's values is a rejection too: it would refuse a retry the
 * same way, and a 5xx would keep the mutation queued on the device forever.
 */
function asMutationError(caught: unknown): MutationError | null {
  const thrown = refusedByDatabase(caught) ?? caught;
  if (thrown instanceof ValidationFailed) return { status: 422, message: thrown.message, errors: thrown.errors };
  if (thrown instanceof HttpError && (thrown.statusCode === 403 || thrown.statusCode === 404 || thrown.statusCode === 409)) {
    return { status: thrown.statusCode, message: thrown.message };
  }
  return null;
}
