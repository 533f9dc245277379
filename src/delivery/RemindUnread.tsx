import { Trans, useLingui } from '@lingui/react/macro';
import { formatShortDate } from '../i18n/formatDate';
import { Button } from '../ui/Button';
import type { RemindState } from './useRemindUnread';
import './delivery.css';

export interface RemindUnreadProps {
  /** Who has not read it: "send again" goes to them. */
  unread: number;
  /** When "send again" was last used, ISO, or null. */
  remindedAt: string | null;
  state: RemindState;
  online: boolean;
  onRemind: () => void;
}

/** "Send again to those who have not read it (N)", what the server made of it, and when it was last used. */
export function RemindUnread({ unread, remindedAt: remindedIso, state, online, onRemind }: RemindUnreadProps) {
  const { i18n } = useLingui();
  const remindedAt = remindedIso ? formatShortDate(remindedIso, i18n.locale, true) : null;
  const refused = state.status === 'failed' ? state.message : null;
  const answer = state.status === 'sent' ? state.answer : null;
  const pushed = answer?.pushed ?? 0;
  const emailed = answer?.emailed ?? 0;
  return (
    <div className="delivery-remind">
      {unread === 0 ? (
        <p className="delivery-all-read">
          <Trans>Everyone it was addressed to has read it.</Trans>
        </p>
      ) : null}
      {refused !== null ? (
        <div className="delivery-refused" role="alert">
          <p>
            <Trans>Not sent again: {refused}</Trans>
          </p>
        </div>
      ) : null}
      <Button variant="secondary" onClick={onRemind} disabled={unread === 0 || !online} busy={state.status === 'sending'}>
        <Trans>Send again to those who have not read it ({unread})</Trans>
      </Button>
      <p className="delivery-remind-answer" role="status">
        {answer ? (
          <Trans>
            Sent again. Pushed: {pushed}. Emailed: {emailed}.
          </Trans>
        ) : null}
      </p>
      {remindedAt ? (
        <p className="muted">
          <Trans>Last sent again {remindedAt}</Trans>
        </p>
      ) : null}
    </div>
  );
}
