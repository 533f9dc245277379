import type { NotificationDelivery } from '../../../contract/notifications';
import { useOnlineResource } from '../../online/useOnlineResource';
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
  const visible = usePageVisible();
  const asking = id !== null && enabled && visible;
  const received = useOnlineResource(id ?? '', async (signal) => ({ figures: await fetchDelivery(id ?? '', signal), at: new Date() }), {
    enabled: asking,
    refreshMs: deliveryRefreshMs,
  });
  return { delivery: received.data ?? null, error: received.error, live: asking && received.online };
}
