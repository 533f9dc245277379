import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { describeFailure } from '../forms/describeFailure';
import { useOnline } from '../ui/useOnline';

/**
 * What an online-only screen is doing with what it reads from the server:
 *
 *   idle ── enabled ──▶ offline ── online ──▶ loading ──▶ ready
 *                         ▲                     │  ▲        │
 *                         └──── offline ────────┤  └ retry, reload, key, online again
 *                                               ▼           │
 *                                             failed ───────┘
 *
 * `data` is told apart from the state: the last good answer for the key stays while it is
 * asked again, offline or after a failure (`stale` then), so a screen never flashes empty.
 */
export type OnlineResourceState = 'idle' | 'offline' | 'loading' | 'ready' | 'failed';

export interface OnlineResource<T> {
  state: OnlineResourceState;
  /** The last good answer for this key (or what `remembered` gives), if any. */
  data: T | undefined;
  /** `data` is not the answer to the latest question: being asked again, offline, failed since, or remembered. */
  stale: boolean;
  /** Why the last request failed, translated; null when it did not. */
  error: string | null;
  /** The failure itself (its status, say), for screens that tell failures apart. */
  failure: unknown;
  online: boolean;
  /** Forgets the failure and asks again ("Try again"; also after a final failure). */
  retry: () => void;
  /** Asks again, keeping what is shown (after a change made elsewhere). */
  reload: () => void;
  /** Keeps an answer the server gave to a write (which says what is stored now). */
  set: (data: T) => void;
}

export interface OnlineResourceOptions<T> {
  /** False asks nothing (`idle`): not allowed, not on the server yet. Default true. */
  enabled?: boolean;
  /** Asks again this long after each answer while online (live figures). */
  refreshMs?: number;
  /** Asks again when this changes, keeping what is shown (unlike `key`, whose answers are its own). */
  askAgainOn?: string;
  /** Waits this long after the key last changed before asking (typing). */
  delayMs?: number;
  /** A failure that asking again will not change (403, 404): no refresh nor reload until `retry`. */
  isFinal?: (failure: unknown) => boolean;
  /** What this session knew of the key before any answer (shown stale offline or on failure). */
  remembered?: (key: string) => T | undefined;
}

interface Answer<T> {
  key: string;
  /** The request (`key#asks#askAgainOn`) this answers. */
  to: string;
  data: T | undefined;
  failed: boolean;
  failure: unknown;
  final: boolean;
}

/**
 * Reads `key` from the server with `fetcher`, online only: when the device is (or comes
 * back) online, when the key changes, on `retry` and `reload`, and every `refreshMs`. A
 * newer request, going offline or unmounting aborts the older one, whose answer never lands.
 * `fetcher` may be made anew on each render: `key` says what it asks for.
 */
export function useOnlineResource<T>(key: string, fetcher: (signal: AbortSignal) => Promise<T>, options: OnlineResourceOptions<T> = {}): OnlineResource<T> {
  const { enabled = true, refreshMs, delayMs, isFinal, remembered, askAgainOn = '' } = options;
  const { i18n } = useLingui();
  const online = useOnline();
  const [asks, setAsks] = useState(0);
  // Coming back online is a new question (the previous one was aborted when going offline).
  const [seenOnline, setSeenOnline] = useState(online);
  if (seenOnline !== online) {
    setSeenOnline(online);
    setAsks((n) => n + 1);
  }
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  const latest = useRef({ fetcher, isFinal });
  useEffect(() => {
    latest.current = { fetcher, isFinal };
  });

  const mine = answer?.key === key ? answer : null;
  const request = `${key}#${asks}#${askAgainOn}`;
  const stopped = mine?.final === true;

  useEffect(() => {
    if (!enabled || !online || stopped) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      void latest.current
        .fetcher(controller.signal)
        .then(
          (data) => {
            if (!controller.signal.aborted) setAnswer({ key, to: request, data, failed: false, failure: null, final: false });
            return true;
          },
          (failure: unknown) => {
            const final = latest.current.isFinal?.(failure) ?? false;
            // The last good answer stays beside the failure.
            if (!controller.signal.aborted)
              setAnswer((current) => ({ key, to: request, data: current?.key === key ? current.data : undefined, failed: true, failure, final }));
            return !final;
          },
        )
        .then((again) => {
          if (again && refreshMs !== undefined && !controller.signal.aborted) timer = setTimeout(ask, refreshMs);
        });
    };
    if (delayMs === undefined) ask();
    else timer = setTimeout(ask, delayMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [key, request, enabled, online, stopped, refreshMs, delayMs]);

  const failed = mine?.failed === true;
  const error = useMemo(() => (failed ? (describeFailure(mine?.failure, i18n).form ?? '') : null), [failed, mine?.failure, i18n]);
  const retry = useCallback(() => {
    setAnswer((current) => (current?.failed ? { ...current, failed: false, failure: null, final: false } : current));
    setAsks((n) => n + 1);
  }, []);
  const reload = useCallback(() => setAsks((n) => n + 1), []);
  const set = useCallback((data: T) => setAnswer({ key, to: request, data, failed: false, failure: null, final: false }), [key, request]);

  const answered = mine?.to === request;
  const fallback = mine?.data === undefined ? remembered?.(key) : undefined;
  const data = mine?.data !== undefined ? mine.data : fallback;
  const state: OnlineResourceState = !enabled
    ? 'idle'
    : !online
      ? 'offline'
      : failed && (answered || stopped)
        ? 'failed'
        : answered && mine.data !== undefined
          ? 'ready'
          : 'loading';
  const stale = data !== undefined && (state !== 'ready' || fallback !== undefined);
  return { state, data, stale, error: state === 'failed' ? error : null, failure: state === 'failed' ? mine?.failure : null, online, retry, reload, set };
}

/** What most online cards draw: loading, the answer, or why it failed. */
export type ResourceLoad<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; error: string };

/**
 * A resource as a card draws it: a failure shows (with "Try again"), else the last answer
 * (kept while it is asked again, and offline), else loading (offline the card says so).
 */
export function loadOf<T>(resource: OnlineResource<T>): ResourceLoad<T> {
  if (resource.state === 'failed') return { status: 'failed', error: resource.error ?? '' };
  if (resource.data !== undefined) return { status: 'ready', data: resource.data };
  return { status: 'loading' };
}
