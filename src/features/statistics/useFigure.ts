import { useEffect, useState } from 'react';
import type { Loaded } from './statisticsApi';

export type FigureState<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T; stale: boolean }
  /** Offline with nothing loaded in this session. */
  | { status: 'offline' }
  | { status: 'error' };

/**
 * One figure's request, made again when `key` changes (the period, the bucket) or the
 * device comes back online; a newer request cancels the older one.
 */
export function useFigure<T>(
  key: string,
  online: boolean,
  load: (online: boolean, signal: AbortSignal) => Promise<Loaded<T> | null>,
  enabled = true,
): FigureState<T> {
  const asked = `${key}|${online}`;
  const [answer, setAnswer] = useState<{ asked: string; state: FigureState<T> } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const settle = (state: FigureState<T>) => !controller.signal.aborted && setAnswer({ asked, state });
    load(online, controller.signal).then(
      (loaded) => settle(loaded ? { status: 'ready', data: loaded.data, stale: loaded.stale } : { status: 'offline' }),
      () => settle({ status: 'error' }),
    );
    return () => controller.abort();
    // `load` is made anew on each render; `asked` says what it asks for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked, enabled]);
  // Until the answer to what is asked now arrives, the figure is loading.
  return answer?.asked === asked ? answer.state : { status: 'loading' };
}
