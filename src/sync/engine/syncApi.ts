import { z } from '../../../contract/zod';
import {
  deleteChange,
  pullResponse,
  pushResponse,
  streamReady,
  syncProtocol,
  syncProtocolHeader,
  upsertChange,
  type PullResponse,
  type PushRequest,
  type PushResponse,
  type StreamedPage,
} from '../../../contract/sync';
import { createHttp, type Http, type HttpOptions } from '../../api/http';

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

/** A `changes` event's data, the page checked as a pull's. */
const streamedPage = z.object({ from: z.string(), page: pulledPage });

/** An event's data as `schema` has it; undefined when it is not JSON of that shape. */
function eventData<T>(schema: z.ZodType<T>, data: string): T | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The stream's id from its `ready` event; undefined when it has none. */
export const readyStreamId = (data: string): string | undefined => eventData(streamReady, data)?.stream;

/** A `changes` event's page; undefined when it is not one (the device pulls instead). */
export const readStreamedPage = (data: string): StreamedPage | undefined => eventData(streamedPage, data);

export interface PullOptions {
  /** Only without a cursor: the newest rows a first screen shows. */
  head?: boolean;
  /** Only these entities (a catch-up on entities learned after the cursor, pull.ts). */
  entities?: readonly string[];
  /** The device's open event stream: its next pages start where this pull ends. */
  stream?: string;
}

/**
 * The HTTP client of the sync requests: every pull, push and stream names the protocol
 * version this app speaks in a header (docs/sync.md, "Versions"). The stream is a fetch,
 * not an EventSource, so it carries the header like the others.
 */
export function createSyncHttp(options: HttpOptions): Http {
  return createHttp({ ...options, headers: { ...options.headers, [syncProtocolHeader]: String(syncProtocol.current) } });
}

/** The sync endpoints (docs/sync.md), parsed by the contract's schemas. */
export interface SyncApi {
  /**
   * One page after `cursor`. `head` (only without a cursor): the newest rows a first
   * screen shows, with the cursor to sync everything from (server/sync/pull.ts `pullHead`).
   */
  pull(cursor: string | undefined, limit: number, signal?: AbortSignal, options?: PullOptions): Promise<PullResponse>;
  push(request: PushRequest, signal?: AbortSignal): Promise<PushResponse>;
  /** The event stream; given the device's cursor, it sends changes as pages (`changes` events), else pokes. */
  stream(signal: AbortSignal, cursor?: string): Promise<Response>;
}

export function createSyncApi(http: Http): SyncApi {
  return {
    pull(cursor, limit, signal, options) {
      const query = new URLSearchParams({ limit: String(limit) });
      if (cursor) query.set('cursor', cursor);
      else if (options?.head) query.set('head', 'true');
      if (options?.entities) query.set('entities', options.entities.join(','));
      if (options?.stream) query.set('stream', options.stream);
      return http.requestJson('get', `api/v1/sync/pull?${query.toString()}`, (data): PullResponse => pulledPage.parse(data), undefined, signal);
    },
    push(request, signal) {
      return http.requestJson('post', 'api/v1/sync/push', (data) => pushResponse.parse(data), { json: request }, signal);
    },
    stream(signal, cursor) {
      return http.requestStream(`api/v1/sync/stream${cursor ? `?${new URLSearchParams({ cursor }).toString()}` : ''}`, signal);
    },
  };
}
