import { useCallback, useEffect, useRef, useState } from 'react';
import { afterPaint } from '../../ui/afterPaint';
import { whenIdle } from '../../ui/whenIdle';
import { shiftMonth } from './calendarDays';

/**
 * The month the calendar shows, and `show` to move to another. The month shown follows a
 * click at once; the address follows it once that is painted (`onAddress`: a router
 * navigation draws the calendar again and forces a layout, tens of milliseconds on a phone,
 * src/ui/afterPaint.ts), and a change of the address (back, a link) is followed. Months
 * clicked through quickly arrive one by one: those are not followed back.
 */
export function useShownMonth(addressMonth: string, onAddress: (month: string) => void): [string, (month: string) => void] {
  const [month, setMonth] = useState(addressMonth);
  const [followed, setFollowed] = useState(addressMonth);
  const [requested, setRequested] = useState<readonly string[]>([]);
  if (addressMonth !== followed) {
    setFollowed(addressMonth);
    const ours = requested.indexOf(addressMonth);
    setRequested(ours >= 0 ? requested.slice(ours + 1) : []);
    if (ours < 0) setMonth(addressMonth);
  }
  // Leaving the calendar drops an address not yet followed: it was made from the address of before.
  const pending = useRef(new Set<() => void>());
  useEffect(() => () => pending.current.forEach((cancel) => cancel()), []);
  // The same function from render to render (the views it is given to are memoised); the address is made by the latest `onAddress`.
  const latest = useRef(onAddress);
  useEffect(() => {
    latest.current = onAddress;
  });
  const show = useCallback((target: string) => {
    setMonth(target);
    setRequested((list) => [...list, target]);
    const cancel = afterPaint(() => {
      pending.current.delete(cancel);
      latest.current(target);
    });
    pending.current.add(cancel);
  }, []);
  return [month, show];
}

/**
 * The month the calendar is built around (the window it reads, the grids it builds either
 * side): the month shown, once the browser is idle after painting it. A move to the next
 * month then shows the grid built ahead and reads nothing in the tap: reading the new
 * window and building the month after it would compete for the processor with the drawing
 * of the frame the person waits for. A jump further than a month is followed at once.
 */
export function useSettledMonth(month: string): string {
  const [settled, setSettled] = useState(month);
  useEffect(() => {
    if (settled === month) return;
    let cancelIdle = () => {};
    const cancelPaint = afterPaint(() => (cancelIdle = whenIdle(() => setSettled(month), 1000)));
    return () => {
      cancelPaint();
      cancelIdle();
    };
  }, [month, settled]);
  return month === settled || month === shiftMonth(settled, 1) || month === shiftMonth(settled, -1) ? settled : month;
}
