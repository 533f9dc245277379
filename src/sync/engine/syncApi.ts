import { z } from '../../../contract/zod';
import { deleteChange, pullResponse, pushResponse, upsertChange, type PullResponse, type PushRequest, type PushResponse } from '../../../contract/sync';
import type { Http } from '../../api/http';

type PulledRow = Record<string, unknown> & { id: string };

/**
 * A pull page as the client checks it: the envelope in full, but of each upserted row only
 * that it is an object with a string `id`. The row itself is validated once, by its
 * entity's schema when it is stored (its DataModule, src/db/dataModule.ts); the contract's generic
 * `record & {id}` check of every row before that cost as much again.
 */
const pulledPage = pullResponse.extend({
  changes: z.array(
    z.discriminatedUnion('op', [
      upsertChange.extend({
        row: z.custom<PulledRow>((row) => typeof row === 'object' && row !== null && !Array.isArray(row) && typeof (row as { id?: unknown }).id === 'string'),
      }),
      deleteChange,
    ]),
  ),
});

export interface PullOptions {
  /** Only without a cursor: the newest rows a first screen shows. */
  head?: boolean;
  /** Only these entities (a catch-up on entities learned after the cursor, pull.ts). */
  entities?: readonly string[];
}

/** The sync endpoints (DESIGN.md "The sync protocol"), parsed by the contract's schemas. */
export interface SyncApi {
  /**
   * One page after `cursor`. `head` (only without a cursor): the newest rows a first
   * screen shows, with the cursor to sync everything from (server/sync/pull.ts `pullHead`).
   */
  pull(cursor: string | undefined, limit: number, signal?: AbortSignal, options?: PullOptions): Promise<PullResponse>;
  push(request: PushRequest, signal?: AbortSignal): Promise<PushResponse>;
  stream(signal: AbortSignal): Promise<Response>;
}

export function createSyncApi(http: Http): SyncApi {
  return {
    pull(cursor, limit, signal, options) {
      const query = new URLSearchParams({ limit: String(limit) });
      if (cursor) query.set('cursor', cursor);
      else if (options?.head) query.set('head', 'true');
      if (options?.entities) query.set('entities', options.entities.join(','));
      return http.requestJson('get', `api/v1/sync/pull?${query.toString()}`, (data): PullResponse => pulledPage.parse(data), undefined, signal);
    },
    push(request, signal) {
      return http.requestJson('post', 'api/v1/sync/push', (data) => pushResponse.parse(data), { json: request }, signal);
    },
    stream(signal) {
      return http.requestStream('api/v1/sync/stream', signal);
    },
  };
}
