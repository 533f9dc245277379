import { useLingui } from '@lingui/react/macro';
import { useNavigate } from 'react-router-dom';
import type { NotificationFields } from '../../../contract/notifications';
import { can } from '../../../contract/permissions';
import { useAudienceOptions } from '../../audience/useAudienceOptions';
import { useSession } from '../../session/session';
import { toastOutcome } from '../../sync/outcomeToasts';
import { usePageMeta } from '../../tenant/usePageMeta';
import { LoadingState } from '../../ui/ScreenStates';
import { NotificationsNotAllowed } from './NotAllowed';
import { NotificationForm } from './NotificationForm';
import { createOutcomeTexts } from './notificationOutcomeTexts';
import { createNotification } from './notificationWrites';
import { useNotificationsDb } from './useNotificationsDb';

/**
 * `/college-notifications/new-notification` (the original app's address): staff and administrators write a
 * notification; it is saved on this device and queued, so it can be written offline and is
 * sent when the connection returns.
 */
export function NewNotificationScreen() {
  const { t, i18n } = useLingui();
  const db = useNotificationsDb();
  const { user } = useSession();
  const navigate = useNavigate();
  const audience = useAudienceOptions();
  usePageMeta(t`New notification`);

  if (!user || !can(user.role, 'content.publish')) return <NotificationsNotAllowed />;
  if (!audience) return <LoadingState label={t`Loading…`} />;

  const save = async (fields: NotificationFields) => {
    const { seq } = await createNotification(db, fields, user);
    // The toast waits for the server's answer (or says it is kept on this device until then).
    void toastOutcome(db, i18n, seq, createOutcomeTexts(i18n));
    await navigate('/college-notifications');
  };

  return (
    <div className="page notification-form-page">
      <NotificationForm audience={audience} mayAlert={can(user.role, 'notifications.emergency')} onSubmit={save} onCancel={() => void navigate(-1)} />
    </div>
  );
}
