import { lazy, Suspense, useState } from 'react';
import { retryOnce } from './lazyScreen';
import { useToasts } from './toastStore';

const ToastHost = lazy(retryOnce(() => import('./ToastHost').then((m) => ({ default: m.ToastHost }))));

/** Radix Toast loads with the first toast, not with the shell (toasts follow an action). */
export function LazyToastHost() {
  const toasts = useToasts();
  const [wanted] = useStickyFlag(toasts.length > 0);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}

/** Once true, stays true: the host stays mounted so later toasts animate normally. */
function useStickyFlag(value: boolean): [boolean] {
  const [sticky, setSticky] = useState(value);
  if (value && !sticky) setSticky(true);
  return [sticky || value];
}
