import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { PersonRow } from '../../../contract/messenger';
import { describeFailure } from '../../forms/describeFailure';
import { useOnline } from '../../ui/useOnline';
import { fetchPeople } from './messengerApi';

export interface PeopleSearch {
  people: PersonRow[] | undefined;
  loading: boolean;
  error: string | null;
  online: boolean;
}

/** The people the server lets me pick for `purpose`, by name, asked after a short pause in typing. */
export function usePeople(q: string, purpose: 'direct' | 'group', enabled = true): PeopleSearch {
  const { i18n } = useLingui();
  const online = useOnline();
  const [state, setState] = useState<{ key: string; people: PersonRow[] | undefined; error: string | null }>({ key: '', people: undefined, error: null });
  const key = `${purpose}\u0000${q.trim()}`;
  useEffect(() => {
    if (!enabled || !online) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchPeople(q, purpose, controller.signal).then(
        (people) => setState({ key, people, error: null }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setState({ key, people: undefined, error: describeFailure(error, i18n).form });
        },
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [enabled, online, q, purpose, key, i18n]);
  const current = state.key === key;
  return { people: current ? state.people : undefined, loading: enabled && online && !current, error: current ? state.error : null, online };
}
