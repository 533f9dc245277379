import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import type { DeliveryKind, DeliveryReport } from '../../contract/delivery';
import { ApiError } from '../api/client';
import { describeFailure } from '../forms/describeFailure';
import { useOnline } from '../ui/useOnline';
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
  const { i18n } = useLingui();
  const online = useOnline();
  const visible = usePageVisible();
  const key = id === null ? null : `${kind}/${id}`;
  const [state, setState] = useState<{ key: string; report: ReceivedReport | null; error: string | null; stopped: boolean } | null>(null);
  const [asked, setAsked] = useState(0);
  const mine = state?.key === key ? state : null;
  const stopped = mine?.stopped ?? false;
  const live = id !== null && enabled && online && visible && !stopped;

  useEffect(() => {
    if (!live || id === null || key === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      fetchDeliveryReport(kind, id, controller.signal)
        .then(
          (figures) => setState({ key, report: { figures, at: new Date() }, error: null, stopped: false }),
          (error: unknown) => {
            if (controller.signal.aborted) return;
            setState((current) => ({
              key,
              report: current?.key === key ? current.report : null,
              error: describeFailure(error, i18n).form ?? '',
              stopped: final(error),
            }));
          },
        )
        .finally(() => {
          if (!controller.signal.aborted) timer = setTimeout(ask, deliveryReportRefreshMs);
        });
    };
    ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [kind, id, key, live, asked, i18n]);

  const refresh = useCallback(() => setAsked((n) => n + 1), []);
  return { report: mine?.report ?? null, error: mine?.error ?? null, live, refresh };
}
