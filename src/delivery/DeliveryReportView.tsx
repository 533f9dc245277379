import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { FormAlert } from '../ui/FormAlert';
import { LoadingState } from '../ui/ScreenStates';
import { DeliveryFigureList, DeliveryOffline, DeliveryUpdated, MailNotConfigured, reportFigures, reportSummary } from './DeliveryFigures';
import { NotReachedList } from './NotReachedList';
import { RemindUnread } from './RemindUnread';
import type { DeliveryReportState } from './useDeliveryReport';
import type { RemindState } from './useRemindUnread';
import './delivery.css';

export interface DeliveryReportViewProps extends Omit<DeliveryReportState, 'refresh'> {
  online: boolean;
  /** False while the item's create is still in this device's outbox: the server has no report yet. */
  onServer: boolean;
  remind: RemindState;
  onRemind: () => void;
  /** The level of the section's heading: 2 on a page under its h1, 3 in a dialog. */
  headingLevel: 2 | 3;
  /** The section's look where it stands (a card on a page). */
  className?: string;
}

/**
 * How far a post or an event got, for its author and administrators: the figures, who was
 * not reached and why, and "send again". Online only; offline it says so and keeps the
 * last figures with their time. An item published before deliveries were counted, one
 * still being planned and one addressed to nobody say so instead of a board of zeros.
 */
export function DeliveryReportView({ report, error, live, online, onServer, remind, onRemind, headingLevel, className }: DeliveryReportViewProps) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  let body;
  if (!onServer)
    body = (
      <p className="muted">
        <Trans>The delivery figures appear once it has reached the server.</Trans>
      </p>
    );
  else if (!report) {
    if (!online) body = <DeliveryOffline at={null} />;
    else body = error ? <FormAlert message={error} /> : <LoadingState label={t`Loading the delivery figures…`} />;
  } else if (report.figures.state === 'untracked') {
    body = (
      <p className="muted">
        <Trans>No delivery figures for this one: it was published before Patio counted deliveries.</Trans>
      </p>
    );
  } else if (report.figures.addressed_to === 0) {
    body =
      report.figures.state === 'planning' ? (
        <p className="muted" role="status">
          <Trans>Working out whom it reaches…</Trans>
        </p>
      ) : (
        <p className="muted">
          <Trans>It is addressed to nobody at the moment.</Trans>
        </p>
      );
  } else {
    const { figures, at } = report;
    body = (
      <>
        {online ? null : <DeliveryOffline at={at} />}
        <DeliveryFigureList figures={reportFigures(i18n, figures)} />
        <DeliveryUpdated at={at} live={live} summary={reportSummary(i18n, figures)} />
        {figures.mail_configured ? null : <MailNotConfigured />}
        {error ? <FormAlert message={error} /> : null}
        <NotReachedList members={figures.not_reached_members} total={figures.not_reached} headingLevel={headingLevel === 2 ? 3 : 4} />
        <RemindUnread unread={figures.unread} remindedAt={figures.reminded_at} state={remind} online={online} onRemind={onRemind} />
      </>
    );
  }

  return (
    <section className={`delivery delivery-report ${className ?? ''}`} aria-labelledby={titleId}>
      <Heading id={titleId} className="delivery-title">
        <Trans>Delivery</Trans>
      </Heading>
      {body}
    </section>
  );
}
