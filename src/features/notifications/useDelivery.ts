import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { NotificationDelivery } from '../../../contract/notifications';
import { describeFailure } from '../../forms/describeFailure';
import { useOnline } from '../../ui/useOnline';
import { usePageVisible } from '../../ui/usePageVisible';
import { fetchDelivery } from './notificationsApi';

/** How often open figures are asked again: "live" for a person watching an alert go out, cheap for the server. */
export const deliveryRefreshMs = 5000;

export interface DeliveryState {
  /** The last figures received for this notification, and when. */
  delivery: { figures: NotificationDelivery; at: Date } | null;
  error: string | null;
  /** Whether the figures are being kept up to date (online, page visible). */
  live: boolean;
}

/**
 * The delivery figures of one notification, asked again every few seconds while the page
 * is visible and online; stopped otherwise (the last figures stay, with their time).
 * `enabled` false (not on the server yet) asks nothing.
 */
export function useDelivery(id: string | null, enabled: boolean): DeliveryState {
  const { i18n } = useLingui();
  const online = useOnline();
  const visible = usePageVisible();
  const [state, setState] = useState<{ id: string; delivery: DeliveryState['delivery']; error: string | null } | null>(null);
  const live = id !== null && enabled && online && visible;

  useEffect(() => {
    if (!live || id === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      fetchDelivery(id, controller.signal)
        .then(
          (figures) => setState({ id, delivery: { figures, at: new Date() }, error: null }),
          (error: unknown) => {
            if (controller.signal.aborted) return;
            setState((current) => ({ id, delivery: current?.id === id ? current.delivery : null, error: describeFailure(error, i18n).form ?? '' }));
          },
        )
        .finally(() => {
          if (!controller.signal.aborted) timer = setTimeout(ask, deliveryRefreshMs);
        });
    };
    ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [id, live, i18n]);

  const mine = state?.id === id ? state : null;
  return { delivery: mine?.delivery ?? null, error: mine?.error ?? null, live };
}
