import { lazy, Suspense } from 'react';
import { retryOnce } from '../ui/lazyScreen';
import type { SecondStepProps } from './SecondStep';

const SecondStep = lazy(retryOnce(() => import('./SecondStep').then((m) => ({ default: m.SecondStep }))));

/** The sign-in's second step, fetched only when a password answers that one is needed. */
export function LazySecondStep(props: SecondStepProps) {
  return (
    <Suspense fallback={null}>
      <SecondStep {...props} />
    </Suspense>
  );
}
