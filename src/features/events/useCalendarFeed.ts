import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { describeFailure } from '../../forms/describeFailure';
import { loadOf, useOnlineResource, type ResourceLoad } from '../../online/useOnlineResource';
import { createCalendarFeed, deleteCalendarFeed, fetchCalendarFeed, type CalendarFeed } from './feedApi';

export type FeedLoad = ResourceLoad<CalendarFeed | null>;
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
  const feed = useOnlineResource('calendar-feed', fetchCalendarFeed);
  const { online, retry } = feed;
  const [busy, setBusy] = useState<FeedAction | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const run = async (action: FeedAction): Promise<boolean> => {
    setBusy(action);
    setActionError(null);
    try {
      feed.set(action === 'turnOff' ? (await deleteCalendarFeed(), null) : await createCalendarFeed());
      return true;
    } catch (error) {
      const failure = describeFailure(error, i18n);
      setActionError(failure.form ?? Object.values(failure.fields)[0] ?? null);
      return false;
    } finally {
      setBusy(null);
    }
  };

  return { load: loadOf(feed), online, busy, actionError, retry, run };
}
