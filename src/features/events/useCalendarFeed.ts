import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { describeFailure } from '../../forms/describeFailure';
import { useOnline } from '../../ui/useOnline';
import { createCalendarFeed, deleteCalendarFeed, fetchCalendarFeed, type CalendarFeed } from './feedApi';

export type FeedLoad = { status: 'loading' } | { status: 'ready'; feed: CalendarFeed | null } | { status: 'failed'; error: string };
export type FeedAction = 'create' | 'regenerate' | 'turnOff';

export interface CalendarFeedState {
  load: FeedLoad;
  online: boolean;
  /** The action being sent, if any. */
  busy: FeedAction | null;
  /** Why the last action failed, translated. */
  actionError: string | null;
  retry: () => void;
  /** Sends an action; resolves true when the server did it. */
  run: (action: FeedAction) => Promise<boolean>;
}

/**
 * The member's calendar feed, straight from the server: it is an address on the server,
 * not something kept on the device, so managing it needs the network (and says so offline).
 */
export function useCalendarFeed(): CalendarFeedState {
  const { i18n } = useLingui();
  const online = useOnline();
  const [load, setLoad] = useState<FeedLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState<FeedAction | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    fetchCalendarFeed(controller.signal).then(
      (feed) => setLoad({ status: 'ready', feed }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'failed', error: describeFailure(error, i18n).form ?? '' });
      },
    );
    return () => controller.abort();
  }, [online, attempt, i18n]);

  const retry = () => {
    setLoad({ status: 'loading' });
    setAttempt((n) => n + 1);
  };

  const run = async (action: FeedAction): Promise<boolean> => {
    setBusy(action);
    setActionError(null);
    try {
      const feed = action === 'turnOff' ? (await deleteCalendarFeed(), null) : await createCalendarFeed();
      setLoad({ status: 'ready', feed });
      return true;
    } catch (error) {
      const failure = describeFailure(error, i18n);
      setActionError(failure.form ?? Object.values(failure.fields)[0] ?? null);
      return false;
    } finally {
      setBusy(null);
    }
  };

  return { load, online, busy, actionError, retry, run };
}
