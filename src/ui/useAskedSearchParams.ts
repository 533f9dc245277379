import { useState } from 'react';
import { createSearchParams, useSearchParams, type SetURLSearchParams } from 'react-router-dom';

/**
 * `useSearchParams` for a control that writes its value to the address (a "Show archived"
 * box, a filter): it reads back what the person asked for at once. The router renders a
 * change of address as a transition, after the routes' loaders, so a control that read the
 * address sprang back to its old value meanwhile, and a click could look ignored. What was
 * asked is kept as this screen's own state until the address has moved on from where it was.
 */
export function useAskedSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const [params, setParams] = useSearchParams();
  const [asked, setAsked] = useState<{ from: string; to: string } | null>(null);
  const current = params.toString();
  const shown = asked && asked.from === current ? new URLSearchParams(asked.to) : params;
  const set: SetURLSearchParams = (next, options) => {
    const wanted = createSearchParams(typeof next === 'function' ? next(new URLSearchParams(shown)) : next);
    setAsked({ from: current, to: wanted.toString() });
    setParams(wanted, options);
  };
  return [shown, set];
}
