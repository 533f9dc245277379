import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { NavEntry } from './uiModule';

type CountHook = () => number | undefined;

/** Calls one feature's count hook and reports its number; draws nothing. */
function CountReader({ to, useCount, onCount }: { to: string; useCount: CountHook; onCount: (to: string, count: number | undefined) => void }) {
  const count = useCount();
  useEffect(() => onCount(to, count), [to, count, onCount]);
  return null;
}

export interface NavCounts {
  /** The numbers by entry (`to`); an entry is missing until its hook has answered. */
  counts: ReadonlyMap<string, number>;
  /** The readers to render inside the signed-in area (they read the local database). */
  readers: ReactNode;
}

/**
 * The counts of the navigation entries that have one (NavEntry.count): their hooks are
 * loaded once, then each is called by a reader of its own, so a hook keeps its place in
 * one component for as long as the shell is up (React's rule of hooks).
 */
export function useNavCounts(entries: readonly NavEntry[]): NavCounts {
  const [hooks, setHooks] = useState<ReadonlyMap<string, CountHook>>(new Map());
  const [counts, setCounts] = useState<ReadonlyMap<string, number>>(new Map());

  useEffect(() => {
    let live = true;
    const counted = entries.filter((entry) => entry.count);
    if (counted.length === 0) return;
    Promise.all(counted.map(async (entry) => [entry.to, await entry.count!.load()] as const)).then(
      (loaded) => live && setHooks(new Map(loaded)),
      // A count that cannot load leaves its entry without a number; the entry still works.
      (error: unknown) => console.error(error),
    );
    return () => {
      live = false;
    };
  }, [entries]);

  const onCount = useCallback((to: string, count: number | undefined) => {
    setCounts((current) => {
      if (current.get(to) === count) return current;
      const next = new Map(current);
      if (count === undefined) next.delete(to);
      else next.set(to, count);
      return next;
    });
  }, []);

  const readers = [...hooks].map(([to, useCount]) => <CountReader key={to} to={to} useCount={useCount} onCount={onCount} />);
  return { counts, readers };
}
