import { Trans, useLingui } from '@lingui/react/macro';
import { reachSummary } from './audienceSummary';
import { IsolatedText } from './IsolatedText';
import type { ReachState } from './useAudienceReach';

/**
 * The audience in words and how many members it reaches, read out as it changes (a polite
 * live region: the count arrives a moment after the words).
 */
export function AudienceSummaryView({ summary, reach }: { summary: string; reach: ReachState }) {
  return (
    <div className="audience-summary" aria-live="polite">
      <p className="audience-summary-text">
        <IsolatedText text={summary} />
      </p>
      <ReachLine reach={reach} />
    </div>
  );
}

function ReachLine({ reach }: { reach: ReachState }) {
  const { i18n } = useLingui();
  switch (reach.status) {
    case 'none':
      return null;
    case 'offline':
      return (
        <p className="audience-reach">
          <Trans>How many people it reaches cannot be counted offline.</Trans>
        </p>
      );
    case 'counting':
      return (
        <p className="audience-reach" aria-busy="true">
          <Trans>Counting who it reaches…</Trans>
        </p>
      );
    case 'failed':
      return (
        <p className="audience-reach">
          <Trans>How many people it reaches could not be counted.</Trans>
        </p>
      );
    case 'counted': {
      const { total, detail } = reachSummary(i18n, reach.reach);
      return (
        <p className="audience-reach">
          <strong>{total}</strong>
          {detail ? <span className="audience-reach-detail">{detail}</span> : null}
        </p>
      );
    }
  }
}
