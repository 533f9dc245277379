import { audienceReach, type AudienceReach, type AudienceScope } from '../../contract/audience';
import { NetworkError, requestJson } from '../api/client';
import { useOnlineResource } from '../online/useOnlineResource';

/** What the picker can say about how many members an audience reaches. */
export type ReachState =
  { status: 'none' } | { status: 'offline' } | { status: 'counting' } | { status: 'failed' } | { status: 'counted'; reach: AudienceReach };

/** Quiet time after the last change before asking: ticking five sections sends one request. */
export const reachDebounceMs = 400;

/**
 * Asks the server (`POST /api/v1/audience/reach`) how many members the audience reaches,
 * once the choice has been still for `reachDebounceMs`; a newer choice cancels the request
 * of an older one. The count needs the server: offline it says so instead of guessing from
 * this device's data, which does not hold the other members.
 */
export function useAudienceReach(audience: { scope: AudienceScope; section_ids: readonly string[] }, enabled: boolean): ReachState {
  const key = JSON.stringify([audience.scope, [...audience.section_ids].sort()]);
  const count = useOnlineResource(
    key,
    (signal) => {
      const [scope, section_ids] = JSON.parse(key) as [AudienceScope, string[]];
      return requestJson('post', 'api/v1/audience/reach', (data) => audienceReach.parse(data), { json: { scope, section_ids } }, signal);
    },
    { enabled, delayMs: reachDebounceMs },
  );
  if (!enabled) return { status: 'none' };
  if (count.state === 'offline') return { status: 'offline' };
  if (count.state === 'failed') return count.failure instanceof NetworkError ? { status: 'offline' } : { status: 'failed' };
  return count.data ? { status: 'counted', reach: count.data } : { status: 'counting' };
}
