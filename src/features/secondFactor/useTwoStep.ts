import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import type { SecondFactorList } from '../../../contract/secondFactor';
import { describeFailure } from '../../forms/describeFailure';
import * as api from '../../secondFactor/secondFactorApi';
import { useOnline } from '../../ui/useOnline';

export type TwoStepLoad = { status: 'loading' } | { status: 'ready'; list: SecondFactorList } | { status: 'failed'; error: string };

/** The member's factors, read online (again on "Try again", on coming back online, after a change). */
export function useTwoStep() {
  const { i18n } = useLingui();
  const online = useOnline();
  const [load, setLoad] = useState<TwoStepLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    api.fetchFactors(controller.signal).then(
      (list) => setLoad({ status: 'ready', list }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'failed', error: describeFailure(error, i18n).form ?? '' });
      },
    );
    return () => controller.abort();
  }, [online, attempt, i18n]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { load, online, reload };
}
