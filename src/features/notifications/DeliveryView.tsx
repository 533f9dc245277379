import { Trans, useLingui } from '@lingui/react/macro';
import type { NotificationDelivery } from '../../../contract/notifications';
import type { OutboxEntry } from '../../db/database';
import { formatShortDate } from '../../i18n/formatDate';
import { translateServerMessage } from '../../i18n/serverMessages';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { CloudOffIcon } from '../../ui/icons';
import { LoadingState } from '../../ui/ScreenStates';
import { SyncStateBadge } from '../../ui/SyncStateBadge';
import type { DeliveryState } from './useDelivery';

export interface DeliveryViewProps extends DeliveryState {
  emergency: boolean;
  online: boolean;
  /** This device's last "send again", while the server has not answered it. */
  reminder: OutboxEntry | null;
  onRemind: () => void;
  onDiscardReminder: () => void;
}

/** Who has not read it, by name and role (the first 200, as the server answers). */
function UnreadList({ unread }: { unread: NotificationDelivery['unread'] }) {
  const { t } = useLingui();
  const roles: Record<string, string> = { admin: t`Administrator`, staff: t`Staff`, student: t`Student`, guardian: t`Family` };
  if (unread.length === 0)
    return (
      <p className="delivery-all-read">
        <Trans>Everyone it was sent to has read it.</Trans>
      </p>
    );
  return (
    <section className="delivery-unread" aria-labelledby="delivery-unread-title">
      <h3 id="delivery-unread-title" className="delivery-subtitle">
        <Trans>Not read yet</Trans>
      </h3>
      <ul className="delivery-unread-list">
        {unread.map((member) => (
          <li key={member.user_id}>
            <span dir="auto">{member.name}</span> <span className="muted">{roles[member.role] ?? member.role}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A notification's delivery figures, kept up to date while open and online, and "send again". */
export function DeliveryView({ delivery, error, live, emergency, online, reminder, onRemind, onDiscardReminder }: DeliveryViewProps) {
  const { t, i18n } = useLingui();
  if (!delivery) {
    if (!online)
      return (
        <p className="with-icon" role="status">
          <CloudOffIcon width={18} height={18} />
          <span>
            <Trans>The delivery figures need a connection.</Trans>
          </span>
        </p>
      );
    return error ? <FormAlert message={error} /> : <LoadingState label={t`Loading the delivery figures…`} />;
  }
  const { figures, at } = delivery;
  const asOf = formatShortDate(at, i18n.locale, true);
  const rows: [string, number][] = [
    [t`Sent to`, figures.sent_to],
    [t`Pushed to a device`, figures.pushed],
    [t`Read`, figures.read],
    ...(emergency
      ? ([
          [t`Acknowledged`, figures.acknowledged],
          [t`Emailed`, figures.emailed],
        ] as [string, number][])
      : []),
    [t`Waiting for quiet hours to end`, figures.waiting_quiet_hours],
  ];
  const remindedAt = figures.reminded_at ? formatShortDate(figures.reminded_at, i18n.locale, true) : null;
  const refused = reminder?.status === 'attention' ? translateServerMessage(i18n, reminder.error?.message ?? '') : null;
  return (
    <div className="delivery">
      <dl className="delivery-figures">
        {rows.map(([label, value]) => (
          <div key={label} className="delivery-figure">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="delivery-status muted" role="status">
        {live ? (
          <Trans>Updated {asOf}, and every few seconds while this is open.</Trans>
        ) : (
          <Trans>Figures as of {asOf}. They update when you are back online.</Trans>
        )}
      </p>
      {error ? <FormAlert message={error} /> : null}
      <UnreadList unread={figures.unread} />
      <div className="delivery-remind">
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
    </div>
  );
}
