import { useEffect, useState } from 'react';
import { audienceReach, type AudienceReach, type AudienceScope } from '../../contract/audience';
import { NetworkError, requestJson } from '../api/client';
import { useOnline } from '../ui/useOnline';

/** What the picker can say about how many members an audience reaches. */
export type ReachState =
  { status: 'none' } | { status: 'offline' } | { status: 'counting' } | { status: 'failed' } | { status: 'counted'; reach: AudienceReach };

/** Quiet time after the last change before asking: ticking five sections sends one request. */
export const reachDebounceMs = 400;

type Answer = { key: string; state: ReachState };

/**
 * Asks the server (`POST /api/v1/audience/reach`) how many members the audience reaches,
 * once the choice has been still for `reachDebounceMs`; a newer choice cancels the request
 * of an older one. The count needs the server: offline it says so instead of guessing from
 * this device's data, which does not hold the other members.
 */
export function useAudienceReach(audience: { scope: AudienceScope; section_ids: readonly string[] }, enabled: boolean): ReachState {
  const online = useOnline();
  const key = JSON.stringify([audience.scope, [...audience.section_ids].sort()]);
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (!enabled || !online) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const [scope, section_ids] = JSON.parse(key) as [AudienceScope, string[]];
      requestJson('post', 'api/v1/audience/reach', (data) => audienceReach.parse(data), { json: { scope, section_ids } }, controller.signal).then(
        (reach) => setAnswer({ key, state: { status: 'counted', reach } }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setAnswer({ key, state: error instanceof NetworkError ? { status: 'offline' } : { status: 'failed' } });
        },
      );
    }, reachDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, enabled, online]);

  if (!enabled) return { status: 'none' };
  if (!online) return { status: 'offline' };
  return answer?.key === key ? answer.state : { status: 'counting' };
}
