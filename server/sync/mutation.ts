import type { z } from 'zod';
import type { Permission } from '../../contract/permissions';
import type { UserRow } from '../auth/requireUser';
import type { Origin } from '../http/origin';
import type { Write } from './writeInCollege';
import type { Viewer } from './viewer';

/** Who pushes a mutation. */
export interface MutationActor {
  user: UserRow;
  viewer: Viewer;
  /** Where the write came from (set by the push and the REST routes that audit: docs/features/audit.md). */
  origin?: Origin;
}

/**
 * A pushed mutation's handler. `apply` runs inside `writeInCollege` (one transaction with
 * the at-most-once record); throwing an HttpError or ValidationFailed rejects the mutation
 * with that status and body and rolls its writes back.
 */
export interface MutationHandler<A = unknown> {
  name: string;
  /** Checked before the arguments, like the REST route's permission. */
  permission?: Permission;
  args: z.ZodType<A>;
  apply: (write: Write, actor: MutationActor, args: A) => Promise<void>;
}

/** Keeps each handler's argument type checked against its schema. */
export function defineMutation<A>(handler: MutationHandler<A>): MutationHandler {
  return handler as unknown as MutationHandler;
}
