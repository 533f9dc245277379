import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../../src/api/errors';
import { useOnlineResource, type OnlineResourceOptions } from '../../../src/online/useOnlineResource';

/** A request the test answers when it likes, and whether it was aborted. */
interface Asked {
  key: string;
  signal: AbortSignal;
  resolve: (value: string) => void;
  reject: (error: unknown) => void;
}

let online = true;
let asked: Asked[] = [];

const setOnline = (value: boolean) =>
  act(() => {
    online = value;
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });

const settle = async (request: Asked | undefined, how: { value: string } | { error: unknown }) => {
  if (!request) throw new Error('nothing was asked');
  await act(async () => {
    if ('value' in how) request.resolve(how.value);
    else request.reject(how.error);
    await Promise.resolve();
  });
};

const serverError = () => new ApiError(500, 'Server error', {});

function mount(initialKey = 'a', options: OnlineResourceOptions<string> = {}) {
  const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;
  return renderHook(
    ({ key }: { key: string }) =>
      useOnlineResource(
        key,
        (signal) =>
          new Promise<string>((resolve, reject) => {
            asked.push({ key, signal, resolve, reject });
          }),
        options,
      ),
    { wrapper, initialProps: { key: initialKey } },
  );
}

beforeEach(() => {
  online = true;
  asked = [];
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('an online resource', () => {
  it('asks nothing while offline, says "offline" rather than "failed", and loads once back online', async () => {
    online = false;
    const { result } = mount();
    expect(asked).toHaveLength(0);
    expect(result.current).toMatchObject({ state: 'offline', data: undefined, error: null, online: false });

    setOnline(true);
    expect(asked).toHaveLength(1);
    expect(result.current.state).toBe('loading');
    await settle(asked[0], { value: 'first' });
    expect(result.current).toMatchObject({ state: 'ready', data: 'first', stale: false });
  });

  it('aborts the request of the previous key, whose answer never lands', async () => {
    const { result, rerender } = mount('a');
    const first = asked[0];
    rerender({ key: 'b' });
    expect(first?.signal.aborted).toBe(true);
    expect(asked.map((request) => request.key)).toEqual(['a', 'b']);

    await settle(first, { value: 'answer to a' });
    expect(result.current).toMatchObject({ state: 'loading', data: undefined });
    await settle(asked[1], { value: 'answer to b' });
    expect(result.current).toMatchObject({ state: 'ready', data: 'answer to b' });
  });

  it('aborts on unmount', () => {
    const { unmount } = mount();
    unmount();
    expect(asked[0]?.signal.aborted).toBe(true);
  });

  it('keeps the last good answer, stale, while asking again and when that fails, and "Try again" asks again', async () => {
    const { result } = mount();
    await settle(asked[0], { value: 'kept' });

    act(() => result.current.reload());
    expect(result.current).toMatchObject({ state: 'loading', data: 'kept', stale: true });
    await settle(asked[1], { error: serverError() });
    expect(result.current).toMatchObject({ state: 'failed', data: 'kept', stale: true, error: 'Server error' });
    expect(result.current.failure).toBeInstanceOf(ApiError);

    act(() => result.current.retry());
    expect(result.current).toMatchObject({ state: 'loading', data: 'kept', error: null });
    await settle(asked[2], { value: 'new' });
    expect(result.current).toMatchObject({ state: 'ready', data: 'new', stale: false, error: null });
  });

  it('translates a failure of the network, and tells it from being offline', async () => {
    const { result } = mount();
    await settle(asked[0], { error: new NetworkError() });
    expect(result.current.state).toBe('failed');
    expect(result.current.error).toMatch(/Can't reach the server/);
  });

  it('aborts when going offline, keeps what it had, and asks again on coming back', async () => {
    const { result } = mount();
    await settle(asked[0], { value: 'before' });
    act(() => result.current.reload());
    setOnline(false);
    expect(asked[1]?.signal.aborted).toBe(true);
    expect(result.current).toMatchObject({ state: 'offline', data: 'before', stale: true });

    setOnline(true);
    expect(asked).toHaveLength(3);
    await settle(asked[2], { value: 'after' });
    expect(result.current).toMatchObject({ state: 'ready', data: 'after', stale: false });
  });

  it('asks again every refreshMs after each answer, and stops after a final failure until "Try again"', async () => {
    vi.useFakeTimers();
    const final = (failure: unknown) => failure instanceof ApiError && failure.status === 404;
    const { result } = mount('a', { refreshMs: 5000, isFinal: final });
    await settle(asked[0], { value: 'one' });
    expect(asked).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(asked).toHaveLength(2);
    await settle(asked[1], { error: new ApiError(404, 'Not found', {}) });
    expect(result.current).toMatchObject({ state: 'failed', data: 'one' });
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    act(() => result.current.reload());
    expect(asked).toHaveLength(2);

    act(() => result.current.retry());
    expect(asked).toHaveLength(3);
  });

  it('waits delayMs after the key last changed, and asks nothing when not enabled', () => {
    vi.useFakeTimers();
    const { rerender } = mount('a', { delayMs: 250 });
    rerender({ key: 'ab' });
    act(() => {
      vi.advanceTimersByTime(249);
    });
    expect(asked).toHaveLength(0);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(asked.map((request) => request.key)).toEqual(['ab']);

    const idle = mount('x', { enabled: false });
    expect(idle.result.current.state).toBe('idle');
    expect(asked).toHaveLength(1);
  });

  it('shows what the session remembered, stale, until an answer, and keeps the answer to a write', async () => {
    online = false;
    const { result } = mount('a', { remembered: (key) => (key === 'a' ? 'remembered' : undefined) });
    expect(result.current).toMatchObject({ state: 'offline', data: 'remembered', stale: true });
    setOnline(true);
    await settle(asked[0], { value: 'fresh' });
    expect(result.current).toMatchObject({ state: 'ready', data: 'fresh', stale: false });
    act(() => result.current.set('written'));
    expect(result.current).toMatchObject({ state: 'ready', data: 'written', stale: false });
  });
});
