import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { EventFields } from '../../../contract/events';
import { dayIn } from '../../../contract/eventTime';
import { can } from '../../../contract/permissions';
import { useSession } from '../../session/session';
import { toastOutcome } from '../../sync/outcomeToasts';
import { collegeTimeZone, useCollege } from '../../tenant/tenantStore';
import { usePageMeta } from '../../tenant/usePageMeta';
import { LoadingState } from '../../ui/ScreenStates';
import { EventForm } from './EventForm';
import { emptyEventValues } from './eventFormValues';
import { eventOutcomeTexts } from './eventOutcomeTexts';
import { EventsNotAllowed } from './EventScreenStates';
import { createEvent } from './eventWrites';
import { useAudienceOptions } from './useAudienceOptions';
import { useEventsDb } from './useEventsDb';
import { saveAttachmentChanges, type AttachmentChanges } from '../../uploads/attachmentChanges';
import { useAttachmentQueue } from '../../uploads/useAttachmentQueue';

/**
 * `/events/new-event` (`?day=YYYY-MM-DD` starts it on that day): staff and admins add an
 * event to the calendar; it is saved on this device and queued, so it works offline.
 */
export function NewEventScreen() {
  const { t, i18n } = useLingui();
  const db = useEventsDb();
  const { user } = useSession();
  const college = useCollege();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const audience = useAudienceOptions();
  const attachmentQueue = useAttachmentQueue();
  const [now] = useState(() => new Date());
  usePageMeta(t`New event`);

  if (!user || !can(user.role, 'content.publish')) return <EventsNotAllowed />;
  if (!audience) return <LoadingState label={t`Loading…`} />;

  const timeZone = collegeTimeZone(college);
  const save = async (fields: EventFields, attachments: AttachmentChanges) => {
    const { id, seq } = await createEvent(db, fields, { user, timeZone });
    // The toast waits for the server's answer (or says the event is kept on this device).
    void toastOutcome(db, i18n, seq, eventOutcomeTexts(i18n, 'create'));
    // After the event's create: its files wait for it (the upload queue reads the outbox).
    await saveAttachmentChanges(i18n, db, attachmentQueue, { table: 'events', owner: 'event', owner_id: id, title: fields.name }, attachments);
    await navigate(`/events?event=${id}`);
  };

  return (
    <div className="page event-form-page">
      <EventForm
        title={<Trans>New event</Trans>}
        initial={emptyEventValues(now, timeZone, params.get('day'))}
        audience={audience}
        timeZone={timeZone}
        today={dayIn(now, timeZone)}
        submitLabel={t`Create event`}
        attachable={attachmentQueue !== null}
        onSubmit={save}
        onCancel={() => void navigate(-1)}
      />
    </div>
  );
}
