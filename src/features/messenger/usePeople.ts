import type { PersonRow } from '../../../contract/messenger';
import { useOnlineResource } from '../../online/useOnlineResource';
import { fetchPeople } from './messengerApi';

export interface PeopleSearch {
  people: PersonRow[] | undefined;
  loading: boolean;
  error: string | null;
  online: boolean;
}

/** The people the server lets me pick for `purpose`, by name, asked after a short pause in typing. */
export function usePeople(q: string, purpose: 'direct' | 'group', enabled = true): PeopleSearch {
  const search = useOnlineResource(`${purpose}\u0000${q.trim()}`, (signal) => fetchPeople(q, purpose, signal), { enabled, delayMs: 250 });
  return { people: search.data, loading: search.state === 'loading', error: search.error, online: search.online };
}
