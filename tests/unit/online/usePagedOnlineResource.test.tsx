import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../../src/api/errors';
import { usePagedOnlineResource, type Page } from '../../../src/online/usePagedOnlineResource';

/** A page asked, answered when the test likes. */
interface Asked {
  cursor: string | null;
  signal: AbortSignal;
  resolve: (page: Page<string>) => void;
  reject: (error: unknown) => void;
}

let online = true;
let asked: Asked[] = [];

const setOnline = (value: boolean) =>
  act(() => {
    online = value;
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });

const answer = async (request: Asked | undefined, how: Page<string> | { error: unknown }) => {
  if (!request) throw new Error('nothing was asked');
  await act(async () => {
    if ('error' in how) request.reject(how.error);
    else request.resolve(how);
    await Promise.resolve();
  });
};

function mount() {
  const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;
  return renderHook(
    () =>
      usePagedOnlineResource(
        'log',
        (cursor, signal) =>
          new Promise<Page<string>>((resolve, reject) => {
            asked.push({ cursor, signal, resolve, reject });
          }),
      ),
    { wrapper },
  );
}

beforeEach(() => {
  online = true;
  asked = [];
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => vi.restoreAllMocks());

describe('a list read online a page at a time', () => {
  it('adds the page after the last one shown, once however often "More" is pressed while it is asked', async () => {
    const { result } = mount();
    expect(result.current.loading).toBe(true);
    await answer(asked[0], { items: ['a', 'b'], next: 'c1' });
    expect(result.current).toMatchObject({ items: ['a', 'b'], hasMore: true, loading: false });
    act(() => result.current.more());
    act(() => result.current.more());
    expect(asked.map((request) => request.cursor)).toEqual([null, 'c1']);
    expect(result.current.loading).toBe(true);
    await answer(asked[1], { items: ['c'], next: null });
    expect(result.current).toMatchObject({ items: ['a', 'b', 'c'], hasMore: false, loading: false });
    act(() => result.current.more());
    expect(asked).toHaveLength(2);
  });

  it('keeps what it showed beside a failed page, and asks the same page again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = mount();
    await answer(asked[0], { items: ['a'], next: 'c1' });
    act(() => result.current.more());
    await answer(asked[1], { error: new NetworkError() });
    expect(result.current.items).toEqual(['a']);
    expect(result.current.error).toBeTruthy();
    act(() => result.current.more());
    expect(asked[2]?.cursor).toBe('c1');
    expect(result.current.error).toBeNull();
  });

  it('aborts a page being asked when the device goes offline, and can ask it again once back', async () => {
    const { result } = mount();
    await answer(asked[0], { items: ['a'], next: 'c1' });
    act(() => result.current.more());
    const page = asked[1];
    setOnline(false);
    expect(page?.signal.aborted).toBe(true);
    await answer(page, { items: ['late'], next: null });
    expect(result.current.items).toEqual(['a']);
    act(() => result.current.more());
    expect(asked).toHaveLength(2);
    setOnline(true);
    await answer(asked[2], { items: ['a'], next: 'c1' });
    act(() => result.current.more());
    await answer(asked[3], { items: ['b'], next: null });
    expect(result.current.items).toEqual(['a', 'b']);
  });

  it('forgets the later pages when the first page is answered anew, and aborts one still asked', async () => {
    const { result } = mount();
    await answer(asked[0], { items: ['b'], next: 'c1' });
    act(() => result.current.more());
    await answer(asked[1], { items: ['c'], next: 'c2' });
    act(() => result.current.more());
    act(() => result.current.refresh());
    await answer(asked[3], { items: ['a', 'b'], next: 'c1' });
    expect(asked[2]?.signal.aborted).toBe(true);
    expect(result.current).toMatchObject({ items: ['a', 'b'], hasMore: true, loading: false });
  });

  it('aborts a page still asked when the screen closes', async () => {
    const { result, unmount } = mount();
    await answer(asked[0], { items: ['a'], next: 'c1' });
    act(() => result.current.more());
    unmount();
    expect(asked[1]?.signal.aborted).toBe(true);
  });
});
