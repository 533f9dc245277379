import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { describeFailure } from '../forms/describeFailure';
import { useOnlineResource, type OnlineResourceOptions } from './useOnlineResource';

/** One page of a list the server answers newest first, and where the next one starts. */
export interface Page<T> {
  items: T[];
  next: string | null;
}

export interface PagedOnlineResource<T> {
  /** The first page's items, then every page "More" added after it. */
  items: T[];
  /** The first page is being asked, or a later one. */
  loading: boolean;
  /** Why the first page or the last "More" failed, translated. */
  error: string | null;
  hasMore: boolean;
  online: boolean;
  /** Asks the first page again; the pages after it are forgotten once it answers. */
  refresh: () => void;
  /** Asks the page after the last one shown (nothing while one is asked, offline or at the end). */
  more: () => void;
}

/** The pages asked with "More", and the first page they follow (a new first page forgets them). */
interface Later<T> {
  after: Page<T>;
  items: T[];
  next: string | null;
  loading: boolean;
  error: string | null;
}

/**
 * A list read online a page at a time: its first page as `useOnlineResource` reads it (again
 * on coming back online and on `refresh`), and the pages `more` adds after it. A page still
 * asked when the first page is new, when the device goes offline or when the screen closes is
 * aborted, and its answer never lands.
 */
export function usePagedOnlineResource<T>(
  key: string,
  fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<Page<T>>,
  options: OnlineResourceOptions<Page<T>> = {},
): PagedOnlineResource<T> {
  const { i18n } = useLingui();
  const first = useOnlineResource(key, (signal) => fetchPage(null, signal), options);
  const [later, setLater] = useState<Later<T> | null>(null);
  const asking = useRef<AbortController | null>(null);
  const page = first.data;
  const mine = page && later?.after === page ? later : null;
  const next = mine ? mine.next : (page?.next ?? null);

  // A new first page, going offline or closing the screen ends the page being asked.
  useEffect(
    () => () => {
      asking.current?.abort();
      setLater((current) => (current?.loading ? { ...current, loading: false } : current));
    },
    [page, first.online],
  );

  const more = () => {
    if (!page || next === null || !first.online || mine?.loading) return;
    const controller = new AbortController();
    asking.current = controller;
    const follows = (current: Later<T> | null): current is Later<T> => !controller.signal.aborted && current?.after === page;
    setLater({ ...(mine ?? { after: page, items: [], next }), next, loading: true, error: null });
    fetchPage(next, controller.signal).then(
      (answer) =>
        setLater((current) => (follows(current) ? { ...current, items: [...current.items, ...answer.items], next: answer.next, loading: false } : current)),
      (failure: unknown) =>
        setLater((current) => (follows(current) ? { ...current, loading: false, error: describeFailure(failure, i18n).form ?? '' } : current)),
    );
  };

  return {
    items: [...(page?.items ?? []), ...(mine?.items ?? [])],
    loading: first.state === 'loading' || mine?.loading === true,
    error: mine?.error ?? first.error,
    hasMore: next !== null,
    online: first.online,
    refresh: first.reload,
    more,
  };
}
