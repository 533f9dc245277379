import { z } from './zod';
import { text } from './text';

/**
 * The sync protocol (docs/sync.md). Entity-agnostic: a synced entity is
 * named by a string and its rows are validated by the entity's own schema on each side.
 */

/**
 * The protocol's version (docs/sync.md, "Versions"). Every pull, push and stream request
 * names the version its app speaks in the `Patio-Sync-Protocol` header; the server serves
 * `oldestServed` to `current` and upgrades an older device's pushed mutations to `current`
 * (server/sync/upgrades.ts). A request without the header is taken as `oldestServed`.
 * 1: every app from before the header;
 * 2: the header. No mutation's arguments changed between 1 and 2, so no upgrade is
 *    registered yet; the first release that changes one raises `current` and adds its step.
 * A release serves its own version and the two before it (`current - 2`, at least 1).
 */
export const syncProtocol = { current: 2, oldestServed: 1 } as const;
export const syncProtocolHeader = 'Patio-Sync-Protocol';

/** The header's value: a whole number in decimal, without leading zeros. */
export const syncProtocolVersion = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,5})$/)
  .transform(Number);

/** The one answer to a version the server does not serve: HTTP 426 with this body. */
export const protocolUnsupported = z.object({
  code: z.literal('protocol_unsupported'),
  current: z.number().int(),
  oldest_served: z.number().int(),
});
export type ProtocolUnsupported = z.infer<typeof protocolUnsupported>;

/** A header that is not a version: HTTP 400 with this body. */
export const protocolMalformed = z.object({ code: z.literal('protocol_malformed'), message: z.string() });
export type ProtocolMalformed = z.infer<typeof protocolMalformed>;

/** An event stream's id (server/sync/streamedPages.ts). */
const streamId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/**
 * `GET /api/v1/sync/pull?cursor=C&limit=N`. Without a cursor: everything visible.
 * `head=true` (only without a cursor) asks first for the newest rows a first screen shows,
 * with a cursor to sync everything from (server/sync/pull.ts `pullHead`).
 */
export const pullQuery = z.object({
  cursor: text({ max: 200 }).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
  head: z.enum(['true', 'false']).optional(),
  /**
   * Only these entities (comma-separated names; names the server does not know are
   * ignored): a device that learned new entities after its cursor was made (an app update
   * with a new feature) pulls their rows from no cursor, apart from its main feed, which
   * skipped them (src/sync/engine/pull.ts `catchUp`). Not with `head`.
   */
  entities: text({ max: 500 })
    .regex(/^[A-Za-z][A-Za-z0-9_]*(,[A-Za-z][A-Za-z0-9_]*)*$/)
    .optional(),
  /**
   * The device's open event stream (its `ready` event's `stream`): the server notes the
   * cursor it answers, so the pages it sends down that stream start where this one ends.
   */
  stream: streamId.optional(),
});
export type PullQuery = z.infer<typeof pullQuery>;

export const upsertChange = z.object({
  entity: z.string(),
  op: z.literal('upsert'),
  row: z.record(z.string(), z.unknown()).and(z.object({ id: z.string() })),
});
export const deleteChange = z.object({
  entity: z.string(),
  op: z.literal('delete'),
  id: z.string(),
});
export const change = z.discriminatedUnion('op', [upsertChange, deleteChange]);
export type Change = z.infer<typeof change>;

/**
 * A page of changes in commit order. `reset` tells the client that what it holds no longer
 * matches what it may see (its role or sections changed, or the cursor is of another
 * audience): it must drop its copy and pull again from no cursor.
 */
export const pullResponse = z.object({
  changes: z.array(change),
  cursor: z.string(),
  hasMore: z.boolean(),
  reset: z.boolean().default(false),
});
export type PullResponse = z.infer<typeof pullResponse>;

/**
 * `GET /api/v1/sync/stream?cursor=C`: the event stream. Given the device's cursor, the
 * server sends each change for the device as a `changes` event, a page exactly as a pull
 * from that cursor would answer, instead of a `poke` that makes the device ask for it:
 * on a weak network that is a round trip less between a message sent and its reader's
 * screen (server/sync/streamedPages.ts).
 */
export const streamQuery = z.object({ cursor: text({ max: 200 }).optional() });

/** The `ready` event's data: the stream's id, which the device's pulls name. */
export const streamReady = z.object({ stream: streamId });
export type StreamReady = z.infer<typeof streamReady>;

/**
 * The `changes` event's data: the page a pull from `from` answers. A device applies it
 * only when its cursor is `from` (otherwise it pulls, as after a poke).
 */
export interface StreamedPage {
  from: string;
  page: PullResponse;
}

export const mutation = z.object({
  /** UUIDv7 made by the device; the server applies a mutation id at most once. */
  id: z.uuid(),
  name: text({ max: 100 }).min(1),
  args: z.unknown(),
});
export type Mutation = z.infer<typeof mutation>;

/** `POST /api/v1/sync/push`: applied in the order given, each in its own transaction. */
export const pushRequest = z.object({
  clientId: text({ max: 100 }).min(1),
  mutations: z.array(mutation).max(100),
});
export type PushRequest = z.infer<typeof pushRequest>;

/** A rejected mutation carries the body the REST endpoint would have answered. */
export const mutationError = z.object({
  status: z.union([z.literal(403), z.literal(404), z.literal(409), z.literal(422)]),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type MutationError = z.infer<typeof mutationError>;

export const mutationResult = z.object({
  id: z.string(),
  status: z.enum(['applied', 'rejected']),
  error: mutationError.optional(),
});
export type MutationResult = z.infer<typeof mutationResult>;

export const pushResponse = z.object({ results: z.array(mutationResult) });
export type PushResponse = z.infer<typeof pushResponse>;
