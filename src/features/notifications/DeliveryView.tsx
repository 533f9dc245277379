import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { NotificationDelivery } from '../../../contract/notifications';
import type { OutboxEntry } from '../../db/database';
import {
  DeliveryFigureList,
  DeliveryOffline,
  DeliveryUpdated,
  MailNotConfigured,
  reportFigures,
  reportSummary,
  type DeliveryFigure,
} from '../../delivery/DeliveryFigures';
import { NotReachedList } from '../../delivery/NotReachedList';
import { RemindUnread } from '../../delivery/RemindUnread';
import { roleName } from '../../delivery/roleNames';
import type { ReceivedReport } from '../../delivery/useDeliveryReport';
import type { RemindState } from '../../delivery/useRemindUnread';
import { formatShortDate } from '../../i18n/formatDate';
import { translateServerMessage } from '../../i18n/serverMessages';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { LoadingState } from '../../ui/ScreenStates';
import { SyncStateBadge } from '../../ui/SyncStateBadge';
import type { DeliveryState } from './useDelivery';

export interface DeliveryViewProps extends DeliveryState {
  emergency: boolean;
  online: boolean;
  /**
   * Its delivery report (src/delivery), for its author and administrators once received: the
   * email figures and who was not reached. Null for other publishers (the server's 403).
   */
  report: ReceivedReport | null;
  /**
   * "Send again" through the report (it emails again too), shown once the report is here;
   * null: the notification's own, queued (QueuedRemind).
   */
  remindUnread: { state: RemindState; send: () => void } | null;
  /** This device's last queued "send again", while the server has not answered it. */
  reminder: OutboxEntry | null;
  onRemind: () => void;
  onDiscardReminder: () => void;
}

/** Who has not read it, by name and role (the first 200, as the server answers). */
function UnreadList({ unread }: { unread: NotificationDelivery['unread'] }) {
  const { i18n } = useLingui();
  if (unread.length === 0) return null;
  return (
    <section className="delivery-unread" aria-labelledby="delivery-unread-title">
      <h3 id="delivery-unread-title" className="delivery-subtitle">
        <Trans>Not read yet</Trans>
      </h3>
      <ul className="delivery-unread-list">
        {unread.map((member) => (
          <li key={member.user_id}>
            <span dir="auto">{member.name}</span> <span className="muted">{roleName(i18n, member.role)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The figures: the report's when there is one (addressed to, read, pushed, the email's), with
 * what only a notification has (acknowledgements of an alert, the wait for quiet hours);
 * else the notification's own.
 */
function figuresOf(i18n: I18n, figures: NotificationDelivery, report: ReceivedReport | null, emergency: boolean): DeliveryFigure[] {
  const acknowledged: DeliveryFigure[] = emergency ? [{ key: 'acknowledged', label: i18n._(msg`Acknowledged`), value: figures.acknowledged }] : [];
  const waiting: DeliveryFigure = { key: 'waiting_quiet_hours', label: i18n._(msg`Waiting for quiet hours to end`), value: figures.waiting_quiet_hours };
  if (report) {
    const rows = reportFigures(i18n, report.figures);
    const afterRead = rows.findIndex((row) => row.key === 'seen') + 1;
    return [...rows.slice(0, afterRead), ...acknowledged, ...rows.slice(afterRead), waiting];
  }
  return [
    { key: 'sent_to', label: i18n._(msg`Sent to`), value: figures.sent_to },
    { key: 'pushed', label: i18n._(msg`Pushed to a device`), value: figures.pushed },
    { key: 'read', label: i18n._(msg`Read`), value: figures.read },
    ...acknowledged,
    ...(emergency ? [{ key: 'emailed', label: i18n._(msg`Emailed`), value: figures.emailed }] : []),
    waiting,
  ];
}

/** The notification's own "send again" (a queued change), for publishers who do not see the report. */
function QueuedRemind({
  figures,
  reminder,
  onRemind,
  onDiscardReminder,
}: Pick<DeliveryViewProps, 'reminder' | 'onRemind' | 'onDiscardReminder'> & { figures: NotificationDelivery }) {
  const { i18n } = useLingui();
  const remindedAt = figures.reminded_at ? formatShortDate(figures.reminded_at, i18n.locale, true) : null;
  const refused = reminder?.status === 'attention' ? translateServerMessage(i18n, reminder.error?.message ?? '') : null;
  return (
    <div className="delivery-remind">
      {figures.unread.length === 0 ? (
        <p className="delivery-all-read">
          <Trans>Everyone it was sent to has read it.</Trans>
        </p>
      ) : null}
      {refused !== null ? (
        <div className="delivery-refused" role="alert">
          <p>
            <Trans>It was not sent again: {refused}</Trans>
          </p>
          <Button variant="secondary" onClick={onDiscardReminder}>
            <Trans>Dismiss</Trans>
          </Button>
        </div>
      ) : null}
      <Button variant="secondary" onClick={onRemind} disabled={figures.unread.length === 0 || (reminder !== null && reminder.status !== 'attention')}>
        <Trans>Send again to those who have not read it</Trans>
      </Button>
      {reminder && reminder.status !== 'attention' ? <SyncStateBadge state={reminder.status} /> : null}
      {remindedAt ? (
        <p className="muted">
          <Trans>Last sent again {remindedAt}</Trans>
        </p>
      ) : null}
    </div>
  );
}

/** A notification's delivery figures, kept up to date while open and online, and "send again". */
export function DeliveryView({
  delivery,
  error,
  live,
  emergency,
  online,
  report: received,
  remindUnread,
  reminder,
  onRemind,
  onDiscardReminder,
}: DeliveryViewProps) {
  const { t, i18n } = useLingui();
  // Sent before deliveries were counted, or still being planned: the notification's own figures.
  const report = received && (received.figures.state === 'planned' || received.figures.addressed_to > 0) ? received : null;
  if (!delivery) {
    if (!online) return <DeliveryOffline at={null} />;
    return error ? <FormAlert message={error} /> : <LoadingState label={t`Loading the delivery figures…`} />;
  }
  const { figures, at } = delivery;
  const { read, sent_to: total } = figures;
  const summary = report ? reportSummary(i18n, report.figures) : t`Read by ${read} of ${total}`;
  return (
    <div className="delivery">
      {online ? null : <DeliveryOffline at={at} />}
      <DeliveryFigureList figures={figuresOf(i18n, figures, report, emergency)} />
      <DeliveryUpdated at={at} live={live} summary={summary} />
      {report && !report.figures.mail_configured ? <MailNotConfigured /> : null}
      {error ? <FormAlert message={error} /> : null}
      <UnreadList unread={figures.unread} />
      {report ? <NotReachedList members={report.figures.not_reached_members} total={report.figures.not_reached} headingLevel={3} /> : null}
      {remindUnread !== null && report ? (
        <RemindUnread
          unread={report.figures.unread}
          remindedAt={report.figures.reminded_at}
          state={remindUnread.state}
          online={online}
          onRemind={remindUnread.send}
        />
      ) : (
        <QueuedRemind figures={figures} reminder={reminder} onRemind={onRemind} onDiscardReminder={onDiscardReminder} />
      )}
    </div>
  );
}
