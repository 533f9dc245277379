import { pullResponse, pushResponse, type PullResponse, type PushRequest, type PushResponse } from '../../../contract/sync';
import type { Http } from '../../api/http';

/** The sync endpoints (DESIGN.md "The sync protocol"), parsed by the contract's schemas. */
export interface SyncApi {
  pull(cursor: string | undefined, limit: number, signal?: AbortSignal): Promise<PullResponse>;
  push(request: PushRequest, signal?: AbortSignal): Promise<PushResponse>;
  stream(signal: AbortSignal): Promise<Response>;
}

export function createSyncApi(http: Http): SyncApi {
  return {
    pull(cursor, limit, signal) {
      const query = new URLSearchParams({ limit: String(limit) });
      if (cursor) query.set('cursor', cursor);
      return http.requestJson('get', `api/v1/sync/pull?${query.toString()}`, (data) => pullResponse.parse(data), undefined, signal);
    },
    push(request, signal) {
      return http.requestJson('post', 'api/v1/sync/push', (data) => pushResponse.parse(data), { json: request }, signal);
    },
    stream(signal) {
      return http.requestStream('api/v1/sync/stream', signal);
    },
  };
}
