import type { RouteObject } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryingLazyRoutes, retryOnce, retryPause, ScreenNotOnDevice } from '../../../src/ui/lazyScreen';

/** An `import()` stand-in that fails its first `failures` calls, as a chunk download would. */
function flakyImport<T>(value: T, failures: number) {
  let calls = 0;
  const load = vi.fn(() =>
    ++calls <= failures ? Promise.reject(new TypeError(`Failed to fetch dynamically imported module (call ${calls})`)) : Promise.resolve(value),
  );
  return load;
}

/** What a promise has come to so far (the fake clock decides when it settles). */
function track<T>(promise: Promise<T>) {
  const state: { value?: T; error?: unknown; settled: boolean } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { value, settled: true }),
    (error: unknown) => Object.assign(state, { error, settled: true }),
  );
  return state;
}

describe('a lazy screen whose code fails to download', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('is downloaded again after a short pause, and the screen is shown', async () => {
    const load = flakyImport({ route: 'contacts' }, 1);
    const result = track(retryOnce(load)());

    await vi.advanceTimersByTimeAsync(retryPause - 1);
    expect(load).toHaveBeenCalledTimes(1);
    expect(result.settled).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    expect(result).toEqual({ value: { route: 'contacts' }, settled: true });
  });

  it('is tried only once more: a second failure reaches the error screen', async () => {
    const load = flakyImport('never', 5);
    const result = track(retryOnce(load)());

    await vi.advanceTimersByTimeAsync(retryPause);
    expect(result.settled).toBe(true);
    expect(String(result.error)).toContain('call 2');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('downloads once when nothing fails', async () => {
    const load = flakyImport('screen', 0);
    await expect(retryOnce(load)()).resolves.toBe('screen');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('offline, waits for the network to come back before trying again', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const load = flakyImport('screen', 1);
    const result = track(retryOnce(load)());

    await vi.advanceTimersByTimeAsync(retryPause * 60);
    expect(load).toHaveBeenCalledTimes(1);
    expect(result.settled).toBe(false);

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(2);
    expect(result).toEqual({ value: 'screen', settled: true });
  });

  it('is retried for every lazy route of the tree, nested ones included, the rest kept as it was', async () => {
    const Layout = () => null;
    const screen = flakyImport({ Component: Layout }, 1);
    const loader = flakyImport(() => null, 1);
    const routes: RouteObject[] = [
      {
        path: 'app',
        element: null,
        children: [
          { index: true, lazy: screen },
          { path: 'parts', lazy: { loader } },
          { path: 'plain', Component: Layout },
        ],
      },
    ];

    const [app] = retryingLazyRoutes(routes);
    const [index, parts, plain] = app!.children!;
    expect(app!.path).toBe('app');
    expect(plain).toEqual({ path: 'plain', Component: Layout });

    const screenResult = track((index!.lazy as () => Promise<unknown>)());
    const loaderResult = track((parts!.lazy as { loader: () => Promise<unknown> }).loader());
    await vi.advanceTimersByTimeAsync(retryPause);
    expect(screenResult).toEqual({ value: { Component: Layout }, settled: true });
    expect(loaderResult.settled).toBe(true);
    expect(loaderResult.error).toBeUndefined();
    expect(screen).toHaveBeenCalledTimes(2);
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('offline, a route whose code is not on the device fails at once as not on this device', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const screen = flakyImport({ Component: () => null }, 1);
    const [route] = retryingLazyRoutes([{ path: 'documentos', lazy: screen }]);

    const result = track((route!.lazy as () => Promise<unknown>)());
    await vi.advanceTimersByTimeAsync(0);
    expect(result.settled).toBe(true);
    expect(result.error).toBeInstanceOf(ScreenNotOnDevice);
    expect((result.error as Error).cause).toBeInstanceOf(TypeError);
    expect(screen).toHaveBeenCalledTimes(1);
  });

  it('a route whose second try fails after the network went away is not on this device either', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const load = vi.fn(() => {
      // The first failure: still online; the network goes while the app waits to try again.
      onLine.mockReturnValue(load.mock.calls.length > 1 ? false : true);
      return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    });
    const result = track(retryOnce(load, 'fail')());
    await vi.advanceTimersByTimeAsync(retryPause);
    expect(load).toHaveBeenCalledTimes(2);
    expect(result.error).toBeInstanceOf(ScreenNotOnDevice);
  });
});
