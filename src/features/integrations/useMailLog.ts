import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { MailLogItem } from '../../../contract/integrations';
import { describeFailure } from '../../forms/describeFailure';
import { useOnlineResource } from '../../online/useOnlineResource';
import { fetchMailLog, type MailLogPage } from './integrationsApi';

/** Pages asked with "More", after the first page they follow. */
interface Later {
  after: MailLogPage;
  items: MailLogItem[];
  next: string | null;
  loading: boolean;
  error: string | null;
}

export interface MailLog {
  items: MailLogItem[];
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  refresh: () => void;
  more: () => void;
}

/**
 * The mail log, newest first: its first page read online (again on coming back online and on
 * "Refresh"), and the pages "More" adds after it, forgotten when the first page is new.
 */
export function useMailLog(): MailLog {
  const { i18n } = useLingui();
  const first = useOnlineResource('mail-log', (signal) => fetchMailLog(null, signal));
  const [later, setLater] = useState<Later | null>(null);
  const page = first.data;
  const mine = page && later?.after === page ? later : null;
  const next = mine ? mine.next : (page?.next ?? null);

  const more = () => {
    if (!page || next === null) return;
    const base: Later = mine ?? { after: page, items: [], next, loading: false, error: null };
    setLater({ ...base, loading: true, error: null });
    const follows = (current: Later | null): current is Later => current?.after === page;
    fetchMailLog(next).then(
      (answer) =>
        setLater((current) => (follows(current) ? { ...current, items: [...current.items, ...answer.items], next: answer.next, loading: false } : current)),
      (error: unknown) => setLater((current) => (follows(current) ? { ...current, loading: false, error: describeFailure(error, i18n).form } : current)),
    );
  };

  return {
    items: [...(page?.items ?? []), ...(mine?.items ?? [])],
    loading: first.state === 'loading' || (mine?.loading ?? false),
    error: mine?.error ?? first.error,
    hasMore: next !== null,
    refresh: first.reload,
    more,
  };
}
