import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DeliveryReport } from '../../contract/delivery';
import { formatShortDate } from '../i18n/formatDate';
import { CloudOffIcon, MailIcon } from '../ui/icons';
import './delivery.css';

/** One figure of a delivery: how many members, and what of. */
export interface DeliveryFigure {
  key: string;
  label: string;
  /** What the label means, when it needs saying (under it, smaller). */
  hint?: string;
  value: number;
  /** A figure that asks for attention when it is not zero (failed, not reached). */
  alarming?: boolean;
}

/** A report's figures in reading order; "not sent" only when some were (no mail server configured). */
export function reportFigures(i18n: I18n, report: DeliveryReport): DeliveryFigure[] {
  const figures: DeliveryFigure[] = [
    { key: 'addressed_to', label: i18n._(msg`Addressed to`), value: report.addressed_to },
    { key: 'seen', label: i18n._(msg`Read in the app`), value: report.seen },
    { key: 'pushed', label: i18n._(msg`Pushed to a device`), value: report.pushed },
    { key: 'emailed', label: i18n._(msg`Emailed`), value: report.emailed },
    { key: 'opened_from_email', label: i18n._(msg`Opened from the email`), value: report.opened_from_email },
    {
      key: 'email_waiting',
      label: i18n._(msg`Email still to leave`),
      hint: i18n._(msg`Queued, or in today’s digest`),
      value: report.email_waiting,
    },
  ];
  if (report.email_not_sent > 0)
    figures.push({ key: 'email_not_sent', label: i18n._(msg`Not sent: no mail server configured`), value: report.email_not_sent, alarming: true });
  figures.push(
    { key: 'email_failed', label: i18n._(msg`Email failed`), value: report.email_failed, alarming: true },
    { key: 'not_reached', label: i18n._(msg`Not reached`), value: report.not_reached, alarming: true },
  );
  return figures;
}

/** The figures as a grid of terms and counts (the count first to the eye, the term first to a screen reader). */
export function DeliveryFigureList({ figures }: { figures: readonly DeliveryFigure[] }) {
  return (
    <dl className="delivery-figures">
      {figures.map((figure) => (
        <div key={figure.key} className={`delivery-figure${figure.alarming && figure.value > 0 ? ' delivery-figure-alarming' : ''}`}>
          <dt>
            {figure.label}
            {figure.hint ? <span className="delivery-figure-hint">{figure.hint}</span> : null}
          </dt>
          <dd>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The college has no mail server: what the email figures mean then. */
export function MailNotConfigured() {
  return (
    <p className="delivery-report-note with-icon">
      <MailIcon width={18} height={18} />
      <span>
        <Trans>The school has no mail server configured: emails are recorded, not sent.</Trans>
      </span>
    </p>
  );
}

/** "The delivery figures need a connection", with the time of the last figures when there are some. */
export function DeliveryOffline({ at }: { at: Date | null }) {
  const { i18n } = useLingui();
  const asOf = at ? formatShortDate(at, i18n.locale, true) : null;
  return (
    <p className="with-icon delivery-offline" role="status">
      <CloudOffIcon width={18} height={18} />
      <span>
        <Trans>The delivery figures need a connection.</Trans>
        {asOf ? (
          <>
            {' '}
            <Trans>These are the figures of {asOf}.</Trans>
          </>
        ) : null}
      </span>
    </p>
  );
}

/**
 * When the figures were received, shown; and, for screen readers, a polite announcement of
 * what changed. The announcement holds the figures only (not the time), so it speaks when a
 * figure changes, not at every refresh.
 */
export function DeliveryUpdated({ at, live, summary }: { at: Date; live: boolean; summary: string }) {
  const { i18n } = useLingui();
  const asOf = formatShortDate(at, i18n.locale, true);
  return (
    <>
      <p className="delivery-status muted">
        {live ? <Trans>Updated {asOf}, and every few seconds while this is open.</Trans> : <Trans>Figures as of {asOf}.</Trans>}
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {summary}
      </p>
    </>
  );
}

/** The announcement of a report's figures: "Read in the app by 12 of 40; not reached: 3." */
export function reportSummary(i18n: I18n, report: DeliveryReport): string {
  const { seen, addressed_to: total, not_reached: notReached } = report;
  return i18n._(msg`Read in the app by ${seen} of ${total}; not reached: ${notReached}.`);
}
