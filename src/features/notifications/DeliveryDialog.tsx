import { useLingui } from '@lingui/react/macro';
import type { SentNotification } from '../../../contract/notifications';
import { mayReadDelivery } from '../../delivery/mayReadDelivery';
import { useDeliveryReport } from '../../delivery/useDeliveryReport';
import { useRemindUnread } from '../../delivery/useRemindUnread';
import { useSession } from '../../session/session';
import { discard } from '../../sync/hooks';
import { toastOutcome } from '../../sync/outcomeToasts';
import { Dialog } from '../../ui/Dialog';
import { showToast } from '../../ui/toastStore';
import { useOnline } from '../../ui/useOnline';
import { DeliveryView } from './DeliveryView';
import { EmergencyTag } from './AlertTag';
import { remindOutcomeTexts } from './notificationOutcomeTexts';
import { remind } from './notificationWrites';
import { useDelivery } from './useDelivery';
import { useNotificationsDb } from './useNotificationsDb';
import { useReminder } from './useReminder';

export interface DeliveryDialogProps {
  /** `?notification=` of `/college-notifications`: open while there is one. */
  notificationId: string | null;
  /** The list's row, for the title (null while the list is not loaded). */
  item: SentNotification | null;
  onClose: () => void;
}

/**
 * A sent notification's live delivery figures over the list (deep-linkable). Its author and
 * administrators also get its delivery report (src/delivery: the email figures, who was not
 * reached) and "send again" through it, which pushes and emails again. Other publishers keep
 * the notification's own "send again", queued like any change. The server refuses a second
 * one within ten minutes, and that refusal is shown here with its reason.
 */
export function DeliveryDialog({ notificationId, item, onClose }: DeliveryDialogProps) {
  const { t, i18n } = useLingui();
  const db = useNotificationsDb();
  const online = useOnline();
  const { user } = useSession();
  const delivery = useDelivery(notificationId, true);
  // The list's rows are the server's: the notification is there (the report needs its author).
  const readsReport = mayReadDelivery(user, item?.author_id);
  const { refresh, ...report } = useDeliveryReport('notification', notificationId, readsReport);
  const remindUnread = useRemindUnread('notification', notificationId, refresh);
  // A report that could not be had (an older server): the notification's own figures and "send again".
  const withReport = readsReport && (report.report !== null || report.error === null);
  const reminder = useReminder(notificationId) ?? null;

  const onRemind = () => {
    if (!notificationId) return;
    remind(db, notificationId).then(
      (seq) => void toastOutcome(db, i18n, seq, remindOutcomeTexts(i18n)),
      (error: unknown) => {
        console.error(error);
        showToast(t`This could not be saved on this device. Please try again.`, 'error');
      },
    );
  };
  const onDiscardReminder = () => {
    if (reminder?.seq !== undefined) discard(db, reminder.seq).catch((error: unknown) => console.error(error));
  };

  return (
    <Dialog open={notificationId !== null} onOpenChange={(open) => !open && onClose()} title={item?.title ?? t`Delivery`}>
      {item?.emergency ? <EmergencyTag /> : null}
      <DeliveryView
        {...delivery}
        emergency={item?.emergency ?? false}
        online={online}
        report={withReport ? report.report : null}
        remindUnread={withReport ? remindUnread : null}
        reminder={reminder}
        onRemind={onRemind}
        onDiscardReminder={onDiscardReminder}
      />
    </Dialog>
  );
}
