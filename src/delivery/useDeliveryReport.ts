import type { DeliveryKind, DeliveryReport } from '../../contract/delivery';
import { ApiError } from '../api/client';
import { useOnlineResource } from '../online/useOnlineResource';
import { usePageVisible } from '../ui/usePageVisible';
import { fetchDeliveryReport } from './deliveryApi';

/** How often open figures are asked again: "live" for a person watching an item go out, cheap for the server. */
export const deliveryReportRefreshMs = 5000;

/** The last figures received for an item, and when. */
export interface ReceivedReport {
  figures: DeliveryReport;
  at: Date;
}

export interface DeliveryReportState {
  report: ReceivedReport | null;
  error: string | null;
  /** Whether the figures are being kept up to date (online, page visible, allowed). */
  live: boolean;
  /** Asks again now (after "send again", for its time). */
  refresh: () => void;
}

/** 403 (not the author's) and 404 (gone) will not change by asking again. */
const final = (error: unknown) => error instanceof ApiError && (error.status === 403 || error.status === 404);

/**
 * The delivery report of one item, asked again every few seconds while the page is visible
 * and online; stopped otherwise (the last figures stay, with their time). `enabled` false
 * (not on the server yet, or not the reader's to see) asks nothing.
 */
export function useDeliveryReport(kind: DeliveryKind, id: string | null, enabled: boolean): DeliveryReportState {
  const visible = usePageVisible();
  const asking = id !== null && enabled && visible;
  const received = useOnlineResource(
    id === null ? '' : `${kind}/${id}`,
    async (signal): Promise<ReceivedReport> => ({ figures: await fetchDeliveryReport(kind, id ?? '', signal), at: new Date() }),
    { enabled: asking, refreshMs: deliveryReportRefreshMs, isFinal: final },
  );
  const stopped = received.state === 'failed' && final(received.failure);
  return { report: received.data ?? null, error: received.error, live: asking && received.online && !stopped, refresh: received.reload };
}
